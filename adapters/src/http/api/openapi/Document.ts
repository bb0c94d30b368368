/**
 * The OpenAPI document as a product (issue 18): effect generates paths, schemas and answers from the contract;
 * this adds what a client needs beyond them, in one pass over the generated document (`Api.ts` applies it as
 * the API's OpenAPI transform, so /api/openapi.json and the reference page at /api/docs both show it):
 *
 * - a summary and a description on every operation (Operations.ts), tags with descriptions, `servers`;
 * - the headers: `X-XSRF-TOKEN` on every request that changes anything (the providers' webhooks excepted),
 *   `Idempotency-Key` described where the contract takes it, `Retry-After` on every 429 and 503;
 * - the error answers every route may give besides its own: 403 from the anti-forgery check on every change
 *   (`{ _tag: "NotAllowed", message }`, beside the route's own 403s), 413 and 415 for a route with a body, 503
 *   while the database is away, each with its `message` in words;
 * - examples of the order, KYC and statement requests (Examples.ts);
 * - `anyOf` lists without repeated members (a nullable schema made nullable again lists `null` twice).
 *
 * `OpenApiDocs.test.ts` lints the result with Redocly's recommended rules.
 */
import { SERVICE_UNAVAILABLE_MESSAGE, XSRF_REFUSED_MESSAGE } from "../ApiErrors.ts"
import { WEBHOOK_ROUTES } from "../PaymentsApi.ts"
import { OPERATION_EXAMPLES } from "./Examples.ts"
import { OPERATIONS } from "./Operations.ts"

// biome-ignore lint/suspicious/noExplicitAny: the generated document is plain JSON, walked by key
type Json = any

const TAGS: ReadonlyArray<{ readonly name: string; readonly description: string }> = [
  { name: "system", description: "Whether the service is ready to answer." },
  { name: "auth", description: "Signing in and out, confirming an email address, resetting a password." },
  { name: "user", description: "Registration, the contact form, the member's bundle and password." },
  { name: "dashboard", description: "The member's holdings, charts, impact and email subscriptions." },
  { name: "content", description: "Public pages: land projects, news, team, FAQ, references, newsletter." },
  { name: "market", description: "Public market figures: fees, statistics, exchange rates, impact metrics." },
  {
    name: "orders",
    description:
      "Buying, selling, transferring and converting Units. Every command takes an Idempotency-Key: a " +
      "repeat answers the first result.",
  },
  { name: "payments", description: "The member's payment page: card methods, test mode, Square charges." },
  {
    name: "paymentWebhooks",
    description: "The card providers' signed webhooks: authenticated by their signature, not a session.",
  },
  { name: "profile", description: "The profile and KYC form (multipart, with files) and its submission." },
  {
    name: "security",
    description:
      "The member's second factor (authenticator app, recovery codes, passkeys), the step-up before sensitive changes, and their sessions.",
  },
  { name: "statements", description: "The member's statement for a period, as a PDF or CSV download." },
  {
    name: "invoices",
    description: "The member's own invoices and credit notes, listed and as PDF downloads.",
  },
  {
    name: "ledger",
    description:
      "The ledger's signed checkpoints and their public key (anyone), and a member's proof that an order's " +
      "transfers are in the ledger, unchanged (docs/ledger.md).",
  },
  { name: "governance", description: "Votes: their quizzes, ballots and results." },
  { name: "community", description: "Questions and answers, community agents and ideas." },
  { name: "saleschat", description: "The member's chat with the sales team." },
  { name: "privacy", description: "A member's own data: a copy of it to download, and closing the account." },
  {
    name: "recordings",
    description:
      "Session recording (spec §9): self-hosted rrweb batches from the production host's recorded pages, " +
      "sent only with the visitor's Statistics consent, masked in the browser (docs/web.md).",
  },
]

const ERROR_MESSAGE = {
  type: "object",
  description: "An error, in words.",
  properties: { message: { type: "string" } },
  required: ["message"],
}

const RETRY_AFTER = {
  description: "Seconds to wait before trying again.",
  schema: { type: "string", pattern: "^[0-9]+$" },
  required: true,
}

const XSRF_HEADER = {
  name: "X-XSRF-TOKEN",
  in: "header",
  required: true,
  description:
    "The value of the XSRF-TOKEN cookie (set on any answer), echoed: every request that is not a GET needs " +
    "it, otherwise 403.",
  schema: { type: "string", minLength: 1 },
}

/** The anti-forgery refusal (middleware/AntiForgery.ts): `{ _tag: "NotAllowed", message }`, 403. */
const XSRF_REFUSED = {
  type: "object",
  description: "The request did not echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header.",
  properties: { _tag: { type: "string", enum: ["NotAllowed"] }, message: { type: "string" } },
  required: ["_tag", "message"],
}

/** The route's own 403 answers, if any, with the anti-forgery refusal beside them. */
const withXsrfRefusal = (forbidden: Json): Json => {
  if (forbidden === undefined) {
    return {
      description: "NotAllowed: the anti-forgery check failed.",
      content: {
        "application/json": {
          schema: XSRF_REFUSED,
          example: { _tag: "NotAllowed", message: XSRF_REFUSED_MESSAGE },
        },
      },
    }
  }
  const json = forbidden.content?.["application/json"] ?? {}
  const own = json.schema === undefined ? [] : (json.schema.anyOf ?? [json.schema])
  return {
    ...forbidden,
    description: `${forbidden.description} | NotAllowed (the anti-forgery check failed)`,
    content: {
      ...forbidden.content,
      "application/json": { ...json, schema: { anyOf: [...own, XSRF_REFUSED] } },
    },
  }
}

const errorAnswer = (description: string, example: string, headers?: Json) => ({
  description,
  ...(headers === undefined ? {} : { headers }),
  content: { "application/json": { schema: ERROR_MESSAGE, example: { message: example } } },
})

const WEBHOOKS = new Set<string>(WEBHOOK_ROUTES.map((route) => `${route.method} ${route.path}`))

/** `anyOf` without members that repeat an earlier one; a single member left stands for itself. */
const withoutRepeats = (node: Json): Json => {
  if (Array.isArray(node)) return node.map(withoutRepeats)
  if (node === null || typeof node !== "object") return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) out[key] = withoutRepeats(value)
  // A required text field: its documented rules (core's validation/Fields.ts) make it a string, so the raw side's
  // "string or null" says nothing more.
  if (
    out.type === "string" &&
    Array.isArray(out.anyOf) &&
    out.anyOf.every((member: Json) => member.type === "string" || member.type === "null")
  ) {
    const { anyOf: _anyOf, ...rest } = out
    return rest
  }
  if (Array.isArray(out.anyOf)) {
    const seen = new Set<string>()
    const members = out.anyOf.filter((member: Json) => {
      const key = JSON.stringify(member)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    if (members.length === 1) {
      const { anyOf: _anyOf, ...rest } = out
      return { ...rest, ...members[0] }
    }
    out.anyOf = members
  }
  return out
}

const describeOperation = (method: string, path: string, operation: Json): Json => {
  const key = `${method.toUpperCase()} ${path}`
  const text = OPERATIONS[key]
  const parameters: Array<Json> = (operation.parameters ?? []).map((parameter: Json) =>
    parameter.in === "header" && parameter.name === "idempotency-key"
      ? {
          ...parameter,
          name: "Idempotency-Key",
          description:
            "A key of the client's choosing (one per order command, e.g. a UUID): a repeat with the same key " +
            "answers the first result; the same key for another request is 422.",
        }
      : parameter,
  )
  const changes = method !== "get" && !WEBHOOKS.has(key)
  if (changes) parameters.push(XSRF_HEADER)
  const responses: Json = { ...operation.responses }
  // Every change may be refused by the anti-forgery check, whatever the route answers itself.
  if (changes) responses["403"] = withXsrfRefusal(responses["403"])
  for (const [status, response] of Object.entries<Json>(responses)) {
    if (status === "429") {
      const { "retry-after": _header, ...headers } = response.headers ?? {}
      responses[status] = { ...response, headers: { ...headers, "Retry-After": RETRY_AFTER } }
    }
  }
  if (operation.requestBody !== undefined) {
    responses["413"] ??= errorAnswer(
      "The body is too large (1 MiB for JSON; 8 MB a file, 33 MiB in all for the profile form).",
      "File too large. Please upload a file less than 8Mb",
    )
    responses["415"] ??= errorAnswer(
      "The body is of a type the route does not take.",
      "This request must be sent as application/json.",
    )
  }
  responses["503"] ??= errorAnswer("The database is away for a moment.", SERVICE_UNAVAILABLE_MESSAGE, {
    "Retry-After": RETRY_AFTER,
  })
  const examples = OPERATION_EXAMPLES[key]
  return {
    ...operation,
    ...(text === undefined ? {} : { summary: text.summary, description: text.description }),
    ...(parameters.length === 0 ? {} : { parameters: examples?.parameters?.(parameters) ?? parameters }),
    ...(examples?.requestBody === undefined
      ? {}
      : { requestBody: examples.requestBody(operation.requestBody) }),
    responses,
  }
}

/** The generated document with everything above added. */
export const describeDocument = (document: Json): Json => {
  const paths: Json = {}
  for (const [path, operations] of Object.entries<Json>(document.paths ?? {})) {
    paths[path] = {}
    for (const [method, operation] of Object.entries<Json>(operations)) {
      paths[path][method] = describeOperation(method, path, operation)
    }
  }
  return withoutRepeats({
    ...document,
    info: {
      ...document.info,
      license: { name: "Proprietary", url: "https://landunits.example/terms-and-conditions" },
    },
    servers: [{ url: "/", description: "The server that serves this document (every route is under /api)." }],
    tags: TAGS,
    paths,
  })
}
