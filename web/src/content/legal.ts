/** Terms (version 10.03.25) and privacy texts (spec §1, §9). */

export const TERMS_VERSION = "10.03.25"

export const TERMS: ReadonlyArray<{ readonly heading: string; readonly paragraphs: ReadonlyArray<string> }> =
  [
    {
      heading: "1. Who may use Landunits",
      paragraphs: [
        "You must be 18 or older, or have the consent of your legal representative, to open an account.",
        "Each person or business may hold one account only.",
        "By buying Units you confirm that you buy them for business purposes.",
      ],
    },
    {
      heading: "2. What Units are",
      paragraphs: [
        "Units carry no land ownership and no legal connection to land. Purchase money is used to buy land that is managed sustainably.",
        "Landunits gives no tax, financial or investment advice and is not an investment product or platform.",
        "Prices shown exclude tax.",
      ],
    },
    {
      heading: "3. Withdrawal and refunds",
      paragraphs: [
        "You may withdraw from this agreement within 14 days by deleting your account.",
        "Refund requests must reach us within 14 days of the purchase; contact support to make one.",
      ],
    },
    {
      heading: "4. Complaints",
      paragraphs: [
        "Complaints must be made within 7 days of the event they concern. We review every complaint within 30 days.",
      ],
    },
    {
      heading: "5. Your data",
      paragraphs: [
        "We keep your data for up to 10 years, as the law on financial records requires. See the Privacy Policy.",
      ],
    },
    {
      heading: "6. Copying",
      paragraphs: [
        "The content of this site may not be copied. Each violation is subject to a fine of EUR 5,000.",
      ],
    },
  ]

export const PRIVACY: ReadonlyArray<{
  readonly heading: string
  readonly paragraphs: ReadonlyArray<string>
}> = [
  {
    heading: "What we collect",
    paragraphs: [
      "Your name, email and password (stored only as a secure hash) when you register; for identity verification (KYC), your address, contact details, bank details and passport, with the documents you upload.",
      "Records of your orders, payments and Units, which we must keep.",
    ],
  },
  {
    heading: "How we protect it",
    paragraphs: [
      "Identity documents are stored encrypted and can be read only by you and by the administrators who verify them. Every administrator access is recorded.",
      "Your session is kept on our servers; the browser holds only a random identifier in a secure cookie.",
    ],
  },
  {
    heading: "How long we keep it",
    paragraphs: ["We keep your data for up to 10 years, then delete it."],
  },
  {
    heading: "Cookies",
    paragraphs: [
      "Necessary cookies keep you signed in and protect forms against forgery. Other cookies (preferences, statistics, marketing) are set only with your consent, which you can change in the cookie banner. A UTM attribution cookie is kept for 7 days when you arrive from a campaign link.",
    ],
  },
  {
    heading: "Your rights",
    paragraphs: [
      "You may ask for a copy of your data, its correction or its deletion (subject to the records we must keep). Write to support@landunits.example.",
    ],
  },
]
