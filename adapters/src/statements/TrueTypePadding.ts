/**
 * A TrueType font with every glyph padded to a multiple of 4 bytes (issue 38). Fonts built by recent tools
 * (Google Fonts' Noto Sans and Noto Sans SC among them) store glyphs unpadded, at odd offsets, which the OpenType
 * format allows with the long `loca`. pdf-lib's fontkit copies each glyph of a subset as it is and, when the
 * subset is small, writes the short `loca`, which stores offsets halved: an odd offset then points into the
 * wrong glyph, and most letters draw as nothing. Padding every glyph first makes every offset even, so the
 * subsets pdf-lib embeds are correct. The outlines are unchanged: only zero bytes are added after each glyph.
 *
 * The font is rewritten with its tables in the same order, each 4-byte aligned with its checksum, the `glyf`
 * padded and the `loca` long (head.indexToLocFormat = 1).
 */

const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!
const u32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!
const put16 = (b: Uint8Array, at: number, v: number) => {
  b[at] = (v >>> 8) & 0xff
  b[at + 1] = v & 0xff
}
const put32 = (b: Uint8Array, at: number, v: number) => {
  b[at] = (v >>> 24) & 0xff
  b[at + 1] = (v >>> 16) & 0xff
  b[at + 2] = (v >>> 8) & 0xff
  b[at + 3] = v & 0xff
}
const pad4 = (n: number) => (n + 3) & ~3

/** The table checksum of the OpenType format: the sum of its big-endian uint32 words, modulo 2^32. */
const checksum = (b: Uint8Array): number => {
  let sum = 0
  for (let i = 0; i < b.length; i += 4) {
    const word = ((b[i] ?? 0) << 24) + ((b[i + 1] ?? 0) << 16) + ((b[i + 2] ?? 0) << 8) + (b[i + 3] ?? 0)
    sum = (sum + (word >>> 0)) >>> 0
  }
  return sum
}

interface Table {
  readonly tag: string
  bytes: Uint8Array
}

/** `font` (a TrueType file with `glyf` and `loca`) with every glyph padded to 4 bytes; other fonts as they are. */
export const padTrueTypeGlyphs = (font: Uint8Array): Uint8Array => {
  const numTables = u16(font, 4)
  const tables: Array<Table> = []
  for (let i = 0; i < numTables; i++) {
    const record = 12 + 16 * i
    const tag = String.fromCharCode(...font.subarray(record, record + 4))
    const offset = u32(font, record + 8)
    const length = u32(font, record + 12)
    tables.push({ tag, bytes: font.slice(offset, offset + length) })
  }
  const table = (tag: string) => tables.find((t) => t.tag === tag)
  const head = table("head")
  const maxp = table("maxp")
  const loca = table("loca")
  const glyf = table("glyf")
  if (head === undefined || maxp === undefined || loca === undefined || glyf === undefined) return font

  const numGlyphs = u16(maxp.bytes, 4)
  const long = u16(head.bytes, 50) === 1
  const offsetOf = (i: number) => (long ? u32(loca.bytes, 4 * i) : 2 * u16(loca.bytes, 2 * i))
  const offsets: Array<number> = []
  let size = 0
  for (let i = 0; i < numGlyphs; i++) {
    offsets.push(size)
    size += pad4(offsetOf(i + 1) - offsetOf(i))
  }
  offsets.push(size)
  const newGlyf = new Uint8Array(size)
  for (let i = 0; i < numGlyphs; i++)
    newGlyf.set(glyf.bytes.subarray(offsetOf(i), offsetOf(i + 1)), offsets[i]!)
  const newLoca = new Uint8Array(4 * (numGlyphs + 1))
  offsets.forEach((offset, i) => {
    put32(newLoca, 4 * i, offset)
  })
  glyf.bytes = newGlyf
  loca.bytes = newLoca
  head.bytes = head.bytes.slice()
  put16(head.bytes, 50, 1)
  // The whole-font checksum adjustment is left at 0: readers (pdf-lib's fontkit, PDF viewers) do not check it.
  put32(head.bytes, 8, 0)

  const headerSize = 12 + 16 * numTables
  const total = tables.reduce((sum, t) => sum + pad4(t.bytes.length), headerSize)
  const out = new Uint8Array(total)
  out.set(font.subarray(0, 12))
  let at = headerSize
  tables.forEach((t, i) => {
    const record = 12 + 16 * i
    for (let c = 0; c < 4; c++) out[record + c] = t.tag.charCodeAt(c)
    put32(out, record + 4, checksum(t.bytes))
    put32(out, record + 8, at)
    put32(out, record + 12, t.bytes.length)
    out.set(t.bytes, at)
    at += pad4(t.bytes.length)
  })
  return out
}
