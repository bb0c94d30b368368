/**
 * The backup file (`landunits db backup --to FILE`): a plain POSIX tar (ustar, written and read by `tar-stream`), so
 * `tar tvf FILE` lists it and `tar xf FILE` unpacks it by hand, holding
 * - `manifest.json` first: what the backup is (BackupManifest.ts), with the size and SHA-256 of every other file;
 * - the database itself: `pgdata.tar.gz` (the embedded database's files, PGlite's own dump) or `database.pgdump`
 *   (pg_dump's custom format).
 *
 * Files stream in and out a chunk at a time, so a large dump is never held twice in memory. Reading checks every
 * header (tar-stream refuses one whose checksum does not match) and hashes every file as it passes; the manifest's
 * sizes and SHA-256s are checked against that (BackupFile.ts): a damaged backup is refused whole.
 */
import * as crypto from "node:crypto"
import * as fs from "node:fs"
import { pipeline } from "node:stream/promises"
import * as tar from "tar-stream"

const CHUNK = 1 << 20

/** A file to put in the archive: its bytes, or a file on disk to stream from. */
export type ArchiveSource =
  | { readonly name: string; readonly bytes: Uint8Array }
  | { readonly name: string; readonly path: string }

/** A file found in the archive: its name, its size and the SHA-256 (hex) of its bytes. */
export interface ArchiveEntry {
  readonly name: string
  readonly size: number
  readonly sha256: string
}

/** How many bytes a source holds. */
export const archiveSourceSize = (source: ArchiveSource) =>
  "bytes" in source ? source.bytes.byteLength : fs.statSync(source.path).size

/**
 * Writes `sources` as a tar at `file`, created with mode 0600 (a backup holds every member's data) and flushed to
 * the disk before the promise resolves.
 */
export const writeArchive = async (
  file: string,
  sources: ReadonlyArray<ArchiveSource>,
  mtime = Date.now(),
): Promise<void> => {
  const pack = tar.pack()
  const written = pipeline(pack, fs.createWriteStream(file, { mode: 0o600, flush: true }))
  for (const source of sources) {
    const header = { name: source.name, size: archiveSourceSize(source), mtime: new Date(mtime), mode: 0o600 }
    if ("bytes" in source) {
      await new Promise<void>((resolve, reject) =>
        pack.entry(header, Buffer.from(source.bytes), (error) => (error ? reject(error) : resolve())),
      )
    } else {
      await pipeline(fs.createReadStream(source.path, { highWaterMark: CHUNK }), pack.entry(header))
    }
  }
  pack.finalize()
  await written
}

/** What went wrong reading an archive, in words: a damaged header, or a file that ends too soon. */
const unreadable = (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error)
  if (/invalid tar header/i.test(message)) return "a header is damaged"
  if (/unexpected end/i.test(message)) return "it is cut short (the file ends inside an archived file)"
  return message
}

/**
 * Streams the archive's files in order to `each` (its header and its bytes); `each` must read the stream to its
 * end. Answers a reason when the file is not a readable archive (a damaged header, cut short).
 */
const forEachEntry = async (
  file: string,
  each: (header: tar.Header, bytes: AsyncIterable<Buffer>) => Promise<void>,
): Promise<string | undefined> => {
  const extract = tar.extract()
  const reading = pipeline(fs.createReadStream(file, { highWaterMark: CHUNK }), extract)
  try {
    for await (const entry of extract) await each(entry.header, entry as AsyncIterable<Buffer>)
    await reading
    return undefined
  } catch (error) {
    extract.destroy()
    await reading.catch(() => undefined)
    return unreadable(error)
  }
}

/** The archive's files with their sizes and SHA-256s, or a reason it is not a readable archive. */
export const listArchive = async (file: string): Promise<ReadonlyArray<ArchiveEntry> | string> => {
  const entries: Array<ArchiveEntry> = []
  const failed = await forEachEntry(file, async (header, bytes) => {
    const hash = crypto.createHash("sha256")
    let size = 0
    for await (const chunk of bytes) {
      hash.update(chunk)
      size += chunk.length
    }
    entries.push({ name: header.name, size, sha256: hash.digest("hex") })
  })
  return failed ?? entries
}

/** Streams the bytes of the archive's file `name` to `into`; fails when the archive has none or cannot be read. */
const copyEntry = async (
  file: string,
  name: string,
  into: (bytes: AsyncIterable<Buffer>) => Promise<void>,
) => {
  let found = false
  const failed = await forEachEntry(file, async (header, bytes) => {
    if (header.name === name && !found) {
      found = true
      await into(bytes)
    } else for await (const _ of bytes);
  })
  if (failed !== undefined) throw new Error(`${file} cannot be read: ${failed}`)
  if (!found) throw new Error(`${file} holds no ${name}`)
}

/** The bytes of the archive's file `name`, in memory. */
export const readEntry = async (file: string, name: string): Promise<Buffer> => {
  const chunks: Array<Buffer> = []
  await copyEntry(file, name, async (bytes) => {
    for await (const chunk of bytes) chunks.push(chunk)
  })
  return Buffer.concat(chunks)
}

/** Copies the archive's file `name` to a file of its own, mode 0600 (for pg_restore). */
export const extractEntry = (file: string, name: string, to: string) =>
  copyEntry(file, name, (bytes) => pipeline(bytes, fs.createWriteStream(to, { mode: 0o600 })))

/** The SHA-256 (hex) of bytes or of a file on disk. */
export const sha256Of = (source: ArchiveSource) => {
  const hash = crypto.createHash("sha256")
  if ("bytes" in source) return hash.update(source.bytes).digest("hex")
  const fd = fs.openSync(source.path, "r")
  try {
    const buffer = Buffer.alloc(CHUNK)
    for (let read = fs.readSync(fd, buffer); read > 0; read = fs.readSync(fd, buffer))
      hash.update(buffer.subarray(0, read))
  } finally {
    fs.closeSync(fd)
  }
  return hash.digest("hex")
}
