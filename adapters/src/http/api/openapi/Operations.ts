/**
 * The OpenAPI document's words for each operation: a summary (the reference page's and client generators'
 * name for it) and a description, keyed by "METHOD path" as the document writes the path. The descriptions
 * say what docs/api.md's route table says; `OpenApiDocs.test.ts` checks every operation has an entry and
 * every entry an operation.
 */
export interface OperationText {
  readonly summary: string
  readonly description: string
}

export const OPERATIONS: Readonly<Record<string, OperationText>> = {
  "GET /api/health": {
    summary: "Readiness check",
    description:
      "Readiness: the process serves and its database answers within 2 s; **503** with `Retry-After` and `{ message }` while it does not, and while the process drains before a stop (`SHUTDOWN_DRAIN_SECONDS`).",
  },
  "POST /api/auth/login": {
    summary: "Sign in",
    description:
      "Signs in (new session id, HttpOnly cookie whose Max-Age is the session's lifetime); a member with a second factor gets `{ secondFactorRequired: true }` and a 5-minute step cookie instead of a session. Slowed with a growing wait per address and per (account, address), **429** with `Retry-After` (security.md).",
  },
  "POST /api/auth/login/second-factor": {
    summary: "Sign in: the second factor's code",
    description:
      "The sign-in's second step: `{ code }`, a 6-digit code of the authenticator app or a recovery code (each accepted once). Needs the HttpOnly `landunits_sign_in_step` cookie the login gave (5 minutes, `Path=/api/auth`); starts the session (the factor recorded on it). Wrong codes: **401**; a growing wait per account after 5, **429** with `Retry-After`; an expired or missing step: **401** `SignInStepExpired`.",
  },
  "POST /api/auth/login/passkey/options": {
    summary: "Sign in: passkey options",
    description:
      "WebAuthn options for the member's passkeys, with a fresh challenge kept by the server under the step (5 minutes, used once).",
  },
  "POST /api/auth/login/passkey": {
    summary: "Sign in: the passkey's answer",
    description:
      "The sign-in's second step with a passkey: `{ response }` of `navigator.credentials.get`; verified against the kept challenge, the site's origin and id, the stored public key and counter; counted with codes.",
  },
  "GET /api/user/security": {
    summary: "The member's second factor and sessions",
    description:
      "The member's second factor (`totp`, `recoveryCodesLeft`, `passkeys` with names and dates: never a secret) and live sessions (`ref`, `device` from the user agent, `createdAt`, `lastSeenAt`, `current`).",
  },
  "POST /api/user/second-factor/totp/begin": {
    summary: "Start an authenticator setup",
    description:
      "`{ currentPassword? }`: starts an authenticator setup: a new secret (stored encrypted), not in force until confirmed. **409** when one is set up; **403** `SecondFactorRequired` when another factor exists and was not given in the last 5 minutes; a member **without** a factor gives `currentPassword`: **403** `PasswordRequired` without it or with a wrong one, **429** with `Retry-After` after 5 wrong ones (issue 37).",
  },
  "POST /api/user/second-factor/totp/confirm": {
    summary: "Confirm the authenticator setup",
    description:
      "`{ code }`: the app's first code puts it in force and gives 10 recovery codes, shown this once (stored as SHA-256); ends the member's other sessions.",
  },
  "POST /api/user/second-factor/totp/remove": {
    summary: "Remove the authenticator app",
    description:
      "Removes the app (step-up: **403** `SecondFactorRequired` unless the second factor was given on this session in the last 5 minutes); ends the other sessions; without any factor left the recovery codes go too.",
  },
  "POST /api/user/second-factor/recovery-codes": {
    summary: "New recovery codes",
    description: "10 new recovery codes in place of the old (step-up).",
  },
  "POST /api/user/second-factor/step-up": {
    summary: "Give the second factor again (step-up)",
    description:
      '`{ code }` (app or recovery code): lets this session, for `STEP_UP_SECONDS` (5 minutes by default), sell, transfer, convert, export its data, close the account, and change the password, the second factor or the bank details (security.md, "Member use cases"). Counted as sign-in codes are.',
  },
  "POST /api/user/second-factor/step-up/passkey/options": {
    summary: "Step-up: passkey options",
    description: "WebAuthn options for a step-up with a passkey.",
  },
  "POST /api/user/second-factor/step-up/passkey": {
    summary: "Step-up with a passkey",
    description: "`{ response }`: the step-up with a passkey.",
  },
  "POST /api/user/second-factor/passkeys/options": {
    summary: "Passkey registration options",
    description:
      "WebAuthn registration options (step-up when a factor exists), the challenge kept under the session.",
  },
  "POST /api/user/second-factor/passkeys": {
    summary: "Add a passkey",
    description:
      "`{ response, name?, currentPassword? }` of `navigator.credentials.create`: adds the passkey (its public key); ends the other sessions; a first factor gives the recovery codes, shown once. Step-up when a factor exists (**403** `SecondFactorRequired`); a member **without** a factor gives `currentPassword` (**403** `PasswordRequired` without it or with a wrong one, **429** after 5 wrong ones).",
  },
  "POST /api/user/second-factor/passkeys/remove": {
    summary: "Remove a passkey",
    description: "`{ credentialId }`: removes a passkey (step-up); ends the other sessions.",
  },
  "POST /api/user/sessions/sign-out": {
    summary: "Sign out one session",
    description:
      "`{ ref }`: ends one of the member's sessions (its next request is 401); **404** when it has ended already or is not theirs.",
  },
  "POST /api/user/sessions/sign-out-others": {
    summary: "Sign out every other session",
    description: "Ends every session of the member but this one.",
  },
  "POST /api/auth/logout": {
    summary: "Sign out",
    description: "Ends the session.",
  },
  "POST /api/auth/login/forgot": {
    summary: "Email a password-reset link",
    description:
      "Emails a password-reset link (1 hour, single use); answers alike for unknown emails; at most 5 emails an hour to one recipient, **429** with `Retry-After` after.",
  },
  "POST /api/auth/login/reset/{token}": {
    summary: "Set a new password with a reset link",
    description: "Sets a new password with the link's token; ends the member's other sessions.",
  },
  "GET /api/auth/confirmation/{token}": {
    summary: "Confirm a registration's email address",
    description: "Confirms the email address of a registration (12 hours, single use).",
  },
  "GET /api/auth/verify_password_token/{token}": {
    summary: "Check a password-reset link",
    description: "Tells whether a reset link is still valid (before showing the form).",
  },
  "POST /api/auth/send-confirmation": {
    summary: "Email a new confirmation link",
    description:
      "Emails a new confirmation link; answers alike for unknown emails; counts against the recipient's 5 emails an hour (**429** with `Retry-After`).",
  },
  "POST /api/user/register": {
    summary: "Register",
    description:
      "Registers (spec §5 rules); needs `termsAccepted: true` (400 'Please accept the Terms and Conditions to register') and takes `termsVersion`, which must be the terms in force (10.03.25) when sent; the account records the version and the time. 409 for an email already registered; its confirmation email counts against the recipient's 5 an hour.",
  },
  "POST /api/user/register/cancel": {
    summary: "Cancel an unconfirmed registration",
    description: "Cancels a registration not yet confirmed.",
  },
  "POST /api/user/create_contact_form_email": {
    summary: "Send the contact form",
    description:
      "Sends the contact form to support; at most 5 messages an hour from one address (**429** with `Retry-After`).",
  },
  "GET /api/user": {
    summary: "The member's dashboard bundle",
    description:
      "The dashboard bundle: user, prices, holdings, landUnitStats, exchangeRate, externalFees, adminBankDetails (prices of the unit types that have one, the bank accounts that are set).",
  },
  "POST /api/user/update_user_password": {
    summary: "Change the password",
    description:
      "Changes the password with the current one; other sessions end, this one gets a new id. A member with a second factor gives it first (step-up: **403** `SecondFactorRequired`).",
  },
  "GET /api/user/getUserNameByEmail": {
    summary: "Look up a transfer recipient's name",
    description:
      "Transfer recipient lookup (`?email=`): the registered member's first name and last initial (\"Rosa R.\"); **404** if none; **400** for one's own address; at most 20 an hour per member (**429** with `Retry-After`).",
  },
  "POST /api/user/update_profile": {
    summary: "Save the profile and KYC details",
    description:
      "The profile and KYC form, multipart (kycInfo as JSON, four optional files ≤ 8 MB, judged by content). Phone and account numbers, sort codes, IBANs and BICs are taken with spaces (sort codes with hyphens, IBAN/BIC in any case) and stored without; an IBAN must have its country's length and right check digits (ISO 13616), and a UK account without one gives its 6-digit sort code (`bankDetails.sortCode`) with an 8-digit account number; countries must be on the ISO 3166 list (a name, a code or a common other name). A new password here ends the other sessions and keeps this one under a new id, as update_user_password does.",
  },
  "POST /api/user/approve_profile": {
    summary: "Submit KYC for verification",
    description: "Submits the member's KYC for verification (all required details and files present).",
  },
  "GET /api/user/holdings": {
    summary: "The member's holdings",
    description:
      "The member's holding per unit type (spec §3 Unit holding: owned, owned_DOUBLE_LAND, pendingBuy, pendingSell, convertLocked, total_value_bought, total_value_today, profit, profit_percentage, currencyType).",
  },
  "GET /api/user/analytics": {
    summary: "The dashboard charts",
    description:
      "The dashboard charts (`?days=1..366`, default 30): per unit type and day, Units held at the day's end, the day's price and their value.",
  },
  "GET /api/user/manage-user-subscriptions": {
    summary: "The member's email subscriptions",
    description:
      "The member's email subscription choices (newsletter, orderUpdates, governance, news) and when they last changed them.",
  },
  "POST /api/user/manage-user-subscriptions": {
    summary: "Change email subscriptions",
    description: "Changes any of the choices (those left out keep their value).",
  },
  "GET /api/utility/get-your-impact": {
    summary: "The member's impact",
    description:
      '"Your impact" (spec §9): the member\'s share of the land value times each project impact total.',
  },
  "GET /api/utility/get-env-metrics": {
    summary: "The platform's impact metrics",
    description: "The platform's impact metrics, each summed over every land project (open and closed).",
  },
  "GET /api/market/fees": {
    summary: "Fees",
    description:
      "The fees page: per unit type that has a price, buy fee (cents), sell and convert fees (Units); per payment method the external fees.",
  },
  "GET /api/market/statistics": {
    summary: "Market statistics",
    description:
      "The statistics page: landUnitStats, totalAmountsConvertedFromGBP (pound, usd, euro) and the project totals per unit type.",
  },
  "GET /api/market/exchange-rates": {
    summary: "Today's exchange rates",
    description: "Today's rate of every currency pair that has one.",
  },
  "GET /api/market/exchange-rates/daily": {
    summary: "One currency pair's daily rates",
    description: "One pair's rate in effect on each of the last days (`?from=&to=&days=1..366`, default 30).",
  },
  "GET /api/content/projects": {
    summary: "Land projects",
    description:
      "Land projects, `?status=open` or `closed` (the dashboard's open and closed project pages), each with its impact metrics.",
  },
  "GET /api/content/projects/{id}": {
    summary: "One land project",
    description: "One land project's details and impact metrics; 404 if unknown.",
  },
  "GET /api/content/news": {
    summary: "News articles",
    description: "News, newest first, `?category=slug` to narrow.",
  },
  "GET /api/content/news/categories": {
    summary: "News categories",
    description: "The news categories (for /news/category/{slug}).",
  },
  "GET /api/content/team": {
    summary: "The team",
    description: "The team page.",
  },
  "GET /api/content/faq": {
    summary: "Frequently asked questions",
    description: "The FAQ, in display order.",
  },
  "GET /api/content/references": {
    summary: "References",
    description: "The references page, in display order.",
  },
  "POST /api/subscribe/subscribeUser": {
    summary: "Subscribe to the newsletter",
    description:
      "Newsletter sign-up: emails a confirmation link (double opt-in); counts against the recipient's 5 emails an hour (**429** with `Retry-After`).",
  },
  "GET /api/subscribe/subscriberVerification/{token}": {
    summary: "Confirm a newsletter subscription",
    description: "Confirms a newsletter subscription.",
  },
  "POST /api/order/create_order": {
    summary: "Create an order",
    description:
      "Creates a BUY, SELL, TRANSFER or CONVERT order (the order's fields at the top level, utmData beside them); 409 for a unit type without a price yet, 400 for a bank buy in a currency without a bank account. A SELL, TRANSFER or CONVERT moves Units out: a member with a second factor not given on this session within `STEP_UP_SECONDS` is refused with **403** `SecondFactorRequired` before anything is written, so the same request under the same `Idempotency-Key` after the step-up places it. A CONVERT's Units are whole on both sides: its answer's `convert` names the value of the source Units that bought no whole target Unit, `remainderInCents` (rounded up) in `remainderCurrency` (the source's), with `convertOrderTransactionFeeInCents`; a remainder above 0 is owed to the member as the payout `remainderPayoutId`, paid with the other payouts.",
  },
  "POST /api/order/update_order_amount": {
    summary: "Change an unpaid buy",
    description: "Changes an unpaid buy's number of Units or payment method.",
  },
  "POST /api/order/start_payment": {
    summary: "Start a buy's payment",
    description:
      "Starts or continues the payment of a buy with its method's provider: an InProcess card buy continues its attempt; an Initiated one (its first payment, or another card after a decline) begins the next attempt, a new provider payment under its own idempotency key; a crypto buy answers the quote it holds for the coin while it holds (30 minutes), else a new one. A coin that has no receiving address or no current price in the order's currency is refused (400) in words.",
  },
  "POST /api/order/success_order": {
    summary: "Tell that a buy is paid",
    description: 'The member\'s "I have paid" (bank, crypto with the transaction hash, card return).',
  },
  "POST /api/order/cancel_order": {
    summary: "Cancel an order",
    description: "Cancels an unpaid buy, or the unsold rest of a sell.",
  },
  "GET /api/order/getTransactions": {
    summary: "The member's orders",
    description: "The member's orders, with spec §3's filters, paged.",
  },
  "GET /api/prices/history": {
    summary: "A unit type's prices over time",
    description:
      "Public. `?unitType=LAND_EUR&from=yyyy-mm-dd&to=yyyy-mm-dd` (both days included, UTC; `to` defaults to today, `from` to 89 days before `to`; at most 366 days; `to` may not be after today). `prices`: each day's `pricePerUnit` (thousandths of the currency unit) from the schedule in effect at the day's end; days before the unit type's first schedule are left out. `changes`: every schedule an admin set in the range (`pricing set-price`), with its instant `at`, its `basePrice`, `baseDate` and `growthPerYearPercent`, and that day's price before (absent for the first schedule) and after it. `exchangeRates`: the rate from the unit type's currency to each other currency in effect each day (what a convert out of it used). A bad range is 400 with `errors: [{ path, message }]`.",
  },
  "GET /api/order/get_price": {
    summary: "Today's unit prices",
    description: "Today's price of every unit type that has one, with its fees.",
  },
  "GET /api/order/get_order_details/{id}": {
    summary: "One of the member's orders",
    description:
      "One of the member's orders, or a transfer they received (the order page links from their history); 404 for any other member's. `timeline` lists every status change, oldest first: `at`, `from` (absent on the first, the order placed) → `to`, who in `actor` (`You`; `OtherMember`, the sender of a received transfer; `Admin`, never which one; `Provider` with the card provider's event id on the member's own buy; `Job`, the payment deadline or the end of a convert's lock; `Unknown` for changes recorded before timelines existed) and `reason` where there is one. A sell with Units still in the sales queue also has `salesQueue`: `position` (1 is next), `ordersAhead`, `unitsAhead`, `remaining`, `unitsBoughtLast30Days` and `estimate`, either `{ kind: \"estimate\", days, earliestDays, latestDays? }` (days until it is all sold at the last 30 days' pace; no `latestDays` when a 10-day block had no buy) or `{ kind: \"notEnoughHistory\" }`. `payouts`: the order's payouts (issue 38), oldest first, each `{ payoutId, orderId, unitType, units, pricePerUnit, amountCents, currency, status, owedAt, readyAt?, paidAt? }` (`status` Initiated: owed; AUDReadyToSendBetweenAccounts: ready to send; Completed: paid); a sale has one per slice a buy took, at the buyer's price; empty when nothing is paid out for the order. The buyer is never named.",
  },
  "GET /api/order/payouts": {
    summary: "The member's payouts",
    description:
      "Every payout owed or paid to the member, oldest first, or with `?orderId=` those of one order of theirs (any order type; 404 for another member's order, as for a missing one). Each is `{ payoutId, orderId (the member's order it pays), unitType, units, pricePerUnit, amountCents, currency, status, owedAt, readyAt?, paidAt? }`: `status` Initiated (owed), AUDReadyToSendBetweenAccounts (an AUD payout ready to send) or Completed (paid); the dates ISO 8601 (UTC). The buyer is never named.",
  },
  "GET /api/order/sale_estimate": {
    summary: "Where a sale placed now would stand",
    description:
      "`?unitType=&numberOfUnits=`: the standing a sale of that many Units would have if placed now (the sell review, before anything is created): behind every queued sell of its unit type, with `remaining` = N − today's sale fee Units of its own, and the `estimate` of when it is all sold at the last 30 days' pace, as `salesQueue` of get_order_details. 400 `SellNotAboveFee` for N ≤ the fee; 409 for a unit type without a price.",
  },
  "GET /api/order/get_payment_intent/{id}": {
    summary: "A buy's payment details",
    description:
      "What the member's own buy holds about its payment (clientSecret, paymentId, amount, bank reference, expiry, `attempt`, `declined`: the last declined card in the member's words, `cryptoQuote`: the quote it holds, and `testMode`: true when a card method runs against the built-in test-mode provider or the quote goes to the test mode's example address, nothing charged); 409 for an order that is not a buy; 404 for another member's.",
  },
  "GET /api/payments/settings": {
    summary: "Payment methods available here",
    description:
      "How each card method runs here (`mode`: live, test or unavailable) with its public keys, each coin's `mode` and the currencies it has a current price in (`pricedIn`: where it is offered), the test cards, and `taxWords`: per currency, what the buy's review says about tax (the admin's tax treatment's words, else \"Prices shown exclude tax.\").",
  },
  "POST /api/payments/test-mode/pay": {
    summary: "Pay with a test card (test mode)",
    description:
      "Test mode only: pays an InProcess card buy with a test card (`{ orderId, cardNumber }`); the outcome arrives as a signed webhook. A decline leaves the order open for another card (`message` says so); the fifth fails it.",
  },
  "POST /api/payments/square/charge": {
    summary: "Charge a Square card token",
    description:
      "Charges the Square card token (`{ orderId, sourceId, verificationToken? }`) for the order's own amount; moves nothing until Square's webhook. **402** `CardDeclined` when the card is declined (the message says why and what to do), **502** when Square fails.",
  },
  "POST /api/payments/stripe/webhook": {
    summary: "Stripe webhook",
    description: "Stripe's signed webhook (no anti-forgery token; 400 when the signature does not verify).",
  },
  "POST /api/payments/square/webhook": {
    summary: "Square webhook",
    description: "Square's signed webhook (no anti-forgery token; 400 when the signature does not verify).",
  },
  "GET /api/referencecode/get_discount_by_reference_code": {
    summary: "A reference code's discount",
    description:
      "An active reference code's terms (`?code=`): isPercent, amount, minPaymentAmountInCents; 404 for unknown or disabled codes.",
  },
  "GET /api/ledger/checkpoints": {
    summary: "The ledger's signed checkpoints",
    description:
      "Anyone: the signed checkpoints, newest first, `?limit=` (1–100, default 20) at a time; `?before=` the previous page's `nextBefore`. Each states the number of transfers, the Merkle root over them (RFC 6962) and every hash chain's length and head, signed with Ed25519 (docs/ledger.md). Cacheable: a minute for the newest page, a day for older ones.",
  },
  "GET /api/ledger/public-key": {
    summary: "The ledger's public signing key",
    description:
      "Anyone: the Ed25519 key that signs checkpoints: its id, its 32 bytes in hex, and PEM (SubjectPublicKeyInfo) for node:crypto and openssl; and in `earlier` the installation's earlier keys (after a rotation, LEDGER_EARLIER_PUBLIC_KEYS) the same way, so a checkpoint signed before it names a published key. Cacheable for an hour.",
  },
  "GET /api/ledger/proof/{orderId}": {
    summary: "Prove an order's transfers are in the ledger",
    description:
      "The member's own order (another's is a 404, as a missing one): its transfers with every field of their encoding and whose each account is (`from`, `to`: the member's own, with the blind that opens its pseudonym; another member's by pseudonym only, never their id, an older v1 transfer's key naming them withheld; the platform's), their chain hashes, their leaves and audit paths to the latest checkpoint, and that checkpoint with its signature; transfers newer than it are counted in `pending`, with `nextCheckpointBy`. Check it with docs/ledger.md §12.",
  },
  "GET /api/ledger/liabilities/proof": {
    summary: "Prove your balances are counted in what the platform owes",
    description:
      "The member's own leaves in the latest checkpoint's proof-of-liabilities trees (one per unit type they ever held): their five balances (owned, owned_DOUBLE_LAND, pendingBuy, pendingSell, convertLocked), their salt and commitment, and each leaf's sibling path with every sibling's hash and sums up to the root, with that checkpoint (v2: it signs each unit type's root and totals). Another member's id, email or commitment never appears: a sibling is a hash and its sums (the first sibling's sums are the balances of one unnamed member, a different neighbour at each checkpoint, as in every Merkle sum tree). Check it with docs/ledger/13-proof-of-liabilities.md.",
  },
  "GET /api/etc/generate-statement": {
    summary: "Download a statement",
    description:
      "The member's statement for a period (`?fromDate=&toDate=`), PDF, or CSV with `format=csv`, as a download.",
  },
  "GET /api/invoices": {
    summary: "The member's invoices and credit notes",
    description:
      "The member's own documents, newest first: each invoice and credit note with its issuer, number (as printed), kind and its words, order, issue date, currency, total (minor units; negative on a credit note) and `downloadPath`. `?orderId=` one order's only; another member's order is a 404, as a missing one.",
  },
  "GET /api/invoices/{issuerId}/{number}/pdf": {
    summary: "Download an invoice or credit note",
    description:
      "One of the member's own documents as a PDF download (`landunits-invoice-<issuer>-<number>.pdf`, `Cache-Control: no-store`); another member's, or none, is a 404 `InvoiceNotFound` in the same words.",
  },
  "GET /api/governance/votes": {
    summary: "Votes",
    description:
      "Votes, `?which=open` or `closed`, each with the member's state flags and quiz (never the right answers).",
  },
  "GET /api/governance/open-voting": {
    summary: "Open votes",
    description: "The open votes (the Open Voting page).",
  },
  "GET /api/governance/close-voting": {
    summary: "Closed votes",
    description: "The closed votes, each with its results (the Closed Voting page).",
  },
  "POST /api/governance/votes/{voteId}/quiz": {
    summary: "Answer a vote's quiz",
    description: "Submits the vote's quiz answers; says which are wrong.",
  },
  "POST /api/governance/votes/{voteId}/ballot": {
    summary: "Cast a ballot",
    description:
      "Casts the member's one ballot (y or n): needs a Unit and the quiz passed; 409 when already voted.",
  },
  "GET /api/governance/votes/{voteId}/results": {
    summary: "A closed vote's results",
    description: "A closed vote's results (Yes at ≥ 50%, No, Not Decided); 409 while open.",
  },
  "GET /api/community/getQuestionAnswers": {
    summary: "Community questions and answers",
    description: "Questions with their answers, `?questionViewBy=All|Own|Open|Closed`.",
  },
  "POST /api/community/create-question": {
    summary: "Ask a question",
    description: "Asks a question.",
  },
  "POST /api/community/answer-question": {
    summary: "Answer a question",
    description: "An agent answers a question.",
  },
  "POST /api/community/close-question": {
    summary: "Close a question",
    description: "An agent closes a question.",
  },
  "POST /api/community/reopen-question": {
    summary: "Reopen a question",
    description: "The asker reopens their closed question.",
  },
  "GET /api/community/agent-status": {
    summary: "The member's community agent status",
    description: "Whether the member is a community agent, and their own applications (oldest first).",
  },
  "POST /api/community/becomeCommunityAgent": {
    summary: "Apply to be a community agent",
    description:
      "Applies to be a community agent (reason, experienceAndMotivation); 409 while one is pending or approved.",
  },
  "GET /api/community/ideas": {
    summary: "Community ideas",
    description: "Community ideas, most upvoted first, with the member's own upvote.",
  },
  "POST /api/community/ideas": {
    summary: "Post an idea",
    description: "Posts an idea.",
  },
  "POST /api/community/ideas/{ideaId}/upvote": {
    summary: "Upvote an idea",
    description: "Upvotes another member's idea, once.",
  },
  "GET /api/saleschat/thread": {
    summary: "The member's sales chat",
    description:
      "The member's own sales chat thread with the sales team, oldest message first; `awaitingReply` while the team owes an answer.",
  },
  "POST /api/saleschat/messages": {
    summary: "Write to the sales team",
    description:
      "Writes to the sales team (`{ text }`, trimmed, 1–2,000 characters); admins answer with `landunits saleschat reply`.",
  },
  "GET /api/user/data-exports": {
    summary: "The member's data exports",
    description:
      "The member's own data exports, newest first: `status` building, ready, failed or expired; a ready one carries `downloadPath` until `expiresAt` (7 days after `readyAt`).",
  },
  "POST /api/user/data-exports": {
    summary: "Ask for a copy of my data",
    description:
      "Asks for an export of everything the platform holds about the member (GDPR articles 15 and 20); built in the background by the data-exports job, which emails the member when it is ready. A request while one builds answers that one. Step-up (**403** `SecondFactorRequired`, issue 37): the archive holds the passport.",
  },
  "GET /api/user/data-exports/{exportId}/download": {
    summary: "Download my data",
    description:
      "The ready export as a zip (`application/zip`, as a download): profile, KYC record and documents (decrypted for the member), orders, ledger entries, payouts, votes and messages, as JSON and CSV. The member's own only: **404** for another member's export exactly as for a missing one; **409** while it builds; **410** after it expired; step-up (**403** `SecondFactorRequired`), as for asking.",
  },
  "POST /api/user/close-account": {
    summary: "Close my account",
    description:
      "Closes the member's account (GDPR article 17) once `{ confirmEmail, currentPassword? }` has the account's email (400 otherwise); step-up for a member with a second factor (**403** `SecondFactorRequired`); a member without one gives `currentPassword` (**403** `PasswordRequired` without it or with a wrong one, **429** with `Retry-After` after 5 wrong ones); **409** with the reason in words while the member holds Units, has an open order or is owed a payout. Otherwise the member is signed out everywhere and cannot sign in again, the account's names and email are pseudonymised, orders and ledger entries are kept 10 years and KYC 5, then purged.",
  },
  "GET /api/recordings/settings": {
    summary: "Where session recording runs",
    description:
      "`{ publicHost }`: the production host (PUBLIC_HOST), the only one the web app records on, or null when the installation does not record. Anyone.",
  },
  "POST /api/recordings": {
    summary: "Send a batch of a session recording",
    description:
      "Keeps a batch of rrweb events (`{ recordingId, sequence, path, events }`, 1–2,000 events, a path on the recorded list), gzip-compressed, bound to the recording cookie's session (set by the first batch) and, when signed in, the member. **202** `{ recordingId, sequence }` (a repeated sequence changes nothing); **404** when the installation does not record (no PUBLIC_HOST, or one APP_URL contradicts; the Host header plays no part) or for another session's recording; **413** over 1 MiB or when the recording holds 16 MiB; **429** with `Retry-After` past 300 batches in 10 minutes from one address, or past the day's storage budget (32 MiB compressed per address, 512 MiB for the installation, 200 recordings started per address; until 00:00 UTC).",
  },
}
