/**
 * The statement PDF's fonts (issue 38): Noto Sans regular and bold (Latin with accents, Greek, Cyrillic, and the
 * symbols a statement uses) and Noto Sans SC (Chinese, Japanese kana, and what Noto Sans lacks, such as arrows),
 * all under the SIL Open Font License 1.1, which allows embedding; from the npm packages
 * @expo-google-fonts/noto-sans and @expo-google-fonts/noto-sans-sc (TrueType outlines, which pdf-lib's fontkit
 * subsets). The files are read once per process; Noto Sans SC (10 MB) only when a statement has a character
 * Noto Sans cannot draw. Every font is subset when embedded: the PDF carries only the glyphs it uses.
 */
import * as fs from "node:fs"
import { createRequire } from "node:module"
import { padTrueTypeGlyphs } from "./TrueTypePadding.ts"

const require = createRequire(import.meta.url)

/** fontkit as pdf-lib's `registerFontkit` takes it (a CommonJS bundle: required, not imported). */
export const fontkit = require("@pdf-lib/fontkit") as typeof import("@pdf-lib/fontkit")

export type FontFile = "regular" | "bold" | "cjk"

const FILES: Readonly<Record<FontFile, string>> = {
  regular: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  cjk: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
}

const bytes = new Map<FontFile, Uint8Array>()

/** A font file's bytes, read on first use, its glyphs padded for pdf-lib's subsets (TrueTypePadding.ts), and kept. */
export const fontBytes = (file: FontFile): Uint8Array => {
  let found = bytes.get(file)
  if (found === undefined) {
    found = padTrueTypeGlyphs(new Uint8Array(fs.readFileSync(require.resolve(FILES[file]))))
    bytes.set(file, found)
  }
  return found
}

type ParsedFont = ReturnType<typeof fontkit.create>

const parsed = new Map<FontFile, ParsedFont>()

/** A font file parsed by fontkit, once per process (Noto Sans SC takes a few hundred milliseconds to parse). */
const parsedFont = (file: FontFile): ParsedFont => {
  let found = parsed.get(file)
  if (found === undefined) {
    found = fontkit.create(Buffer.from(fontBytes(file)))
    parsed.set(file, found)
  }
  return found
}

/**
 * fontkit for pdf-lib's `registerFontkit`, answering the statement's font files with their fonts parsed once: pdf-lib
 * parses a font again for every document it embeds it in, and each embedding makes its own subset of it.
 */
export const statementFontkit: Pick<typeof fontkit, "create"> = {
  create: (data, postscriptName) => {
    const file = (Object.keys(FILES) as Array<FontFile>).find((f) => bytes.get(f) === data)
    return file === undefined ? fontkit.create(data, postscriptName) : parsedFont(file)
  },
}

interface Coverage {
  readonly has: (char: string) => boolean
}

const coverages = new Map<FontFile, Coverage>()

/** Whether a font has a glyph for a character (one code point), remembered per character. */
export const coverageOf = (file: FontFile): Coverage => {
  let coverage = coverages.get(file)
  if (coverage === undefined) {
    const font = parsedFont(file)
    const seen = new Map<string, boolean>()
    coverage = {
      has: (char) => {
        let has = seen.get(char)
        if (has === undefined) {
          has = font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)
          seen.set(char, has)
        }
        return has
      },
    }
    coverages.set(file, coverage)
  }
  return coverage
}
