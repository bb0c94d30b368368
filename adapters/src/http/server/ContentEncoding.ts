/**
 * Which content coding an answer is sent in, from the request's `Accept-Encoding` (RFC 9110 §12.5.3): the
 * coding with the highest q-value among those the server has, Brotli before gzip on a tie; `*` stands for
 * every coding the header does not name; `q=0` refuses a coding. No header, an empty header, or a header that
 * accepts none of them (or prefers `identity`) answers "identity": the bytes as they are.
 */

/** The codings the server sends, in its order of preference. */
export const ENCODINGS = ["br", "gzip"] as const
export type Encoding = (typeof ENCODINGS)[number]

/** The file name suffix of each coding's precompressed copy (x.js.br, x.js.gz). */
export const ENCODING_SUFFIX: Readonly<Record<Encoding, string>> = { br: ".br", gzip: ".gz" }

const QVALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i

/** Each coding named in the header with its q-value; a malformed q-value counts as a refusal. */
const parse = (header: string): ReadonlyMap<string, number> => {
  const weights = new Map<string, number>()
  for (const member of header.split(",")) {
    const [name = "", ...params] = member.split(";").map((part) => part.trim())
    if (name === "") continue
    const q = params.find((param) => /^q=/i.test(param))
    const weight = q === undefined ? 1 : QVALUE.test(q) ? Number(q.slice(2)) : 0
    const coding = name.toLowerCase()
    // A coding named twice keeps its highest weight.
    weights.set(coding, Math.max(weights.get(coding) ?? 0, weight))
  }
  return weights
}

/**
 * The coding to send of `available` (the server's copies), or "identity". `available` keeps the server's
 * order of preference, which decides ties.
 */
export const negotiateEncoding = (
  acceptEncoding: string | undefined,
  available: ReadonlyArray<Encoding> = ENCODINGS,
): Encoding | "identity" => {
  if (acceptEncoding === undefined || available.length === 0) return "identity"
  const weights = parse(acceptEncoding)
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0
  let best: Encoding | undefined
  let bestWeight = 0
  for (const coding of ENCODINGS) {
    if (!available.includes(coding)) continue
    const weight = weightOf(coding)
    if (weight > bestWeight) {
      best = coding
      bestWeight = weight
    }
  }
  // identity is acceptable unless refused, but a coding the client weighs above it wins (RFC 9110 §12.5.3).
  const identity = weights.get("identity") ?? (weights.has("*") ? weightOf("*") : undefined)
  return best === undefined || (identity !== undefined && identity > bestWeight) ? "identity" : best
}
