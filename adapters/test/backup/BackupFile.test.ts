/**
 * A backup file (BackupFile.ts) opens only when it is whole and matches its manifest: a written backup opens with
 * its manifest (version, migrations, time, the dump's size and SHA-256, the keys to keep); a file that is no
 * backup, a manifest that is not one, a missing or altered dump are each refused as BackupDamaged, naming why.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Effect, Exit } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { writeArchive } from "../../src/backup/BackupArchive.ts"
import { openBackup, writeBackup } from "../../src/backup/BackupFile.ts"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-backup-file-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const dump = Buffer.from("the database's bytes")
const TAKEN = new Date("2026-11-26T10:00:00.000Z")

const written = async (name: string) => {
  const file = path.join(dir, name)
  const manifest = await Effect.runPromise(
    writeBackup(file, {
      database: "embedded",
      takenAt: TAKEN,
      postgres: "PGlite (PostgreSQL 18.6)",
      migrations: [{ id: 100, name: "audit_log" }],
      dump: { name: "pgdata.tar.gz", bytes: dump },
    }),
  )
  return { file, manifest }
}

const refusal = async (file: string) => {
  const exit = await Effect.runPromiseExit(openBackup(file))
  if (Exit.isSuccess(exit)) throw new Error("opened")
  const reason = exit.cause.reasons[0]
  return reason?._tag === "Fail" ? reason.error : undefined
}

describe("a backup file", () => {
  it("opens with its manifest when whole, leaving no partial file behind", async () => {
    const { file, manifest } = await written("whole.backup")
    const opened = await Effect.runPromise(openBackup(file))
    expect(opened.manifest).toEqual(manifest)
    expect(manifest).toMatchObject({
      format: "landunits-backup/1",
      database: "embedded",
      takenAt: "2026-11-26T10:00:00.000Z",
      migrations: [{ id: 100, name: "audit_log" }],
      files: [{ name: "pgdata.tar.gz", bytes: dump.length }],
    })
    expect(manifest.files[0]!.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(manifest.keepAlso.join("\n")).toMatch(/DOCUMENT_KEY[\s\S]*LEDGER_SIGNING_KEY/)
    expect(fs.existsSync(`${file}.partial`)).toBe(false)
  })

  it("is refused when it is no archive, or an archive without a manifest first", async () => {
    const junk = path.join(dir, "junk.backup")
    fs.writeFileSync(junk, "not a tar at all")
    expect(await refusal(junk)).toMatchObject({
      _tag: "BackupDamaged",
      message: expect.stringContaining("not a whole backup"),
    })
    const other = path.join(dir, "other.tar")
    await writeArchive(other, [{ name: "notes.txt", bytes: Buffer.from("hi") }])
    expect((await refusal(other))?.message).toContain("is not a Landunits backup (no manifest.json)")
  })

  it("is refused when its manifest is not a backup manifest", async () => {
    const file = path.join(dir, "bad-manifest.backup")
    await writeArchive(file, [{ name: "manifest.json", bytes: Buffer.from('{"format":"zip"}') }])
    expect((await refusal(file))?.message).toContain(
      "has a manifest.json that is not a Landunits backup manifest",
    )
  })

  it("is refused when the dump its manifest lists is missing or its SHA-256 differs", async () => {
    const { file, manifest } = await written("source.backup")
    const text = (m: unknown) => Buffer.from(JSON.stringify(m))
    const missing = path.join(dir, "missing.backup")
    await writeArchive(missing, [{ name: "manifest.json", bytes: text(manifest) }])
    expect((await refusal(missing))?.message).toContain("lacks pgdata.tar.gz, which its manifest lists")
    const altered = path.join(dir, "altered.backup")
    await writeArchive(altered, [
      { name: "manifest.json", bytes: text(manifest) },
      { name: "pgdata.tar.gz", bytes: Buffer.from("the database's bytez") },
    ])
    expect((await refusal(altered))?.message).toMatch(
      /is damaged: pgdata\.tar\.gz's SHA-256 is [0-9a-f]{64}, its manifest says/,
    )
    expect(fs.existsSync(file)).toBe(true)
  })
})
