/**
 * The backup file's container (BackupArchive.ts, on tar-stream): a ustar archive that the system's `tar` reads,
 * whose files come back byte for byte with their SHA-256, and that is refused as a whole when a header is damaged
 * or the file is cut short inside a file.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import fc from "fast-check"
import { afterAll, describe, expect, it } from "vitest"
import { listArchive, readEntry, sha256Of, writeArchive } from "../../src/backup/BackupArchive.ts"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-archive-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const entriesOf = async (file: string) => {
  const listed = await listArchive(file)
  if (typeof listed === "string") throw new Error(listed)
  return listed
}

describe("the backup archive", () => {
  it("gives back every file byte for byte, with its size and SHA-256 (property)", async () => {
    const file = path.join(dir, "property.tar")
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ maxLength: 3000 }), { minLength: 1, maxLength: 4 }),
        async (contents) => {
          await writeArchive(
            file,
            contents.map((bytes, i) => ({ name: `file-${i}.bin`, bytes })),
          )
          const entries = await entriesOf(file)
          expect(entries.map((e) => e.name)).toEqual(contents.map((_, i) => `file-${i}.bin`))
          for (const [i, entry] of entries.entries()) {
            expect(new Uint8Array(await readEntry(file, entry.name))).toEqual(contents[i])
            expect(entry.size).toBe(contents[i]!.length)
            expect(entry.sha256).toBe(sha256Of({ name: entry.name, bytes: contents[i]! }))
          }
        },
      ),
      { numRuns: 50 },
    )
  })

  it("is a tar the system's tar lists and unpacks, and streams a file from disk", async () => {
    const source = path.join(dir, "dump.bin")
    fs.writeFileSync(source, Buffer.alloc(3 * 1024 * 1024 + 7, 0x5a))
    const file = path.join(dir, "system.tar")
    await writeArchive(file, [
      { name: "manifest.json", bytes: Buffer.from('{"a":1}\n') },
      { name: "dump.bin", path: source },
    ])
    expect(execFileSync("tar", ["tf", file], { encoding: "utf8" }).split("\n").filter(Boolean)).toEqual([
      "manifest.json",
      "dump.bin",
    ])
    expect(execFileSync("tar", ["xOf", file, "manifest.json"], { encoding: "utf8" })).toBe('{"a":1}\n')
    expect((await entriesOf(file))[1]!.sha256).toBe(sha256Of({ name: "dump.bin", path: source }))
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
  })

  it("is refused when a header is damaged or the file is cut short inside a file", async () => {
    const file = path.join(dir, "whole.tar")
    await writeArchive(file, [{ name: "a.bin", bytes: Buffer.alloc(2000, 1) }])
    const damaged = path.join(dir, "damaged.tar")
    const bytes = fs.readFileSync(file)
    bytes[10] = bytes[10]! ^ 0xff
    fs.writeFileSync(damaged, bytes)
    expect(await listArchive(damaged)).toBe("a header is damaged")
    const cut = path.join(dir, "cut.tar")
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 1500))
    expect(await listArchive(cut)).toBe("it is cut short (the file ends inside an archived file)")
    await expect(readEntry(cut, "a.bin")).rejects.toThrow(/cut short/)
    await expect(readEntry(file, "b.bin")).rejects.toThrow(/holds no b\.bin/)
  })
})
