/** The public site's fixed copy (spec §1, §2, §9). Data that admins manage comes from the API instead. */

export const CONTACT = {
  email: "support@landunits.example",
  phone: "+44 20 4525 1100",
  address: "Landunits Ltd, 20 Farringdon Road, London EC1M 3HE, United Kingdom",
  social: [
    { name: "LinkedIn", href: "https://www.linkedin.com/company/landunits" },
    { name: "X", href: "https://x.com/landunits" },
    { name: "Facebook", href: "https://www.facebook.com/landunits" },
    { name: "Instagram", href: "https://www.instagram.com/landunits" },
    { name: "YouTube", href: "https://www.youtube.com/@landunits" },
  ],
} as const

export const REPORT_2025_URL: string =
  import.meta.env.VITE_REPORT_2025_URL ?? "/reports/landunits-2025-report.pdf"

export const FOOTER_STATEMENT =
  "Landunits does not give tax, financial or investment advice. Landunits is not an investment product and not an investment platform."

/** The marketing claims of spec §1, in the order the home page shows them. */
export const CLAIMS: ReadonlyArray<{ readonly figure: string; readonly text: string }> = [
  { figure: "≈ £1 / €1 / $1", text: "fee on purchases (A$1.6 for Units in AUD)" },
  { figure: "10 Units", text: "fee on sales" },
  { figure: "2%", text: "earned on the land we manage" },
  { figure: "Free", text: "transfers to other members" },
  { figure: "FIFO", text: "sales are filled first in, first out" },
  { figure: "100%", text: "of the land valuation used for sustainable management" },
  { figure: "100%", text: "of sustainability costs saved: they become an income" },
  { figure: "20 years", text: "of experience in land management" },
  { figure: "$150 million", text: "projects of up to this size" },
]

export const HOW_IT_WORKS: ReadonlyArray<{ readonly title: string; readonly text: string }> = [
  {
    title: "Register and confirm",
    text: "Create your account and confirm your email within 12 hours. Individuals and businesses are welcome.",
  },
  {
    title: "Buy Units",
    text: "Pay by card, bank transfer or crypto in EUR, USD, AUD or GBP. Units wait in Pending and move to Owned within 24 hours on a weekday after your funds register.",
  },
  {
    title: "Land is bought and managed",
    text: "Purchase money buys land that is managed sustainably. The price of a Unit rises daily at a fixed rate.",
  },
  {
    title: "Sell, transfer or convert",
    text: "Sell into the first-in-first-out queue, transfer Units to another member for free, or convert between currencies.",
  },
]

export const SUSTAINABLE_ACTIVITIES: ReadonlyArray<{ readonly title: string; readonly text: string }> = [
  {
    title: "Regenerative farming",
    text: "Soil first: cover crops, no-till and rotational grazing raise organic matter.",
  },
  {
    title: "Woodland and hedgerows",
    text: "Native trees and hedgerows bring back habitat and store carbon.",
  },
  { title: "Natural nitrogen", text: "Legumes replace synthetic fertiliser, and pesticides are phased out." },
  {
    title: "Measured impact",
    text: "CO₂ offset, forest and hedgerow growth are measured and reported every year.",
  },
]

export const ABOUT_US = [
  "Landunits is a platform for a sustainable-land ecosystem. Members register, then buy, sell, transfer and convert Units whose price rises daily at a fixed rate.",
  "The money from Unit purchases is used to buy land that is managed sustainably. Our pitch is simple: sustainability and ESG costs become an income. Units carry no land ownership and no legal connection to land.",
  "Our team brings 20 years of experience in land management and has worked on projects of up to $150 million.",
]
