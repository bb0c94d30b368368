/**
 * The one way commands print: a human answer by default (aligned tables, one-line confirmations), or with
 * `--json` exactly one JSON document on stdout for scripts. Nothing else goes to stdout in --json mode
 * (progress and prompts go to stderr).
 */

export type Cell = string | number | boolean | null | undefined

/** Rows as an aligned text table with a header; `empty` when there are no rows. */
export const table = (
  rows: ReadonlyArray<Readonly<Record<string, Cell>>>,
  columns: ReadonlyArray<string>,
  empty: string,
): string => {
  if (rows.length === 0) return empty
  const text = (cell: Cell) => (cell === null || cell === undefined ? "-" : String(cell))
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => text(r[c]).length)))
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd()
  return [line(columns), ...rows.map((r) => line(columns.map((c) => text(r[c]))))].join("\n")
}

/** A record as "key: value" lines, keys aligned. */
export const fields = (record: Readonly<Record<string, Cell>>): string => {
  const keys = Object.keys(record)
  const width = Math.max(0, ...keys.map((k) => k.length))
  return keys
    .map((k) => `${`${k}:`.padEnd(width + 1)} ${record[k] === undefined ? "-" : String(record[k])}`)
    .join("\n")
}

/** An epoch-ms instant as ISO 8601 (UTC), or "-". */
export const instant = (ms: number | undefined): string =>
  ms === undefined ? "-" : new Date(ms).toISOString()

/** JSON for scripts: bigints as strings, Uint8Array as their length (bytes are never dumped to a terminal). */
export const toJson = (value: unknown): string =>
  JSON.stringify(
    value,
    (_key, v: unknown) =>
      typeof v === "bigint" ? v.toString() : v instanceof Uint8Array ? { bytes: v.length } : v,
    2,
  )
