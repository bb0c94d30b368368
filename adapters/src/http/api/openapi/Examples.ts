/**
 * Examples in the OpenAPI document for the requests a client most often gets wrong: the order commands, the
 * KYC form (multipart, kycInfo as JSON beside the files) and the statement's period. Redocly's lint checks
 * each JSON example against its schema; `OpenApiDocs.test.ts` checks the kycInfo text with core's schema.
 */
// biome-ignore lint/suspicious/noExplicitAny: the generated document is plain JSON
type Json = any

export const ORDER_EXAMPLES = {
  buyByBank: {
    summary:
      "Buy 10 Units of LAND_EUR, paid by bank transfer, with the business-purpose confirmation and a purchase-order reference",
    value: {
      orderType: "BUY",
      confirmsBusinessPurpose: true,
      purchaseOrderReference: "PO-2026/118",
      currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 10 },
      paymentDetails: { paymentMethod: "bank" },
    },
  },
  sell: {
    summary: "Sell 5 Units of LAND_USD",
    value: { orderType: "SELL", currencyUnit: { unitType: "LAND_USD", numberOfUnits: 5 } },
  },
  transfer: {
    summary: "Transfer 3 Units of LAND_POUND to another member",
    value: {
      orderType: "TRANSFER",
      currencyUnit: { unitType: "LAND_POUND", numberOfUnits: 3 },
      recipientEmail: "ann@example.com",
    },
  },
  convert: {
    summary: "Convert 20 Units of LAND_EUR into LAND_USD",
    value: {
      orderType: "CONVERT",
      currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 20 },
      convert: { unitType: "LAND_USD" },
    },
  },
} as const

/** kycInfo as the profile form sends it: JSON in a text field, every section optional but whole. */
export const KYC_INFO_EXAMPLE = {
  address: {
    houseNumber: "12",
    streetAddress: "High Street",
    townCity: "London",
    postcode: "SW1A 1AA",
    country: "United Kingdom",
  },
  contactInfo: { telephoneCountryCode: "+44", phoneNumber: "7700900123" },
  passport: {
    passportNumber: "AB123456",
    issuingCountry: "United Kingdom",
    startDate: "2020-01-15",
    expiryDate: "2030-01-14",
  },
}

export interface OperationExamples {
  readonly requestBody?: (body: Json) => Json
  readonly parameters?: (parameters: ReadonlyArray<Json>) => ReadonlyArray<Json>
}

const withJsonExamples = (examples: Record<string, { summary: string; value: unknown }>) => (body: Json) => ({
  ...body,
  content: {
    ...body.content,
    "application/json": { ...body.content["application/json"], examples },
  },
})

const withoutRequired = ({ required: _required, ...schema }: Json) => schema

export const OPERATION_EXAMPLES: Readonly<Record<string, OperationExamples>> = {
  "POST /api/order/create_order": { requestBody: withJsonExamples(ORDER_EXAMPLES) },
  "POST /api/order/update_order_amount": {
    requestBody: withJsonExamples({
      moreUnits: {
        summary: "Change an unpaid buy to 15 Units",
        value: { orderId: "3f2c9a4e-8d1b-4c2a-9f5e-7b6a1d0c2e4f", numberOfUnits: 15 },
      },
    }),
  },
  "POST /api/user/update_profile": {
    requestBody: (body: Json) => ({
      ...body,
      content: {
        ...body.content,
        "multipart/form-data": {
          ...body.content["multipart/form-data"],
          // Every part is optional (ProfileApi.ts); effect's generator lists the optional files as required.
          schema: withoutRequired(body.content["multipart/form-data"].schema),
          example: { firstName: "Ann", lastName: "Example", kycInfo: JSON.stringify(KYC_INFO_EXAMPLE) },
          encoding: {
            kycInfo: { contentType: "application/json" },
            "kycInfo.passport.passportFile": { contentType: "application/pdf, image/jpeg, image/png" },
          },
        },
      },
    }),
  },
  "GET /api/invoices": {
    parameters: (parameters) =>
      parameters.map((parameter) =>
        parameter.name === "orderId"
          ? { ...parameter, description: "Only this order's documents (its invoice and any credit note)." }
          : parameter,
      ),
  },
  "GET /api/invoices/{issuerId}/{number}/pdf": {
    parameters: (parameters) =>
      parameters.map((parameter) => {
        if (parameter.name === "issuerId")
          return {
            ...parameter,
            description: "The issuer's id (a document's `issuerId`).",
            example: "landunits",
          }
        if (parameter.name === "number")
          return {
            ...parameter,
            description: "The document's number in its issuer's sequence.",
            example: "42",
          }
        return parameter
      }),
  },
  "GET /api/etc/generate-statement": {
    parameters: (parameters) =>
      parameters.map((parameter) => {
        if (parameter.name === "fromDate")
          return { ...parameter, description: "The period's first day (YYYY-MM-DD).", example: "2026-01-01" }
        if (parameter.name === "toDate")
          return { ...parameter, description: "The period's last day (YYYY-MM-DD).", example: "2026-03-31" }
        if (parameter.name === "format")
          return { ...parameter, description: "pdf (the default) or csv.", example: "csv" }
        return parameter
      }),
  },
}
