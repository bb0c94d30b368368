/**
 * The backup file (`landunits db backup --to FILE`): a plain POSIX tar (ustar), so `tar tvf FILE` lists it and
 * `tar xf FILE` unpacks it by hand, holding
 * - `manifest.json` first: what the backup is (BackupManifest.ts), with the size and SHA-256 of every other file;
 * - the database itself: `pgdata.tar.gz` (the embedded database's files, PGlite's own dump) or `database.pgdump`
 *   (pg_dump's custom format).
 *
 * Files are streamed in and out by offset, so a large dump is never held twice in memory. Reading checks every
 * header's own checksum and then every file's SHA-256 against the manifest: a damaged backup is refused whole.
 */
import * as crypto from "node:crypto"
import * as fs from "node:fs"

const BLOCK = 512
const CHUNK = 1 << 20

/** A file to put in the archive: its bytes, or a file on disk to stream from. */
export type ArchiveSource =
  | { readonly name: string; readonly bytes: Uint8Array }
  | { readonly name: string; readonly path: string }

/** A file found in the archive: where its bytes start in the archive and how many there are. */
export interface ArchiveEntry {
  readonly name: string
  readonly offset: number
  readonly size: number
}

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, "0")}\0`

const header = (name: string, size: number, mtime: number): Buffer => {
  if (Buffer.byteLength(name) > 99) throw new Error(`The archive's file name is too long: ${name}`)
  const h = Buffer.alloc(BLOCK, 0)
  h.write(name, 0, "utf8")
  h.write(octal(0o600, 8), 100, "ascii")
  h.write(octal(0, 8), 108, "ascii")
  h.write(octal(0, 8), 116, "ascii")
  h.write(octal(size, 12), 124, "ascii")
  h.write(octal(Math.floor(mtime / 1000), 12), 136, "ascii")
  h.write("        ", 148, "ascii")
  h.write("0", 156, "ascii")
  h.write("ustar\0", 257, "ascii")
  h.write("00", 263, "ascii")
  h.write(`${checksumOf(h).toString(8).padStart(6, "0")}\0 `, 148, "ascii")
  return h
}

/** A header's checksum: the sum of its bytes, the checksum field counted as spaces. */
const checksumOf = (h: Buffer) => {
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!
  return sum
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK

/** How many bytes a source holds. */
export const archiveSourceSize = (source: ArchiveSource) =>
  "bytes" in source ? source.bytes.byteLength : fs.statSync(source.path).size

/** Writes `sources` as a tar at `file` (created with mode 0600: a backup holds every member's data). */
export const writeArchive = (file: string, sources: ReadonlyArray<ArchiveSource>, mtime = Date.now()) => {
  const fd = fs.openSync(file, "w", 0o600)
  try {
    for (const source of sources) {
      const size = archiveSourceSize(source)
      fs.writeSync(fd, header(source.name, size, mtime))
      if ("bytes" in source) fs.writeSync(fd, source.bytes)
      else {
        const input = fs.openSync(source.path, "r")
        try {
          const buffer = Buffer.alloc(CHUNK)
          for (let read = fs.readSync(input, buffer); read > 0; read = fs.readSync(input, buffer))
            fs.writeSync(fd, buffer, 0, read)
        } finally {
          fs.closeSync(input)
        }
      }
      fs.writeSync(fd, Buffer.alloc(padding(size), 0))
    }
    fs.writeSync(fd, Buffer.alloc(2 * BLOCK, 0))
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/** The archive's files, or a reason it is not a readable archive. */
export const listArchive = (file: string): ReadonlyArray<ArchiveEntry> | string => {
  const total = fs.statSync(file).size
  const fd = fs.openSync(file, "r")
  try {
    const entries: Array<ArchiveEntry> = []
    const h = Buffer.alloc(BLOCK)
    let offset = 0
    while (offset + BLOCK <= total) {
      fs.readSync(fd, h, 0, BLOCK, offset)
      if (h.every((b) => b === 0)) return entries
      const stored = Number.parseInt(h.toString("ascii", 148, 156).replace(/[\0 ]/g, ""), 8)
      if (stored !== checksumOf(h)) return `the header at byte ${offset} is damaged`
      const name = h.toString("utf8", 0, 100).replace(/\0.*$/s, "")
      const size = Number.parseInt(h.toString("ascii", 124, 136).replace(/[\0 ]/g, ""), 8)
      if (!Number.isSafeInteger(size) || offset + BLOCK + size > total)
        return `${name} is cut short (the file ends before its ${size} bytes)`
      entries.push({ name, offset: offset + BLOCK, size })
      offset += BLOCK + size + padding(size)
    }
    return "the archive has no end (it was cut short)"
  } finally {
    fs.closeSync(fd)
  }
}

/** Calls `each` with the entry's bytes, a chunk at a time. */
const forEachChunk = (file: string, entry: ArchiveEntry, each: (chunk: Buffer) => void) => {
  const fd = fs.openSync(file, "r")
  try {
    const buffer = Buffer.alloc(CHUNK)
    for (let done = 0; done < entry.size; ) {
      const read = fs.readSync(fd, buffer, 0, Math.min(CHUNK, entry.size - done), entry.offset + done)
      if (read === 0) throw new Error(`${entry.name} is cut short`)
      each(buffer.subarray(0, read))
      done += read
    }
  } finally {
    fs.closeSync(fd)
  }
}

/** The SHA-256 (hex) of an entry's bytes. */
export const sha256OfEntry = (file: string, entry: ArchiveEntry) => {
  const hash = crypto.createHash("sha256")
  forEachChunk(file, entry, (chunk) => hash.update(chunk))
  return hash.digest("hex")
}

/** An entry's bytes, in memory. */
export const readEntry = (file: string, entry: ArchiveEntry): Buffer => {
  const chunks: Array<Buffer> = []
  forEachChunk(file, entry, (chunk) => chunks.push(Buffer.from(chunk)))
  return Buffer.concat(chunks)
}

/** Copies an entry's bytes to a file of its own (for pg_restore). */
export const extractEntry = (file: string, entry: ArchiveEntry, to: string) => {
  const fd = fs.openSync(to, "w", 0o600)
  try {
    forEachChunk(file, entry, (chunk) => fs.writeSync(fd, chunk))
  } finally {
    fs.closeSync(fd)
  }
}

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
