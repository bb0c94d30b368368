import type { FaqEntry } from "@landunits/core/content/ContentModel.ts"
import type { Statistics } from "@landunits/core/market/MarketModel.ts"
import type { Settled } from "../../api/endpoints.ts"
import { RegistrationForm } from "../auth/RegistrationForm.tsx"
import { ContactBlock } from "./ContactBlock.tsx"
import { AboutUs, Claims, Faq, HowItWorks, StatisticsBlock } from "./Marketing.tsx"

/** Home, landing and business pages: the hero with the registration form, then the shared sections. */
export function MarketingPage({
  variant,
  title,
  lead,
  faq,
  statistics,
}: {
  readonly variant: "landing" | "business"
  readonly title: string
  readonly lead: string
  readonly faq: ReadonlyArray<FaqEntry>
  readonly statistics: Settled<Statistics>
}) {
  return (
    <>
      <section className="hero">
        <div className="container hero__grid">
          <div>
            <p className="eyebrow">
              {variant === "business" ? "Landunits for business" : "Sustainable land, shared"}
            </p>
            <h1>{title}</h1>
            <p className="hero__lead">{lead}</p>
            <ul className="hero__points">
              <li>Units in EUR, USD, AUD and GBP; the price rises daily at a fixed rate.</li>
              <li>
                Pay by card, bank transfer or crypto. Owned within 24 hours on a weekday after funds register.
              </li>
              <li>Free transfers between members; sales filled first in, first out.</li>
            </ul>
          </div>
          <RegistrationForm
            variant={variant}
            title={variant === "business" ? "Register your business" : "Register to buy Units"}
          />
        </div>
      </section>
      <HowItWorks />
      <Claims />
      <StatisticsBlock statistics={statistics} />
      <section className="section" id="faq" aria-labelledby="faq-title">
        <div className="container">
          <h2 id="faq-title">Frequently asked questions</h2>
          <Faq entries={faq} headingId="home-faq" />
        </div>
      </section>
      <AboutUs />
      <ContactBlock />
    </>
  )
}
