import { createFileRoute } from "@tanstack/react-router"
import { AboutUs, Claims } from "../components/Marketing.tsx"
import { PageHead } from "../components/Page.tsx"

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
