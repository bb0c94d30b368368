import { createFileRoute } from "@tanstack/react-router"
import { PageHead } from "../components/layout/Page.tsx"
import { AboutUs, Claims } from "../components/marketing/Marketing.tsx"

export const Route = createFileRoute("/about-us")({
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
