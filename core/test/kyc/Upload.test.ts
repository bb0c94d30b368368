import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  checkUpload,
  detectFileType,
  MAGIC_BYTES_LENGTH,
  UPLOAD_NAME_MAX_LENGTH,
  UploadContentType,
  uploadDisplayName,
} from "../../src/kyc/Upload.ts"
import { UPLOAD_MAX_BYTES } from "../../src/shared/Constants.ts"

const bytes = (...values: ReadonlyArray<number>) => Uint8Array.from(values)
const ascii = (text: string) => new TextEncoder().encode(text)

const PDF = ascii("%PDF-1.7\n")
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00)
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10)
const SIGNATURES = [
  ["pdf", PDF.slice(0, 5)],
  ["png", PNG.slice(0, 8)],
  ["jpeg", JPEG.slice(0, 3)],
] as const

describe("file type by magic bytes", () => {
  it("recognises a PDF by %PDF-, a PNG by its 8-byte signature, a JPEG by FF D8 FF", () => {
    expect(detectFileType(PDF)).toBe("pdf")
    expect(detectFileType(PNG)).toBe("png")
    expect(detectFileType(JPEG)).toBe("jpeg")
  })

  it("recognises nothing else: GIF, ZIP, text, an empty or truncated file", () => {
    expect(detectFileType(ascii("GIF89a"))).toBeUndefined()
    expect(detectFileType(bytes(0x50, 0x4b, 0x03, 0x04))).toBeUndefined()
    expect(detectFileType(ascii("hello.pdf"))).toBeUndefined()
    expect(detectFileType(ascii("%PDF"))).toBeUndefined()
    expect(detectFileType(PNG.slice(0, 7))).toBeUndefined()
    expect(detectFileType(bytes(0xff, 0xd8))).toBeUndefined()
    expect(detectFileType(bytes())).toBeUndefined()
  })

  it("needs no more than MAGIC_BYTES_LENGTH leading bytes", () => {
    expect(Math.max(...SIGNATURES.map(([, signature]) => signature.length))).toBe(MAGIC_BYTES_LENGTH)
  })

  it("any content that starts with a signature is of that type, whatever follows", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SIGNATURES),
        fc.uint8Array({ maxLength: 64 }),
        ([type, signature], rest) => {
          expect(detectFileType(Uint8Array.from([...signature, ...rest]))).toBe(type)
        },
      ),
    )
  })

  it("content that starts with no signature is refused", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (content) => {
        const starts = SIGNATURES.some(([, signature]) => signature.every((b, i) => content[i] === b))
        fc.pre(!starts)
        expect(detectFileType(content)).toBeUndefined()
      }),
    )
  })
})

describe("upload checks", () => {
  it("accepts a PDF, PNG or JPEG of up to 8 MB, with the content type to store it under", () => {
    expect(checkUpload({ size: 1024, firstBytes: PDF })).toEqual({
      ok: true,
      fileType: "pdf",
      contentType: "application/pdf",
    })
    expect(checkUpload({ size: UPLOAD_MAX_BYTES, firstBytes: PNG })).toEqual({
      ok: true,
      fileType: "png",
      contentType: "image/png",
    })
    expect(checkUpload({ size: 1, firstBytes: JPEG })).toMatchObject({ ok: true, contentType: "image/jpeg" })
    expect(UploadContentType.jpeg).toBe("image/jpeg")
  })

  it("a file over 8 MB (8388608 bytes) is refused with 'File too large. Please upload a file less than 8Mb'", () => {
    expect(checkUpload({ size: UPLOAD_MAX_BYTES + 1, firstBytes: PDF })).toEqual({
      ok: false,
      reason: "tooLarge",
      message: "File too large. Please upload a file less than 8Mb",
    })
  })

  it("a file of another type is refused with 'Unsupported file type. Please upload a PDF, JPEG, or PNG.'", () => {
    expect(checkUpload({ size: 10, firstBytes: ascii("GIF89a") })).toEqual({
      ok: false,
      reason: "unsupportedType",
      message: "Unsupported file type. Please upload a PDF, JPEG, or PNG.",
    })
  })

  it("size is judged before type: an over-large file of any content is 'too large'", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: UPLOAD_MAX_BYTES + 1, max: 2 ** 40 }),
        fc.uint8Array({ maxLength: 16 }),
        (size, firstBytes) => {
          expect(checkUpload({ size, firstBytes })).toMatchObject({ ok: false, reason: "tooLarge" })
        },
      ),
    )
  })
})

describe("an uploaded file's display name", () => {
  it("replaces control characters (C0, DEL, C1) and text-reordering ones by _, so no terminal or page runs them", () => {
    expect(uploadDisplayName("\u009b31mpassport.pdf")).toBe("_31mpassport.pdf")
    expect(uploadDisplayName("\u001b[2Jbill.png")).toBe("_[2Jbill.png")
    expect(uploadDisplayName("scan\u202egnp.pdf")).toBe("scan_gnp.pdf")
    expect(uploadDisplayName("a\u007fb\u0085c\u200bd")).toBe("a_b_c_d")
    expect(uploadDisplayName("broken\uD800.pdf")).toBe("broken_.pdf")
  })

  it("keeps the last part of a path, collapses spaces, keeps letters of any script, and names an empty one 'document'", () => {
    expect(uploadDisplayName("C:\\Users\\ann\\Pass port.pdf")).toBe("Pass port.pdf")
    expect(uploadDisplayName("../../etc/passwd")).toBe("passwd")
    expect(uploadDisplayName("  Reisepass   Müller — 護照.pdf ")).toBe("Reisepass Müller — 護照.pdf")
    expect(uploadDisplayName("")).toBe("document")
    expect(uploadDisplayName("dir/..")).toBe("document")
    expect(Array.from(uploadDisplayName("😀".repeat(400)))).toHaveLength(UPLOAD_NAME_MAX_LENGTH)
  })

  // fast-check builds its table of every code point on a first `unit: "binary"` string: ~4 s on 2 cores, more under
  // coverage, once per worker.
  it("never holds a control or reordering character, whatever the name (property)", {
    timeout: 60_000,
  }, () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (name) => {
        const shown = uploadDisplayName(name)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not be there
        expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/)
        expect(shown.length).toBeGreaterThan(0)
      }),
    )
  })
})
