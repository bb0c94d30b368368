/**
 * The one way commands print: a human answer by default (aligned tables, one-line confirmations), or with
 * `--json` exactly one JSON document on stdout for scripts. Nothing else goes to stdout in --json mode
 * (progress and prompts go to stderr).
 *
 * Everything printed is terminal-safe (`terminalSafe`): member-provided text (names, addresses, file names, chat
 * messages) may hold control characters that a terminal would run as commands (ESC "[2J" clears the screen; the
 * one-character C1 introducer U+009B does the same on many terminals), and text stored before it was checked
 * still does. Each is shown as a visible escape instead; JSON escapes them as `\u` sequences.
 */

export type Cell = string | number | boolean | null | undefined

// C0 controls, DEL, C1 controls, and the format characters that reorder or hide text (bidirectional embeddings,
// overrides, isolates and marks; zero-width ones).
const TERMINAL_UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters never printed as they are
  /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g
// The same but C0 (which JSON.stringify escapes itself).
const JSON_UNSAFE = /[\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g

const hex = (c: string, width: number) => c.charCodeAt(0).toString(16).padStart(width, "0")

/** Text made safe for a terminal: each control or text-reordering character as a visible `\xNN` or `\uNNNN`. */
export const terminalSafe = (text: string): string =>
  text.replace(TERMINAL_UNSAFE, (c) => (c.charCodeAt(0) <= 0xff ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`))

/** A whole answer made terminal-safe line by line: its own line breaks are kept, everything else escaped. */
export const terminalSafeLines = (text: string): string => text.split("\n").map(terminalSafe).join("\n")

/** Rows as an aligned text table with a header; `empty` when there are no rows. */
export const table = (
  rows: ReadonlyArray<Readonly<Record<string, Cell>>>,
  columns: ReadonlyArray<string>,
  empty: string,
): string => {
  if (rows.length === 0) return empty
  const text = (cell: Cell) => (cell === null || cell === undefined ? "-" : terminalSafe(String(cell)))
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => text(r[c]).length)))
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd()
  return [line(columns), ...rows.map((r) => line(columns.map((c) => text(r[c]))))].join("\n")
}

/** A record as "key: value" lines, keys aligned; keys and values terminal-safe. */
export const fields = (record: Readonly<Record<string, Cell>>): string => {
  const keys = Object.keys(record)
  const shown = keys.map(terminalSafe)
  const width = Math.max(0, ...shown.map((k) => k.length))
  return keys
    .map(
      (k, i) =>
        `${`${shown[i]}:`.padEnd(width + 1)} ${record[k] === undefined ? "-" : terminalSafe(String(record[k]))}`,
    )
    .join("\n")
}

/** An epoch-ms instant as ISO 8601 (UTC), or "-". */
export const instant = (ms: number | undefined): string =>
  ms === undefined ? "-" : new Date(ms).toISOString()

/**
 * JSON for scripts: bigints as strings, Uint8Array as their length (bytes are never dumped to a terminal), and
 * every character a terminal could act on as a `\u` escape (JSON.stringify escapes C0 only), so the same value.
 */
export const toJson = (value: unknown): string =>
  JSON.stringify(
    value,
    (_key, v: unknown) =>
      typeof v === "bigint" ? v.toString() : v instanceof Uint8Array ? { bytes: v.length } : v,
    2,
  ).replace(JSON_UNSAFE, (c) => `\\u${hex(c, 4)}`)
