/**
 * The statement's fonts padded for pdf-lib's subsets (issue 38): fontkit's TrueType subset halves odd glyph
 * offsets in a short `loca`, so the unpadded Noto Sans draws most letters as nothing; padded, every glyph of a
 * subset has the outline it has in the font.
 */

import * as fs from "node:fs"
import { createRequire } from "node:module"
import { describe, expect, it } from "vitest"
import { fontBytes, fontkit } from "../../src/statements/StatementFonts.ts"
import { padTrueTypeGlyphs } from "../../src/statements/TrueTypePadding.ts"

const require = createRequire(import.meta.url)
const original = new Uint8Array(
  fs.readFileSync(require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf")),
)
const TEXT = "Member abcdrtilnou Ωμέγα Жанна-Ивановна Dœuf-Ångström"

/** fontkit's TrueType font, with the `loca` table it reads (not in its types). */
const locaOf = (bytes: Uint8Array): ReadonlyArray<number> =>
  (fontkit.create(Buffer.from(bytes)) as unknown as { loca: { offsets: ReadonlyArray<number> } }).loca.offsets

/** The outlines of TEXT's glyphs as a subset of `bytes` draws them. */
const subsetOutlines = async (bytes: Uint8Array): Promise<Array<string>> => {
  const font = fontkit.create(Buffer.from(bytes))
  const subset = font.createSubset()
  const ids = [...TEXT].map((char) => subset.includeGlyph(font.glyphForCodePoint(char.codePointAt(0)!)))
  const chunks: Array<Uint8Array> = []
  await new Promise<void>((done) =>
    subset
      .encodeStream()
      .on("data", (c) => chunks.push(c))
      .on("end", () => done()),
  )
  const encoded = fontkit.create(Buffer.concat(chunks))
  return ids.map((id) => {
    try {
      return encoded.getGlyph(id).path.toSVG()
    } catch (error) {
      // A glyph whose data starts inside another is not even readable.
      return `unreadable: ${String(error)}`
    }
  })
}

const outlines = (bytes: Uint8Array) => {
  const font = fontkit.create(Buffer.from(bytes))
  return [...TEXT].map((char) => font.glyphForCodePoint(char.codePointAt(0)!).path.toSVG())
}

describe("the statement's fonts, padded for pdf-lib's subsets", () => {
  it("keeps every glyph's outline and puts every glyph at a 4-byte offset", () => {
    const padded = padTrueTypeGlyphs(original)
    const font = fontkit.create(Buffer.from(padded))
    expect(font.numGlyphs).toBe(fontkit.create(Buffer.from(original)).numGlyphs)
    expect(locaOf(padded).every((o) => o % 4 === 0)).toBe(true)
    expect(outlines(padded)).toEqual(outlines(original))
  })

  it("a subset of the padded font draws each letter as the font does; one of the font as shipped does not", async () => {
    expect(await subsetOutlines(padTrueTypeGlyphs(original))).toEqual(outlines(original))
    expect(await subsetOutlines(original)).not.toEqual(outlines(original))
  })

  it("is what the statement embeds, Noto Sans SC too", async () => {
    for (const file of ["regular", "bold", "cjk"] as const) {
      expect(
        locaOf(fontBytes(file)).every((o) => o % 4 === 0),
        file,
      ).toBe(true)
    }
  })
})
