/**
 * Where a command's answer goes: this process's stdout, stderr and exit code (CONSOLE_IO), or, for a read
 * command the running server answers, back through its admin socket (AdminSocket.ts). Plain Node: Program.ts
 * loads it for `--help`, which must not load the app.
 */
export interface CliIo {
  readonly out: (text: string) => void
  readonly err: (text: string) => void
  readonly exitCode: (code: number) => void
}

export const CONSOLE_IO: CliIo = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  exitCode: (code) => {
    process.exitCode = code
  },
}
