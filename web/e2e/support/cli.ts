/**
 * The admin CLI (`node cli/src/bin.ts`) as an OS process on the running server's installation: while the server runs
 * on the embedded database the CLI reaches it through the server's socket.
 */
import { type CliResult, runCliProcess } from "@landunits/test-support/CliProcess.ts"
import { expect } from "vitest"
import type { RunningServer } from "../server.ts"

export type { CliResult }

/**
 * Runs the CLI with `args` on the pinned Node (this one), stdin not a terminal, on the server's data directory and
 * its database (the server's PostgreSQL database, or the embedded one through the server's socket).
 */
export const runCli = (server: RunningServer, args: ReadonlyArray<string>) =>
  server.databaseUrl === undefined
    ? runCliProcess({ kind: "embedded", dataDir: server.dataDir }, args)
    : runCliProcess({ kind: "server", url: server.databaseUrl }, args, { DATA_DIR: server.dataDir })

/** Runs an admin command `--as` the admin's email; fails the test when it is refused. Answers its stdout. */
export const adminCli = async (server: RunningServer, admin: string, ...args: ReadonlyArray<string>) => {
  const result = await runCli(server, ["--as", admin, ...args])
  expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(0)
  return result.stdout
}

/**
 * An admin command that changes where money goes or how much (docs/operations.md, "Four eyes"): where two admins
 * exist it becomes a request (exit 3), which `approver`, the other admin, approves. Answers what acted's stdout.
 */
export const adminCliApproved = async (
  server: RunningServer,
  admin: string,
  approver: string,
  ...args: ReadonlyArray<string>
) => {
  const result = await runCli(server, ["--json", "--as", admin, ...args])
  if (result.code === 0) return result.stdout
  expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(3)
  const { awaitingApproval } = JSON.parse(result.stdout) as { awaitingApproval: { requestId: string } }
  return adminCli(server, approver, "--yes", "approvals", "approve", awaitingApproval.requestId)
}

/**
 * The demo admin a development start seeds with the demo history (adapters/src/demo/DemoHistory.ts), so the CLI
 * runbook works from the first minute: `--as admin@landunits.example`.
 */
export const DEMO_ADMIN = "admin@landunits.example"

/** Gives a member the admin role, made by the demo admin (an installation with an admin makes others so). */
export const makeAdmin = async (server: RunningServer, email: string): Promise<void> => {
  const made = await runCli(server, ["--as", DEMO_ADMIN, "--yes", "users", "make-admin", email])
  expect(made.stderr.split("\n").filter((l) => l.startsWith("Refused"))).toEqual([])
  expect(made.code, made.stderr).toBe(0)
}

/** The admin confirms a buy's payment (docs/operations.md): its pending Units become owned. */
export const confirmPayment = (server: RunningServer, admin: string, orderId: string) =>
  adminCli(server, admin, "--yes", "orders", "confirm-payment", orderId)
