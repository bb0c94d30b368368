/**
 * The name in words of an input field, for the messages that name it ("Number of Units must be a number",
 * "Email must not contain control characters"). A field is found by its dotted path: the whole path first
 * ("convert.unitType"), then its parent with any key ("answers.*": a quiz answer under its question's id),
 * then its own key; a key nobody named reads as words from its camelCase ("questionViewBy" → "Question view
 * by"). List indices name nothing: "tags.1" is the field "tags".
 *
 * Names follow the spec's own messages where it has them ("First Name", "Email").
 */

const NAMES: Readonly<Record<string, string>> = {
  // Members
  email: "Email",
  firstName: "First Name",
  lastName: "Last Name",
  password: "Password",
  confirmPassword: "Confirm password",
  currentPassword: "Current password",
  newPassword: "New password",
  confirmNewPassword: "Confirm password",
  userType: "User type",
  businessName: "Business name",
  token: "The link",
  // Contact form, newsletter
  name: "Name",
  subject: "Subject",
  message: "Message",
  // KYC
  kycInfo: "KYC details",
  optionalNote: "Note",
  address: "Address",
  houseNumber: "House number",
  streetAddress: "Street address",
  additionalAddress: "Additional address",
  townCity: "Town/City",
  postcode: "Postcode",
  country: "Country",
  contactInfo: "Contact details",
  telephoneCountryCode: "Telephone country code",
  phoneNumber: "Phone number",
  bankDetails: "Bank details",
  bankAccountName: "Bank account name",
  bankAccountNumber: "Bank account number",
  iban: "IBAN",
  swiftBic: "SWIFT/BIC",
  bankName: "Bank name",
  bankAddress: "Bank address",
  bankCountry: "Bank country",
  passport: "Passport",
  passportNumber: "Passport number",
  issuingCountry: "Issuing country",
  startDate: "Start date",
  expiryDate: "Expiry date",
  businessInfo: "Business details",
  registrationNumber: "Registration number",
  vatNumber: "VAT number",
  "kycInfo.passport.passportFile": "Passport file",
  "kycInfo.optionalDocument": "Optional document",
  "kycInfo.businessInfo.registrationDocument": "Registration document",
  "kycInfo.businessInfo.optionalDocument": "Business document",
  // Orders and payments
  orderId: "Order",
  id: "The id",
  orderType: "Order type",
  orderStatus: "Order status",
  currencyUnit: "Currency unit",
  unitType: "Unit type",
  "convert.unitType": "Unit type to convert to",
  convert: "Conversion",
  numberOfUnits: "Number of Units",
  isDoubleLand: "LU2X offer",
  paymentDetails: "Payment details",
  paymentMethod: "Payment method",
  referenceCode: "Reference code",
  code: "Reference code",
  recipientEmail: "Recipient email",
  comments: "Comments",
  coin: "Coin",
  transactionHash: "Transaction hash",
  utmData: "Campaign data",
  utm_source: "Campaign source",
  utm_medium: "Campaign medium",
  utm_campaign: "Campaign name",
  "idempotency-key": "The Idempotency-Key header",
  cardNumber: "Card number",
  sourceId: "Card token",
  verificationToken: "Card verification token",
  // Lists and filters
  page: "Page",
  pageSize: "Page size",
  fromDate: "From date",
  toDate: "To date",
  sortBy: "Sort by",
  sortDirection: "Sort direction",
  days: "Days",
  from: "From currency",
  to: "To currency",
  format: "Format",
  status: "Status",
  category: "Category",
  which: "Which votes",
  questionViewBy: "Questions to show",
  // Community and governance
  voteId: "Vote",
  ideaId: "Idea",
  questionId: "Question",
  question: "Question",
  answerText: "Answer",
  answer: "Answer",
  answers: "Answers",
  "answers.*": "Answer",
  reason: "Reason",
  experienceAndMotivation: "Experience and motivation",
  title: "Title",
  description: "Description",
  text: "Message",
  // Subscriptions
  newsletter: "Newsletter",
  orderUpdates: "Order updates",
  governance: "Governance",
  news: "News",
}

/** The input as a whole (a body that is not an object, say). */
export const WHOLE_INPUT = "The input"

const inWords = (key: string): string => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase()
  return words === "" ? WHOLE_INPUT : words.charAt(0).toUpperCase() + words.slice(1)
}

const isIndex = (key: string) => /^\d+$/.test(key)

/** Own names only: a key such as "constructor" names nothing here. */
const named = (key: string): string | undefined => (Object.hasOwn(NAMES, key) ? NAMES[key] : undefined)

/** The name in words of the field at `path` (segments, or dotted as in FieldError.path). */
export const fieldName = (path: ReadonlyArray<PropertyKey> | string): string => {
  const segments = (typeof path === "string" ? (path === "" ? [] : path.split(".")) : path)
    .map((key) => (typeof key === "symbol" ? (key.description ?? "") : String(key)))
    .filter((key) => !isIndex(key))
  const last = segments.at(-1)
  if (last === undefined) return WHOLE_INPUT
  const dotted = segments.join(".")
  const parent = segments.slice(0, -1).join(".")
  return named(dotted) ?? named(`${parent === "" ? "" : `${parent}.`}*`) ?? named(last) ?? inWords(last)
}
