/**
 * A progress bar for long runs, on stderr and only when stderr is a terminal: stdout (and --json output)
 * stays clean, and logs or pipes never fill with carriage returns.
 */

export interface Progress {
  readonly tick: () => void
  readonly done: () => void
}

const WIDTH = 30

/** The bar's text for `done` of `total`. */
export const progressLine = (label: string, done: number, total: number): string => {
  const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH)
  return `${label} [${"#".repeat(filled)}${".".repeat(WIDTH - filled)}] ${done}/${total}`
}

export const progress = (
  label: string,
  total: number,
  stream: { readonly isTTY?: boolean; write: (s: string) => unknown } = process.stderr,
): Progress => {
  if (stream.isTTY !== true || total < 2) return { tick: () => {}, done: () => {} }
  let count = 0
  stream.write(`\r${progressLine(label, 0, total)}`)
  return {
    tick: () => {
      count += 1
      stream.write(`\r${progressLine(label, count, total)}`)
    },
    done: () => {
      stream.write("\n")
    },
  }
}
