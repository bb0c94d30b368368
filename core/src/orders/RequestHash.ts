/**
 * The hash stored with an idempotency key: SHA-256 (hex) of the command name and its request as canonical
 * JSON (object keys sorted, undefined left out). Pure and synchronous, so core stays free of I/O.
 */

/** JSON with object keys sorted at every level: equal requests give equal text. */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null"
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`
}

const primes = (count: number): Array<number> => {
  const found: Array<number> = []
  for (let n = 2; found.length < count; n++) if (found.every((p) => n % p !== 0)) found.push(n)
  return found
}
const fractionBits = (x: number): number => Math.floor((x - Math.floor(x)) * 2 ** 32) >>> 0

/** SHA-256's constants: the fractional parts of the cube roots of the first 64 primes (FIPS 180-4 §4.2.2). */
const K = Uint32Array.from(primes(64).map((p) => fractionBits(Math.cbrt(p))))
/** The initial hash: the fractional parts of the square roots of the first 8 primes (FIPS 180-4 §5.3.3). */
const H0 = Uint32Array.from(primes(8).map((p) => fractionBits(Math.sqrt(p))))

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n))

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits. */
export const sha256Hex = (text: string): string => {
  const bytes = new TextEncoder().encode(text)
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64)
  padded.set(bytes)
  padded[bytes.length] = 0x80
  const view = new DataView(padded.buffer)
  const bits = bytes.length * 8
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32))
  view.setUint32(padded.length - 4, bits >>> 0)

  const h = Uint32Array.from(H0)
  const w = new Uint32Array(64)
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4)
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!
      const b = w[i - 2]!
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10)
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!]
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0
      hh = g
      g = f
      f = e
      e = (d + t1) >>> 0
      d = c
      c = b
      b = a
      a = (t1 + t2) >>> 0
    }
    const next = [a, b, c, d, e, f, g, hh]
    for (let i = 0; i < 8; i++) h[i] = (h[i]! + next[i]!) >>> 0
  }
  return [...h].map((x) => x.toString(16).padStart(8, "0")).join("")
}

/** The hash of a command's request, stored with its idempotency key. */
export const requestHash = (command: string, request: unknown): string =>
  sha256Hex(canonicalJson({ command, request }))
