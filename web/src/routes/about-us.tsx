import { createFileRoute } from "@tanstack/react-router"
import { PageHead } from "../components/layout/Page.tsx"
import { AboutUs, Claims } from "../components/marketing/Marketing.tsx"
import { pageHead } from "../lib/pageHead.ts"

export const Route = createFileRoute("/about-us")({
  head: () =>
    pageHead("About us", "Who we are: Landunits funds the purchase and sustainable management of land."),
  component: () => (
    <>
      <PageHead
        eyebrow="Who we are"
        title="About Landunits"
        lead="A platform for a sustainable-land ecosystem."
      />
      <AboutUs />
      <Claims />
    </>
  ),
})
