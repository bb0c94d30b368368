/**
 * The clause ↔ test map of `npm run audit:rules`: every rule of spec.md §5 and §9 and of decisions.md's money, ledger
 * and order rules, in its own words, with the tests that prove it (file from the repository's root, test name as
 * written). RuleMap.test.ts fails when a rule has no test or names a test that does not exist; the audit run
 * (vitest.audit.ts) runs exactly these files and its report (AuditReport.ts) gives each rule's verdict.
 * A name may hold a `${…}` placeholder where the test's name is a template (the model runs' number of sequences).
 * `outside` marks a clause that is no rule of the code (the site's legal words, layout sizes): it stays listed, with
 * why, and the report shows it as not proved by this run.
 */
import type { Rule, RuleTest } from "./Rule.ts"

const fees = (name: string): RuleTest => ({ file: "core/test/fees/Fees.test.ts", name })
const availability = (name: string): RuleTest => ({
  file: "core/test/availability/Availability.test.ts",
  name,
})
const orderRules = (name: string): RuleTest => ({ file: "core/test/orders/OrderRules.test.ts", name })
const buy = (name: string): RuleTest => ({ file: "core/test/orders/OrderService.buy.test.ts", name })
const sell = (name: string): RuleTest => ({ file: "core/test/orders/OrderService.sell.test.ts", name })
const convert = (name: string): RuleTest => ({ file: "core/test/orders/OrderService.convert.test.ts", name })
const ledger = (name: string): RuleTest => ({ file: "core/test/ledger/Ledger.test.ts", name })
const constants = (name: string): RuleTest => ({ file: "core/test/shared/Constants.test.ts", name })
const members = (name: string): RuleTest => ({ file: "core/test/members/MemberValidation.test.ts", name })
const kyc = (name: string): RuleTest => ({ file: "core/test/kyc/KycValidation.test.ts", name })
const pricing = (name: string): RuleTest => ({ file: "core/test/pricing/Pricing.test.ts", name })
const model = (area: "all" | "market" | "time", what: string): RuleTest => ({
  file: `core/test/orders/OrderEngine.model.${area}.test.ts`,
  name: `keep every invariant after every step of \${RUNS} random sequences of ${what}`,
})
const MODEL_ALL = model("all", "all commands")
const MODEL_MARKET = model("market", "buys, sells and payouts (the sales queue)")
const MODEL_TIME = model("time", "LU2X moves, converts and clock jumps")

const SPEC5 = "spec.md §5 Validation rules"
const SPEC9 = "spec.md §9 Business constants and limits"
const MONEY = "decisions.md Money and prices"
const LEDGER = "decisions.md Ledger"
const ORDERS = "decisions.md Orders"
const CONVERTS = "decisions.md Answers added 2026-11-29, Converts"

/** spec.md §5: what a member types (registration, newsletter, password, profile and KYC). */
const SPEC5_FORMS: ReadonlyArray<Rule> = [
  {
    id: "spec5.registration.email",
    source: `${SPEC5}, Registration`,
    quote:
      "email: 5 to 255 characters, valid format, required. Messages: 'Email must be at least 5 characters', 'Email is Required'.",
    tests: [
      members("a missing email is refused with 'Email is Required'"),
      members("an email under 5 characters is refused with 'Email must be at least 5 characters'"),
      members("an email without a valid format is refused with 'Invalid email format'"),
      members("any ordinary address of 5 to 255 characters is accepted"),
    ],
  },
  {
    id: "spec5.registration.names",
    source: `${SPEC5}, Registration`,
    quote:
      "firstName: trimmed, min 2, max 50, required. 'First Name must be at least 2 characters', 'First Name is Required'.\nlastName: max 50.",
    tests: [
      members("a missing or blank first name is refused with 'First Name is Required'"),
      members(
        "a first name of 1 character, after trimming, is refused with 'First Name must be at least 2 characters'",
      ),
      members("a first name over 50 characters is refused with 'First Name must be at most 50 characters'"),
      members("a last name over 50 characters is refused with 'Last Name must be at most 50 characters'"),
    ],
  },
  {
    id: "spec5.registration.password",
    source: `${SPEC5}, Registration`,
    quote:
      "password: min 6, needs a letter, needs a digit, required. 'Password must be at least 6 characters', 'Password must contain at least one letter', 'Password must contain at least one number', 'Password is required'.\nconfirmPassword: equals password ('Passwords must match'), required ('Please confirm your password').",
    tests: [
      members("a missing password is refused with 'Password is required'"),
      members("a password under 6 characters is refused with 'Password must be at least 6 characters'"),
      members("a password without a letter is refused with 'Password must contain at least one letter'"),
      members("a password without a digit is refused with 'Password must contain at least one number'"),
      members("any string of 6 to 255 characters with a letter and a digit passes the password rule"),
      members(
        "registration: password > a missing confirmation is refused with 'Please confirm your password'",
      ),
      members("registration: password > a confirmation that differs is refused with 'Passwords must match'"),
    ],
  },
  {
    id: "spec5.registration.type",
    source: `${SPEC5}, Registration`,
    quote:
      "userType: USER or BUSINESS ('Invalid user type').\nbusinessName: optional and trimmed on the landing form; in the business variant min 2 ('Business name must be at least 2 characters', 'Business name is required').",
    note: "Issue 46 made one business name rule for registration and KYC: at least 3 characters.",
    tests: [
      members(
        "registration: user type and business name > a user type other than USER or BUSINESS is refused with 'Invalid user type'",
      ),
      members("on the landing form a business name is optional, trimmed, and blank counts as absent"),
      members(
        "on the business form a missing or blank business name is refused with 'Business name is required'",
      ),
      members(
        "one business name rule (issue 46): registration, the API's payload and KYC all refuse 2 characters and take 3",
      ),
    ],
  },
  {
    id: "spec5.registration.submit",
    source: `${SPEC5}, Registration`,
    quote:
      "On submit confirmPassword is dropped. With a non-empty businessName the type is BUSINESS; otherwise businessName is removed and the type is USER.",
    tests: [
      members("drops confirmPassword and, without a business name, sends a USER without businessName"),
      members(
        "with a non-empty business name sends a BUSINESS with that name, whatever userType the form held",
      ),
      members(
        "a payload is BUSINESS exactly when it carries a non-empty business name, and never a confirmPassword",
      ),
      {
        file: "web/test/rules.test.ts",
        name: "the registration form uses core's schema and its exact messages",
      },
    ],
  },
  {
    id: "spec5.newsletter",
    source: `${SPEC5}, Newsletter`,
    quote: "Email required ('Email is required') and valid ('Invalid email format').",
    tests: [
      members("newsletter > a missing or blank email is refused with 'Email is required'"),
      members("newsletter > an invalid email is refused with 'Invalid email format'"),
    ],
  },
  {
    id: "spec5.change-password",
    source: `${SPEC5}, Change password`,
    quote:
      "currentPassword and newPassword: min 8 ('Password must be at least 8 characters'), max 255, one uppercase letter ('Password must contain at least one uppercase letter'), one digit ('Password must contain at least one number'), required ('Password is required'). confirmNewPassword: min 8 ('Confirm Password must be at least 8 characters'), equals newPassword ('Passwords must match'), required ('Confirm password is required').",
    note: "Decision 0053 (one password rule) replaced min 8 and the uppercase letter: every new password is 6 to 255 characters with a letter and a digit.",
    tests: [
      members("a missing current or new password is refused with 'Password is required'"),
      members(
        "a new password follows the one password rule: under 6 characters, without a letter or a digit, refused",
      ),
      members("a new password over 255 characters is refused with 'Password must be at most 255 characters'"),
      members("a missing confirmation is refused with 'Confirm password is required'"),
      members("change password > a confirmation that differs is refused with 'Passwords must match'"),
      members("for any password, the six schemas give the same messages"),
    ],
  },
  {
    id: "spec5.profile",
    source: `${SPEC5}, Profile and KYC`,
    quote:
      "email 5-255 valid; firstName 3-50; lastName 1-50 (may be an empty string when sent); optional new password more than 5 characters ('Minimum password length must be 5'); confirm must match ('Passwords must matched'). Other profile fields are sent only when non-empty.",
    note: "Decision 0053: the profile's new password follows the one password rule, and its messages.",
    tests: [
      members("profile > applies the email rules of registration"),
      members("a first name under 3 characters is refused with 'First Name must be at least 3 characters'"),
      members("a last name may be sent as an empty string (it clears the last name), or left out"),
      members(
        "a new password follows the one password rule ('Password must be at least 6 characters', a letter, a digit)",
      ),
      members("a confirmation that differs from the new password is refused with 'Passwords must match'"),
    ],
  },
  {
    id: "spec5.kyc.note",
    source: `${SPEC5}, Profile and KYC`,
    quote: "optionalNote max 300.",
    tests: [
      kyc(
        "a note over 300 characters is refused with 'Note must be at most 300 characters'; a blank note counts as absent",
      ),
    ],
  },
  {
    id: "spec5.kyc.address",
    source: `${SPEC5}, Profile and KYC`,
    quote:
      "Address: houseNumber required 1-50; streetAddress required 1-255; additionalAddress max 255; townCity required 3-50; postcode required 3-10; country required 3-100.",
    tests: [
      kyc("accepts a full address, trimmed, and leaves out a blank additional address"),
      kyc("a one-character house number is enough"),
      kyc("a country that is no country is refused with one message: the length's first, else the list's"),
    ],
  },
  {
    id: "spec5.kyc.contact",
    source: `${SPEC5}, Profile and KYC`,
    quote: "Contact: telephoneCountryCode required min 1; phoneNumber required, digits only, at least 6.",
    tests: [
      kyc("a missing or blank telephone country code is refused with 'Telephone country code is required'"),
      kyc("a missing or blank phone number is refused with 'Phone number is required'"),
      kyc("a phone number with anything but digits is refused with 'Phone number must contain digits only'"),
      kyc("a phone number under 6 digits is refused with 'Phone number must be at least 6 digits'"),
    ],
  },
  {
    id: "spec5.kyc.bank",
    source: `${SPEC5}, Profile and KYC`,
    quote:
      "Bank: bankAccountName required min 3; bankAccountNumber required, numeric, min 5; iban two capital letters, two digits, then capitals or digits ('Invalid IBAN format'); swiftBic, bankName, bankAddress, bankCountry required.",
    tests: [
      kyc(
        "a bank account name under 3 characters is refused with 'Bank account name must be at least 3 characters'",
      ),
      kyc(
        "a bank account number with anything but digits is refused with 'Bank account number must contain digits only'",
      ),
      kyc(
        "a bank account number under 5 digits is refused with 'Bank account number must be at least 5 digits'",
      ),
      kyc(
        "an IBAN that is not two capitals, two digits, then capitals or digits is refused with 'Invalid IBAN format'",
      ),
      kyc("an IBAN of the spec's shape is accepted only with its country's length and right check digits"),
    ],
  },
  {
    id: "spec5.kyc.passport",
    source: `${SPEC5}, Profile and KYC`,
    quote:
      "Passport: passportNumber required, alphanumeric, 6-20; issuingCountry required; startDate and expiryDate required as YYYY-MM-DD; expiry in the future ('Expiry date must be in the future') and after start ('Expiry date must be greater than Start date').",
    tests: [
      kyc(
        "a passport number with other than letters and digits is refused with 'Passport number must contain only letters and digits'",
      ),
      kyc("a passport number under 6 or over 20 characters is refused"),
      kyc("a date not written YYYY-MM-DD, or not on the calendar, is refused"),
      kyc("an expiry date of today or earlier is refused with 'Expiry date must be in the future'"),
      kyc(
        "an expiry date not after the start date is refused with 'Expiry date must be greater than Start date'",
      ),
      kyc(
        "for any today and dates, a passport passes exactly when expiry is after today and after the start",
      ),
    ],
  },
  {
    id: "spec5.kyc.uploads",
    source: `${SPEC5}, Profile and KYC`,
    quote:
      "Uploads (passport, optional document, registration document): max 8 MB ('File too large. Please upload a file less than 8Mb'); types PDF, JPEG, JPG, PNG ('Unsupported file type. Please upload a PDF, JPEG, or PNG.'). Upload hint: .jpeg, .png, .jpg, .pdf.",
    tests: [
      {
        file: "core/test/kyc/Upload.test.ts",
        name: "accepts a PDF, PNG or JPEG of up to 8 MB, with the content type to store it under",
      },
      {
        file: "core/test/kyc/Upload.test.ts",
        name: "a file over 8 MB (8388608 bytes) is refused with 'File too large. Please upload a file less than 8Mb'",
      },
      {
        file: "core/test/kyc/Upload.test.ts",
        name: "a file of another type is refused with 'Unsupported file type. Please upload a PDF, JPEG, or PNG.'",
      },
    ],
  },
  {
    id: "spec5.kyc.business",
    source: `${SPEC5}, Profile and KYC`,
    quote:
      "Business users also need businessName (min 3) and registrationNumber (min 3); vatNumber optional.",
    tests: [
      kyc("accepts a business with or without a VAT number"),
      kyc("a business name or registration number under 3 characters is refused"),
      {
        file: "core/test/kyc/KycLifecycle.test.ts",
        name: "business members also need businessName, registrationNumber and the registration document",
      },
    ],
  },
  {
    id: "spec5.blank-is-absent",
    source: `${SPEC5}, Profile and KYC`,
    quote: "Blank or whitespace-only text counts as absent.",
    tests: [
      members("a blank email counts as absent: 'Email is Required', and nothing else"),
      members("a whitespace-only password counts as absent: 'Password is required'"),
      members("blank password fields count as absent: no password change, nothing to confirm"),
    ],
  },
  {
    id: "spec5.messages",
    source: SPEC5,
    quote:
      "The messages of §5, word for word (decisions.md: with the messages of spec.md §5 where it names one).",
    tests: [
      {
        file: "core/test/validation/Messages.test.ts",
        name: "keeps the spec's own wording and odd capitals; the profile's 'Passwords must matched' went with its rule (issue 38)",
      },
      {
        file: "core/test/validation/Messages.test.ts",
        name: "every spec message and every house message has an input that produces it",
      },
    ],
  },
]

/** spec.md §5 Order rules: availability and its limits. */
const SPEC5_ORDERS: ReadonlyArray<Rule> = [
  {
    id: "spec5.order.availability",
    source: `${SPEC5}, Order rules`,
    quote:
      "Buy availability: remaining units = (project land value + pending sells × price − purchases × price − pending purchases × price) / price. If below requested units: 'You can only buy up to N' plus the unit name (N floored, 0 if negative).",
    tests: [
      availability(
        "remaining = (land value + pending sells × price − purchases × price − pending purchases × price) / price",
      ),
      availability("is floored to whole Units"),
      availability("is 0, never negative, when the project is oversold"),
      availability("a buy above the remaining Units says 'You can only buy up to N' plus the unit name"),
      availability("availability is never negative and is the floor of the available value over the price"),
      availability("a buy is refused exactly when it asks for more than the remaining Units"),
      buy("spec §5: a buy beyond availability is refused: 'You can only buy up to N Unit ($)'"),
    ],
  },
  {
    id: "spec5.order.pending-purchase-limit",
    source: `${SPEC5}, Order rules`,
    quote:
      "Pending-purchase limit: if the allowed remainder is below the requested value, the message states the current pending purchases amount and that the user can only buy up to a given amount once current transactions complete.",
    tests: [
      availability("names the current pending purchases and what can still be bought until they complete"),
      availability("the allowed remainder is the limit minus pending purchases, never negative"),
      availability("a buy is refused exactly when its value is above the allowed remainder"),
      buy(
        "spec §5: a buy above the pending-purchase limit names the pending amount and what may still be bought",
      ),
    ],
  },
  {
    id: "spec5.order.lu2x-cap",
    source: `${SPEC5}, Order rules`,
    quote:
      "Double-land buy: if remaining double-land units (max minus bought, plus request) are below requested: 'Maximum remaining' plus the unit name 'in the LU2X offer: N'.",
    tests: [
      availability("remaining double-land Units = (max − bought) / price, floored"),
      availability("a buy above them says 'Maximum remaining' plus the unit name 'in the LU2X offer: N'"),
      availability("adds back the Units of this order already counted in the bought total"),
      availability("remaining double-land Units are never negative and a buy is refused exactly above them"),
      buy(
        "spec §5: an LU2X buy beyond the offer's cap is refused: 'Maximum remaining Unit ($) in the LU2X offer: N'",
      ),
    ],
  },
  {
    id: "spec5.order.convert-limit",
    source: `${SPEC5}, Order rules`,
    quote:
      "Convert: if remaining is below requested plus fee: 'You can only convert up to N' plus the unit name.",
    tests: [
      availability("a convert above owned − fee says 'You can only convert up to N' plus the unit name"),
      availability("N is 0, never negative, when the fee is more than what is owned"),
      availability(
        "a convert is refused exactly when owned < requested + fee, and N is owned − fee floored at 0",
      ),
    ],
  },
]

/** spec.md §9, clause by clause. */
const SPEC9_RULES: ReadonlyArray<Rule> = [
  {
    id: "spec9.account-windows",
    source: SPEC9,
    quote:
      "Account activation window 12 hours; confirmation email up to 15 minutes; UTM cookie 604800 seconds (7 days); consent storage 1 year.",
    tests: [
      {
        file: "core/test/accounts/AccountService.test.ts",
        name: "lets a confirmation link work for 12 hours only; a new link replaces the old one",
      },
      {
        file: "web/test/forms.test.tsx",
        name: "sends the payload without confirmPassword; the server's error shows under the form and clears at the next submit",
      },
      {
        file: "web/test/rules.test.ts",
        name: "utm_data is written for 604800 seconds only when a UTM parameter is present",
      },
      { file: "web/test/rules.test.ts", name: "a stored choice lasts one year, then the banner shows again" },
      constants("keeps the windows of decisions.md"),
    ],
  },
  {
    id: "spec9.upload-max",
    source: SPEC9,
    quote: "Upload max 8 MB (8388608 bytes).",
    tests: [
      {
        file: "core/test/kyc/Upload.test.ts",
        name: "a file over 8 MB (8388608 bytes) is refused with 'File too large. Please upload a file less than 8Mb'",
      },
      constants("keeps the windows of decisions.md"),
    ],
  },
  {
    id: "spec9.convert-lock",
    source: SPEC9,
    quote: "Convert lock 30 days.",
    tests: [
      convert("converted Units unlock exactly 30 days after the convert, to owned (Completed)"),
      MODEL_TIME,
    ],
  },
  {
    id: "spec9.lu2x-vesting",
    source: SPEC9,
    quote: "Special-offer Units sellable after 6 months at 10% per month.",
    tests: [
      orderRules("nothing vests before 6 months, 10% at 6 months, 10% more each month, all at 15 months"),
      orderRules("counts full calendar months, clamping to the end of shorter months"),
      orderRules("LU2X Units can be sold or transferred only as they vest, per purchase lot"),
      orderRules("the vested share never decreases as time passes"),
      convert(
        "LU2X Units can be sold or transferred only from 6 months after purchase, 10% of the total per month",
      ),
      MODEL_TIME,
    ],
  },
  {
    id: "spec9.delivery",
    source: SPEC9,
    quote: "Delivery to Owned within 24 hours on weekdays.",
    outside:
      "A promise of the operators' working time, which the site states (web/src/content/site.ts); no code holds it. Units become Owned when an admin or the provider's webhook confirms the payment (decisions.md Orders).",
    tests: [],
  },
  {
    id: "spec9.legal-windows",
    source: SPEC9,
    quote:
      "Refund window 14 days; complaints 7 days, reviewed within 30 days; withdrawal 14 days; (…) fine EUR 5,000.",
    outside:
      "Terms of the site's legal text (refunds, complaints, withdrawal, the fine), not rules of the code; the data retention of the same clause is one (spec9.data-retention).",
    tests: [],
  },
  {
    id: "spec9.data-retention",
    source: SPEC9,
    quote: "data retention up to 10 years",
    note: "Ledger and order records are kept 10 years after an account's closure, KYC records 5 (core/src/privacy/PrivacyModel.ts).",
    tests: [
      {
        file: "core/test/privacy/PrivacyService.test.ts",
        name: "purges KYC after 5 years and ledger and order records after 10, each once, by the injected clock",
      },
      {
        file: "core/test/privacy/PrivacyService.test.ts",
        name: "a closure's purge days are calendar years later, 29 February moving to 1 March",
      },
    ],
  },
  {
    id: "spec9.fees",
    source: SPEC9,
    quote: "Purchase fee about 1 in the currency; sale fee 10 Units; land fee earned 2%.",
    note: "The land fee earned (2%) is a figure of the projects' words, not a charge of the platform.",
    tests: [
      constants("charges about 1 per purchase (A$1.6) and 10 Units per sale"),
      fees("a sell of N pays the 10-Unit fee and puts N − 10 in the sales queue"),
      fees("AUD pays a buy fee of 160 cents"),
    ],
  },
  {
    id: "spec9.buy-fee",
    source: SPEC9,
    quote:
      "Fee formulas: percentage divisor 100; buy fee = buy fee cents + ((subtotal + fee cents) × percentage fee / 100 + fixed cents fee); payment amount = subtotal + fee.",
    tests: [
      fees("with the default fees: buy fee 100 cents, card-stripe 25 + 1.5%"),
      fees("card-square 30 + 2.9%"),
      fees("crypto 0 + 1%"),
      fees("bank 0 + 0%: only the platform's buy fee"),
      fees("the buy fee is never negative and never decreases as the subtotal grows"),
      fees("the buy fee is within half a cent of the exact formula"),
      fees("payment amount > is subtotal + fee"),
      fees("payment amount = subtotal + fee for every priced order without a discount"),
      buy(
        "a buy is priced with the fee formulas: subtotal + buy fee + the method's fee, less the reference-code discount",
      ),
    ],
  },
  {
    id: "spec9.discount",
    source: SPEC9,
    quote:
      "Percent discount on double-land is half the total; otherwise total × amount / 100. Default minPaymentAmountInCents 0. A limit constant of 2,500,000 exists.",
    tests: [
      fees("a percent code takes amount% of the total, rounded half-up"),
      fees("a percent code on a double-land order takes half the total, whatever its percentage"),
      fees("applies only when the payment amount is at least minPaymentAmountInCents"),
      fees("the discount never exceeds the total, is never negative, and is 0 below the minimum"),
      constants("caps the price at 2500 × PRICE_SCALE, which is the spec's 2,500,000 limit"),
    ],
  },
  {
    id: "spec9.prices-and-units-for-sale",
    source: SPEC9,
    quote:
      "Price shown = pricePerUnit divided by a shared price scale factor; a cap constant equals 2500 times that scale. Max units for sale = max percentage of land value, rounded; land-to-units ratio = land value over that, as a percent.",
    tests: [
      pricing("shows pricePerUnit divided by the price scale of 1000"),
      pricing("accepts whole prices from 0 to 2,500 currency units"),
      constants("caps the price at 2500 × PRICE_SCALE, which is the spec's 2,500,000 limit"),
      pricing("max Units for sale = max percentage of the land value, in Units at the price"),
      pricing("is rounded half-up to whole Units"),
      pricing("the land-to-Units ratio is the land value over the value of the Units for sale, as a percent"),
      pricing("the value of the Units for sale is within half a Unit of the percentage of the land value"),
    ],
  },
  {
    id: "spec9.impact",
    source: SPEC9,
    quote:
      "Your impact = (total value today / land value) × project total, shown as 0 below 0.01, rounded to 2 decimals.",
    tests: [
      {
        file: "core/test/impact/Impact.test.ts",
        name: "is the member's share of the project's figure, rounded to 2 decimals",
      },
      { file: "core/test/impact/Impact.test.ts", name: "is shown as 0 below 0.01" },
      {
        file: "core/test/impact/Impact.test.ts",
        name: "is 0 or at least 0.01, has at most 2 decimals and is within half a hundredth of the exact figure",
      },
    ],
  },
  {
    id: "spec9.vote",
    source: SPEC9,
    quote: "Vote is Yes at 50 percent or more.",
    tests: [
      { file: "core/test/governance/VoteResult.test.ts", name: "is Yes at exactly 50 percent" },
      {
        file: "core/test/governance/VoteResult.test.ts",
        name: "a vote is Yes exactly when yes votes are at least no votes",
      },
    ],
  },
  {
    id: "spec9.bank-payment-id",
    source: SPEC9,
    quote: "Bank payment id defaults to the last 5 characters of orderId.",
    tests: [
      { file: "core/test/orders/BankPaymentId.test.ts", name: "is the last 5 characters of the orderId" },
      {
        file: "core/test/orders/BankPaymentId.test.ts",
        name: "is always a suffix of the orderId, 5 characters long when the id is long enough",
      },
      buy("a bank order shows the admin bank details and the last 5 characters of the orderId as reference"),
    ],
  },
  {
    id: "spec9.card-notices",
    source: SPEC9,
    quote:
      "Card notices: the first card provider normally takes 7 days to transfer funds, the second 3 days.",
    tests: [
      {
        file: "web/test/orderForms.test.tsx",
        name: "carry the card notices of spec §9: the first provider 7 days, the second 3",
      },
    ],
  },
  {
    id: "spec9.formatting",
    source: SPEC9,
    quote:
      "Formatting: numbers en-US with 2 decimals or 0 decimals; dates DD/MM/YYYY, or like 'Jan 5, 2024, 3:00 PM', or yyyy-mm-dd for date-only.",
    tests: [
      { file: "core/test/format/Format.test.ts", name: "with 2 decimals" },
      { file: "core/test/format/Format.test.ts", name: "with 0 decimals" },
      {
        file: "core/test/format/Format.test.ts",
        name: "money agrees with the 2-decimal number form and parses back to the same cents",
      },
      { file: "core/test/format/Format.test.ts", name: "DD/MM/YYYY, in UTC unless a time zone is given" },
      { file: "core/test/format/Format.test.ts", name: "like 'Jan 5, 2024, 3:00 PM', en-US" },
      { file: "core/test/format/Format.test.ts", name: "yyyy-mm-dd for a date only" },
      {
        file: "web/test/formatting.test.ts",
        name: "no web module formats a number or a date on its own: core's format/Format.ts does",
      },
    ],
  },
  {
    id: "spec9.verification-tooltip",
    source: SPEC9,
    quote: "Verification tooltip shows 6 missing fields by default, 220 px max height.",
    tests: [
      {
        file: "web/test/home.test.tsx",
        name: "shows the first 6 missing fields, the rest behind Show More, folded again by Show Less, in a 220 px scroll area",
      },
    ],
  },
  {
    id: "spec9.layout",
    source: SPEC9,
    quote:
      "Breakpoints: 992 px (mobile, consent banner), 768 px (layout and tooltips). Footer logo 216 by 34; preview image 800 by 800.",
    outside:
      "Sizes of the page's layout, seen in a browser: web/e2e/site.test.ts checks the consent banner at 992 px (in `npm test`); they decide nothing about money or Units.",
    tests: [],
  },
]

/** decisions.md: money and prices. */
const DECISIONS_MONEY: ReadonlyArray<Rule> = [
  {
    id: "decisions.money.integer-cents",
    source: MONEY,
    quote:
      "Money is integer minor units (cents) everywhere: no floating point in any amount that is stored, charged, paid out or shown on a statement. Rounding is explicit (half-up to the cent unless a rule says otherwise) and happens once, at a named place.",
    tests: [
      { file: "core/test/shared/Money.test.ts", name: "rounds ties up" },
      {
        file: "core/test/shared/Money.test.ts",
        name: "is never more than half a unit from the exact quotient",
      },
      fees("rounds half-up once, to the cent"),
      fees("is within half a cent of the exact value, and LU2X within a cent of half of it"),
      fees("refuses a result beyond the safe integer range rather than lose a cent"),
      { file: "core/test/format/Format.test.ts", name: "exactly, far beyond a float's precision" },
      { file: "core/test/format/Format.test.ts", name: "refuses a fraction of a cent" },
      {
        file: "core/test/market/MarketFormulas.test.ts",
        name: "converts cents at a rate in millionths, rounding half-up once",
      },
      {
        file: "core/test/market/MarketFormulas.test.ts",
        name: "is never more than half a cent from the exact product",
      },
    ],
  },
  {
    id: "decisions.money.price-scale",
    source: MONEY,
    quote:
      "`pricePerUnit` is an integer in 1/1000 of a currency unit: PRICE_SCALE = 1000. The price cap is 2500 × PRICE_SCALE = 2,500,000 (no unit type may be priced above 2,500 currency units).",
    tests: [
      constants("caps the price at 2500 × PRICE_SCALE, which is the spec's 2,500,000 limit"),
      fees("is units × price in cents, price being in 1/1000 of the currency"),
      pricing("refuses a base above the cap, a negative or non-numeric growth and a malformed day"),
      fees(
        "is priced without a RangeError at the price cap and any fee, its amounts far below the safe range",
      ),
    ],
  },
  {
    id: "decisions.money.price-growth",
    source: MONEY,
    quote:
      "price(day) = round(base × (1 + growth/100) ^ (daysSinceBase / 365)), recomputed for each UTC day. An order keeps the price of the moment it was created.",
    tests: [
      pricing("grows by the yearly rate over 365 days"),
      pricing("grows part of the way within the year, rounded to a whole 1/1000"),
      pricing("counts whole UTC days"),
      pricing("the price never decreases from one day to the next and never exceeds the cap"),
      pricing("the price on or before the base date is the base price"),
      buy("an order keeps the price of the moment it was created"),
    ],
  },
  {
    id: "decisions.money.default-fees",
    source: MONEY,
    quote:
      "Default buy fee (`buyOrderTransactionFeeInCents`): 100 for EUR, USD, GBP; 160 for AUD. Sell fee (`sellOrderTransactionFeeInUnits`): 10 Units. Convert fee (`convertOrderTransactionFeeInUnits`): 0 by default, configurable.",
    tests: [
      constants("charges about 1 per purchase (A$1.6) and 10 Units per sale"),
      availability("with the default fee of 0 a member converts everything they own"),
      convert("the convert fee is paid in Units of A on top of the Units converted"),
    ],
  },
  {
    id: "decisions.money.external-fees",
    source: MONEY,
    quote:
      "External fees per payment method (`fixedCentsFees`, `fixedPercentageFees`), defaults, all admin-configurable: card-stripe 25 + 1.5%, card-square 30 + 2.9%, crypto 0 + 1%, bank 0 + 0%.",
    tests: [
      constants("has the default external fee of every payment method"),
      fees("every two-decimal percentage converts exactly"),
      fees("refuse more than two decimals, negatives and non-numbers"),
    ],
  },
  {
    id: "decisions.money.buy-fee",
    source: MONEY,
    quote:
      "Buy fee = buyFeeCents + ((subtotal + buyFeeCents) × percentage / 100 + fixedCents); payment amount = subtotal + fee.",
    tests: [
      fees("with the default fees: buy fee 100 cents, card-stripe 25 + 1.5%"),
      fees("the buy fee is within half a cent of the exact formula"),
      fees("payment amount = subtotal + fee for every priced order without a discount"),
      fees("the payment amount is subtotal + fee − discount and never negative"),
    ],
  },
  {
    id: "decisions.money.discount",
    source: MONEY,
    quote:
      "Discount (reference codes): percent codes take `amount`% of the total; on a double-land order a percent discount is half the total; a discount applies only when the payment amount is at least `minPaymentAmountInCents`.",
    tests: [
      fees("a percent code takes amount% of the total, rounded half-up"),
      fees("a percent code on a double-land order takes half the total, whatever its percentage"),
      fees("applies only when the payment amount is at least minPaymentAmountInCents"),
      fees("takes the discount from subtotal + fee: 100 Units at $1.00 by card-stripe with a 10% code"),
      fees("a double-land order pays half price and a percent code halves its total"),
      buy("update amount keeps the discount terms and recomputes the discount"),
    ],
  },
]

/** decisions.md: the ledger. */
const DECISIONS_LEDGER: ReadonlyArray<Rule> = [
  {
    id: "decisions.ledger.double-entry",
    source: LEDGER,
    quote:
      "Holdings are derived from a double-entry ledger: every movement of Units is a transfer between two accounts (…). Debits equal credits per unit type, no member account goes negative, and every transfer carries the order that caused it. Balances shown anywhere are sums of that ledger.",
    tests: [
      ledger("a transfer moves a positive whole number of Units between two different accounts"),
      ledger("no member account may go negative, while issuance may"),
      ledger("per unit type the balances of all accounts sum to zero, whatever was appended"),
      ledger("posts a batch with ids, the order and the time of posting"),
      { file: "core/test/ledger/LedgerStore.test.ts", name: "balances are the sums of appended transfers" },
      {
        file: "core/test/ledger/LedgerStore.test.ts",
        name: "a batch that would take a member account below zero is refused whole",
      },
      {
        file: "core/test/ledger/Holdings.test.ts",
        name: "balances are the ledger's sums; total value bought is the average cost of the Units held",
      },
      MODEL_ALL,
      MODEL_MARKET,
      MODEL_TIME,
    ],
  },
  {
    id: "decisions.ledger.append-only",
    source: LEDGER,
    quote: "The ledger is append-only. Corrections are new, reversing transfers, never edits.",
    tests: [
      ledger("a correction is the reversing transfer, and both sum to nothing"),
      ledger("corrects with reversing transfers, never edits"),
      { file: "core/test/ledger/LedgerStore.test.ts", name: "a transfer id is appended once" },
      {
        file: "core/test/ledger/TransferChain.test.ts",
        name: "each transfer, v1 or v2, follows the one before it in its own unit type's chain, and the heads are each chain's last",
      },
    ],
  },
]

/** decisions.md: orders, the sales queue, converts and LU2X. */
const DECISIONS_ORDERS: ReadonlyArray<Rule> = [
  {
    id: "decisions.orders.buy-states",
    source: ORDERS,
    quote:
      "BUY: Initiated (units reserved in pendingBuy) → InProcess (payment started with the provider) → card: Approved on the provider's confirmed success → Completed once every matched sale is settled; bank: PaymentSent → FundsWaitingApproval → Approved → Completed; crypto: PaymentSent_FromUserCrypto → Approved → Completed. Failed on a provider failure; Cancelled by the member before payment; Expired when a bank or crypto order stays unpaid 72 hours (card: 1 hour). Cancelled, Failed and Expired release the reserved units.",
    tests: [
      buy("a buy reserves its Units in pendingBuy at once, from issuance, and starts Initiated"),
      orderRules(
        "a buy goes Initiated → InProcess → PaymentSent → FundsWaitingApproval → Approved → Completed (bank)",
      ),
      orderRules(
        "a buy goes InProcess → PaymentSent_FromUserCrypto → Approved (crypto) and InProcess → Approved (card)",
      ),
      orderRules(
        "unpaid bank, crypto and method-less orders expire after 72 hours, card orders after 1 hour",
      ),
      buy("a provider failure fails the order and releases its reservation"),
      buy("a member cancels a buy before payment: the reservation is released and a card payment cancelled"),
      buy("an unpaid bank order expires after 72 hours and a card order after 1 hour, releasing their Units"),
      orderRules("any other move is refused with InvalidTransition naming from and to"),
      MODEL_ALL,
    ],
  },
  {
    id: "decisions.orders.sell",
    source: ORDERS,
    quote:
      "SELL: needs owned ≥ N and N > fee. Fee Units go to the platform fee account, N − fee enter the sales queue (pendingSell) → InProcess; PartialComplete while partly sold; AllUnitSold when the queue has taken all; Completed when every payout is paid. A member can cancel the unsold rest.",
    tests: [
      sell("a sell of N ≤ fee is refused"),
      sell("a sell needs owned ≥ N"),
      sell(
        "a sell pays its fee Units to the platform fee account and queues N − fee in pendingSell (InProcess)",
      ),
      fees("fee + queued = N for every sell above the fee"),
      orderRules("a sell goes InProcess → PartialComplete → AllUnitSold → Completed"),
      sell(
        "a member cancels the unsold rest of a sell that sold nothing: the Units go back to owned (Cancelled); the fee is kept",
      ),
      sell(
        "cancelling the rest of a partly sold sell leaves it AllUnitSold until its payouts are paid, or Completed",
      ),
      MODEL_MARKET,
    ],
  },
  {
    id: "decisions.orders.fifo-payouts",
    source: ORDERS,
    quote:
      "Sales are first-in-first-out: a confirmed buy is filled from the oldest queued sales first, then from new issuance. Each filled slice creates a payout owed to the seller (slice × buy price, in the unit's currency); admins mark payouts paid. AUDReadyToSendBetweenAccounts marks an AUD payout ready for the inter-account transfer.",
    tests: [
      orderRules("a buy is filled from the oldest queued sells first, then from issuance"),
      {
        file: "core/test/orders/BuySettlement.test.ts",
        name: "takes the queue first in, first out: only the last sell taken may keep Units, and new Units only once it is empty",
      },
      {
        file: "core/test/orders/BuySettlement.test.ts",
        name: "conserves the Units: the slices taken and the new Units make the buy, and the buyer gets exactly them",
      },
      {
        file: "core/test/orders/BuySettlement.test.ts",
        name: "owes each seller a payout at the buyer's price, never negative, and emails the buyer and each seller",
      },
      {
        file: "core/test/orders/BuySettlement.test.ts",
        name: "a buy of 40 against sells of 30 (oldest) and 30 takes 30 and 10, and owes both",
      },
      fees("a filled slice pays the seller slice × price in cents, rounded half-up"),
      sell(
        "a buy takes the oldest queued sells first, then issuance; each slice is a payout of slice × buy price",
      ),
      sell("an AUD payout is marked AUDReadyToSendBetweenAccounts before it is paid"),
      orderRules(
        "an AUD payout passes AUDReadyToSendBetweenAccounts before Completed; other currencies go straight",
      ),
      MODEL_MARKET,
    ],
  },
  {
    id: "decisions.orders.transfer",
    source: ORDERS,
    quote:
      "TRANSFER: free, to a registered member's email (the sender sees the recipient's name first), Completed at once.",
    tests: [
      sell("a transfer is free, goes to a registered member by email and is Completed at once"),
      sell("a transfer to an unknown email or to oneself is refused"),
      orderRules("a transfer is Completed at once; a convert is Locked, then Completed"),
    ],
  },
  {
    id: "decisions.orders.convert",
    source: ORDERS,
    quote:
      "CONVERT: units of type A become units of type B at the day's exchange rate and prices, less the convert fee; the new units sit in convertLocked (status Locked) for 30 days, then move to owned (Completed).",
    tests: [
      convert(
        "Units of A become Units of B at the day's exchange rate and prices, locked in convertLocked (Locked)",
      ),
      convert("the convert fee is paid in Units of A on top of the Units converted"),
      convert("converted Units unlock exactly 30 days after the convert, to owned (Completed)"),
      orderRules("converts at the day's prices and rate, floored to whole Units"),
      orderRules("the largest convert that fits in the target capacity is exact"),
      MODEL_TIME,
    ],
  },
  {
    id: "decisions.converts.remainder",
    source: CONVERTS,
    quote:
      "Units are whole on both sides. The value of the source Units that buys no whole target Unit (the remainder) is the member's: shown in money in the review, and paid back as a payout owed to the member through the usual payout steps (the admin pays it with the other payouts). The platform never keeps it. The review may suggest the number of Units whose remainder is smallest.",
    tests: [
      {
        file: "core/test/orders/Convert.test.ts",
        name: "the issue's convert: 10 Unit (€) give 9 Unit (£) and €10.55 paid back, where 0.9996 of a Unit (£) vanished before",
      },
      {
        file: "core/test/orders/Convert.test.ts",
        name: "value given = value of the Units received + remainder paid back + fee, to the cent, in the source currency",
      },
      {
        file: "core/test/orders/Convert.test.ts",
        name: "no remainder is paid back when none is left, and some always is when some value is left",
      },
      {
        file: "core/test/orders/Convert.test.ts",
        name: "suggests the smallest remainder within the window, the nearest on a tie, within what may be converted",
      },
      convert(
        "the remainder (the source value that buys no whole target Unit) is a payout owed to the member, never kept",
      ),
      convert(
        "the admin pays a remainder like a sale's payout (AUD: ready first); the convert's status stays its Units'",
      ),
    ],
  },
  {
    id: "decisions.orders.lu2x",
    source: ORDERS,
    quote:
      "Double land (LU2X): a buy with isDoubleLand pays half price, lands in owned_DOUBLE_LAND, and the offer is capped platform-wide by maxDoubleLandUnitsBoughtValueInCents. Those units can be sold or transferred only from 6 months after purchase, 10% of the total per month after that.",
    tests: [
      fees("is half price for a double-land (LU2X) buy"),
      buy("an LU2X buy pays half price, lands in owned_DOUBLE_LAND and is filled from issuance only"),
      buy(
        "spec §5: an LU2X buy beyond the offer's cap is refused: 'Maximum remaining Unit ($) in the LU2X offer: N'",
      ),
      convert(
        "LU2X Units can be sold or transferred only from 6 months after purchase, 10% of the total per month",
      ),
      convert("owned Units are not LU2X Units: a plain sell never touches owned_DOUBLE_LAND"),
      MODEL_TIME,
    ],
  },
  {
    id: "decisions.orders.idempotency",
    source: ORDERS,
    quote:
      "Idempotency: order creation and every provider callback take an idempotency key (…); a repeat returns the first result and changes nothing. The key is stored with a hash of the request: the same key with a different request is refused (422), never applied.",
    tests: [
      {
        file: "core/test/orders/OrderService.idempotency.test.ts",
        name: "a repeated command with the same key returns the first result and changes nothing",
      },
      {
        file: "core/test/orders/OrderService.idempotency.test.ts",
        name: "the same key with a different request is refused, never applied",
      },
      {
        file: "core/test/orders/OrderService.idempotency.test.ts",
        name: "a refused command stores nothing under its key, so it may be retried once it can succeed",
      },
      orderRules("does not depend on the order of keys, and leaves undefined out"),
    ],
  },
  {
    id: "decisions.orders.webhooks",
    source: ORDERS,
    quote:
      "Provider webhooks are the source of truth for card payments; each provider event id is recorded under a unique constraint, so a redelivered event is acknowledged and ignored.",
    tests: [
      {
        file: "core/test/orders/ProviderEventLog.test.ts",
        name: "records an event once: a redelivery of (provider, eventId) answers false and keeps the first",
      },
      {
        file: "core/test/orders/ProviderPaymentEvents.test.ts",
        name: "for any sequence of events, a payment settles at most once, and an order at most once",
      },
      {
        file: "core/test/orders/ProviderPaymentEvents.test.ts",
        name: "a settle happens only for a success meeting an unpaid card buy of exactly its amount and currency, through its current payment",
      },
      {
        file: "core/test/orders/ProviderPaymentEvents.test.ts",
        name: "money taken is never silently dropped: a success settles, is flagged, or names a payment already settled",
      },
      buy("success_order on a card order never makes Units owned by itself"),
    ],
  },
  {
    id: "decisions.orders.card-minimum",
    source: ORDERS,
    quote:
      "Card payments below the provider minimum (50 cents or the currency's equivalent) are refused before the provider is called, with a message that names the minimum.",
    tests: [
      orderRules("a card payment below the provider minimum is refused with a message naming the minimum"),
      buy("a card payment below the provider minimum is refused before the provider is called"),
    ],
  },
  {
    id: "decisions.orders.admin-confirms",
    source: ORDERS,
    quote:
      "Crypto payments that arrive late (after Expired), short or over are never settled automatically: the order is flagged for an admin, who confirms, refunds or asks for the rest. (…) An admin may confirm a payment from any status before Approved (money can arrive before the member says so).",
    tests: [
      orderRules(
        "an admin may confirm a buy from any status before Approved, and a late payment after Expired",
      ),
      buy(
        "an admin may confirm from any status before Approved (here Initiated); a confirmed buy is not confirmed twice",
      ),
      buy("a late payment after Expired is confirmed after a fresh availability check"),
      buy("success_order on a crypto order needs the transaction hash: PaymentSent_FromUserCrypto"),
    ],
  },
]

export const RULES: ReadonlyArray<Rule> = [
  ...SPEC5_FORMS,
  ...SPEC5_ORDERS,
  ...SPEC9_RULES,
  ...DECISIONS_MONEY,
  ...DECISIONS_LEDGER,
  ...DECISIONS_ORDERS,
]
