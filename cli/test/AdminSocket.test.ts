/**
 * The running server answers the CLI's read commands on its admin socket (issue 27: "a read command through the
 * running server's socket"). The app as an operator starts it (`node cli/src/start.ts`, development, a fresh
 * DATA_DIR, so the demo admin is seeded) and the CLI as its own process:
 * - the socket is DATA_DIR/admin.sock, owner-only; a read is answered there (the server logs it) with the same
 *   answer as the CLI gives on its own (LANDUNITS_CLI_LOCAL=1), refusals and exit codes included;
 * - a command that changes something is not sent, and the socket refuses one sent to it by hand;
 * - once the server stops, the file is gone and the same read runs in the CLI's own process.
 */
import * as fs from "node:fs"
import * as net from "node:net"
import * as path from "node:path"
import { DEMO_ADMIN_EMAIL } from "@landunits/adapters/demo/DemoHistory.ts"
import { type AppProcess, startAppProcess } from "@landunits/test-support/AppProcess.ts"
import { runCliProcess, type Target } from "@landunits/test-support/CliProcess.ts"
import { migratedDataDir } from "@landunits/test-support/DatabaseTemplates.ts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

let dataDir: string
let app: AppProcess | undefined
let target: Target

const socketPath = () => path.join(dataDir, "admin.sock")

/** The server's log lines that say it answered `name` on the socket. */
const answeredOnSocket = (name: string) =>
  (app?.output() ?? "").split("\n").filter((line) => line.includes(`Answered the CLI's \`${name}\``)).length

/** One request written to the socket by hand; the messages it answers. */
const ask = (line: string) =>
  new Promise<ReadonlyArray<Record<string, unknown>>>((resolve, reject) => {
    let text = ""
    const socket = net.createConnection(socketPath())
    socket.setEncoding("utf8")
    socket.on("connect", () => socket.write(`${line}\n`))
    socket.on("data", (chunk: string) => {
      text += chunk
    })
    socket.on("error", reject)
    socket.on("close", () =>
      resolve(
        text
          .split("\n")
          .filter((l) => l !== "")
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      ),
    )
  })

beforeAll(async () => {
  dataDir = migratedDataDir("landunits-admin-socket-")
  target = { kind: "embedded", dataDir }
  // The embedded database of DATA_DIR, as the CLI processes use (a CI run sets DATABASE_URL for other tests).
  app = await startAppProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "Info",
    LOG_FORMAT: "logfmt",
  })
  const deadline = Date.now() + 30_000
  while (!fs.existsSync(socketPath()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
}, 120_000)

afterAll(async () => {
  await app?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe("the server's admin socket", () => {
  it("is DATA_DIR/admin.sock, a socket only the app's own user may open", () => {
    const stat = fs.statSync(socketPath())
    expect(stat.isSocket()).toBe(true)
    expect(stat.mode & 0o777).toBe(0o600)
  })

  it("answers a read command with the same answer as the CLI's own process", async () => {
    const args = ["--as", DEMO_ADMIN_EMAIL, "--json", "users", "list"]
    const before = answeredOnSocket("users list")
    const viaServer = await runCliProcess(target, args)
    expect(viaServer.code).toBe(0)
    expect(answeredOnSocket("users list")).toBe(before + 1)
    const local = await runCliProcess(target, args, { LANDUNITS_CLI_LOCAL: "1" })
    expect(local.code).toBe(0)
    expect(answeredOnSocket("users list")).toBe(before + 1)
    const emails = (JSON.parse(viaServer.stdout) as ReadonlyArray<{ email: string }>).map((u) => u.email)
    expect(emails).toContain(DEMO_ADMIN_EMAIL)
    expect(JSON.parse(viaServer.stdout)).toEqual(JSON.parse(local.stdout))
    // The alias reaches the same command.
    const pending = await runCliProcess(target, ["--as", DEMO_ADMIN_EMAIL, "kyc", "pending"])
    expect(pending.code).toBe(0)
    expect(pending.stdout.trim()).toBe("Nobody is in Pending Verification.")
    expect(answeredOnSocket("kyc list")).toBe(1)
    // Without --as, the admin is the one the CLI's shell names (LANDUNITS_ADMIN), sent with the command line.
    expect(await ask(JSON.stringify({ argv: ["kyc", "list"], admin: DEMO_ADMIN_EMAIL }))).toEqual([
      { out: "Nobody is in Pending Verification." },
      { exit: 0 },
    ])
  })

  it("gives a refusal its words and exit code, as the CLI's own process does", async () => {
    const args = ["--as", "nobody@landunits.example", "kyc", "list"]
    const viaServer = await runCliProcess(target, args)
    const local = await runCliProcess(target, args, { LANDUNITS_CLI_LOCAL: "1" })
    expect(viaServer.code).toBe(1)
    expect(viaServer.stderr.trim()).toBe(
      "Refused: nobody@landunits.example is not an admin (see: landunits users make-admin)",
    )
    expect(local.code).toBe(1)
    expect(local.stderr).toContain(viaServer.stderr.trim())
    // Help and usage errors never leave the CLI.
    const usage = await runCliProcess(target, ["kyc", "list", "--bogus"])
    expect(usage.code).toBe(1)
    expect(usage.stderr).toContain("unknown option '--bogus'")
    expect(answeredOnSocket("kyc list")).toBe(3)
  })

  it("does not take a command that changes something, even written to it by hand", async () => {
    const changed = await runCliProcess(target, [
      "--as",
      DEMO_ADMIN_EMAIL,
      "discount-codes",
      "create",
      "SOCKET10",
      "--percent",
      "10",
    ])
    expect(changed.code).toBe(0)
    expect(answeredOnSocket("discount-codes create")).toBe(0)
    const codes = await runCliProcess(target, ["--as", DEMO_ADMIN_EMAIL, "--json", "discount-codes", "list"])
    expect(codes.stdout).toContain("SOCKET10")
    const refused = await ask(
      JSON.stringify({ argv: ["--as", DEMO_ADMIN_EMAIL, "users", "make-admin", "demo@landunits.example"] }),
    )
    expect(refused).toEqual([
      { err: "Refused: the server answers reads only, not users make-admin" },
      { exit: 1 },
    ])
    const users = await runCliProcess(target, [
      "--as",
      DEMO_ADMIN_EMAIL,
      "--json",
      "users",
      "show",
      "demo@landunits.example",
    ])
    expect((JSON.parse(users.stdout) as { account: { role: string } }).account.role).toBe("member")
    expect(await ask("not json")).toEqual([{ err: "Refused: not a command line" }, { exit: 1 }])
  })

  it("is removed when the server stops, and the same read then runs in the CLI's own process", async () => {
    await app?.stop()
    app = undefined
    expect(fs.existsSync(socketPath())).toBe(false)
    const local = await runCliProcess(target, ["--as", DEMO_ADMIN_EMAIL, "--json", "users", "list"])
    expect(local.code).toBe(0)
    expect((JSON.parse(local.stdout) as ReadonlyArray<{ email: string }>).map((u) => u.email)).toContain(
      DEMO_ADMIN_EMAIL,
    )
    // A file left where the socket was (a server killed without its cleanup) is no server: the CLI runs the read.
    fs.writeFileSync(socketPath(), "")
    const stale = await runCliProcess(target, ["--as", DEMO_ADMIN_EMAIL, "--json", "users", "list"])
    expect(stale.code).toBe(0)
    expect(JSON.parse(stale.stdout)).toEqual(JSON.parse(local.stdout))
  }, 60_000)
})
