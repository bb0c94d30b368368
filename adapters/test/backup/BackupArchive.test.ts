/**
 * The backup file's container (BackupArchive.ts): a ustar archive that the system's `tar` reads, whose files come
 * back byte for byte, and that is refused as a whole when a header is damaged or the file is cut short.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import fc from "fast-check"
import { afterAll, describe, expect, it } from "vitest"
import {
  listArchive,
  readEntry,
  sha256Of,
  sha256OfEntry,
  writeArchive,
} from "../../src/backup/BackupArchive.ts"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-archive-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const entriesOf = (file: string) => {
  const listed = listArchive(file)
  if (typeof listed === "string") throw new Error(listed)
  return listed
}

describe("the backup archive", () => {
  it("gives back every file byte for byte, with its SHA-256 (property)", () => {
    const file = path.join(dir, "property.tar")
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 3000 }), { minLength: 1, maxLength: 4 }),
        (contents) => {
          writeArchive(
            file,
            contents.map((bytes, i) => ({ name: `file-${i}.bin`, bytes })),
          )
          const entries = entriesOf(file)
          expect(entries.map((e) => e.name)).toEqual(contents.map((_, i) => `file-${i}.bin`))
          entries.forEach((entry, i) => {
            expect(new Uint8Array(readEntry(file, entry))).toEqual(contents[i])
            expect(sha256OfEntry(file, entry)).toBe(sha256Of({ name: entry.name, bytes: contents[i]! }))
          })
        },
      ),
      { numRuns: 50 },
    )
  })

  it("is a tar the system's tar lists and unpacks, and streams a file from disk", () => {
    const source = path.join(dir, "dump.bin")
    fs.writeFileSync(source, Buffer.alloc(3 * 1024 * 1024 + 7, 0x5a))
    const file = path.join(dir, "system.tar")
    writeArchive(file, [
      { name: "manifest.json", bytes: Buffer.from('{"a":1}\n') },
      { name: "dump.bin", path: source },
    ])
    expect(execFileSync("tar", ["tf", file], { encoding: "utf8" }).split("\n").filter(Boolean)).toEqual([
      "manifest.json",
      "dump.bin",
    ])
    expect(execFileSync("tar", ["xOf", file, "manifest.json"], { encoding: "utf8" })).toBe('{"a":1}\n')
    expect(sha256OfEntry(file, entriesOf(file)[1]!)).toBe(sha256Of({ name: "dump.bin", path: source }))
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
  })

  it("is refused when a header is damaged or the file is cut short", () => {
    const file = path.join(dir, "whole.tar")
    writeArchive(file, [{ name: "a.bin", bytes: Buffer.alloc(2000, 1) }])
    const damaged = path.join(dir, "damaged.tar")
    const bytes = fs.readFileSync(file)
    bytes[10] = bytes[10]! ^ 0xff
    fs.writeFileSync(damaged, bytes)
    expect(listArchive(damaged)).toBe("the header at byte 0 is damaged")
    const cut = path.join(dir, "cut.tar")
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 1500))
    expect(listArchive(cut)).toMatch(/a\.bin is cut short/)
    const noEnd = path.join(dir, "no-end.tar")
    fs.writeFileSync(noEnd, fs.readFileSync(file).subarray(0, 512 + 2048))
    expect(listArchive(noEnd)).toBe("the archive has no end (it was cut short)")
  })
})
