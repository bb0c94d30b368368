/**
 * The shipped HAProxy and PgBouncer configurations (docs/deploy/), run as child processes the way
 * docs/operations.md fills them in, each without an app or a database behind it:
 * - HAProxy with no app process up answers what an app process answers while its database is away: 503, JSON
 *   `{ message }`, `Retry-After`, never HAProxy's own HTML page;
 * - PgBouncer's console (`SHOW POOLS`) admits the user `admin_users` names, and refuses the app's user.
 * Without haproxy, pgbouncer or psql on PATH (`.ci/run` installs them) a part is reported as not run, by name.
 */
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { promisify } from "node:util"
import { freePort } from "@landunits/test-support/AppProcess.ts"
import {
  missingTools,
  PGBOUNCER_ADMIN_USER,
  startHaproxy,
  startPgbouncer,
} from "@landunits/test-support/DeployStack.ts"
import { afterAll, describe, expect, it } from "vitest"
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "../../src/http/api/ApiErrors.ts"

const missing = missingTools()
const hasHaproxy = !missing.includes("haproxy")
const hasPgbouncer = !missing.includes("pgbouncer") && !missing.includes("psql")
if (!hasHaproxy) console.warn("[not run] HAProxy's 503 without a backend (haproxy is not on PATH)")
if (!hasPgbouncer) console.warn("[not run] PgBouncer's console (pgbouncer or psql is not on PATH)")

const run = promisify(execFile)
const dirs: Array<string> = []
const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup()
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-configs-"))
  // Started as root, PgBouncer switches to the postgres user, who must read its files.
  fs.chmodSync(dir, 0o755)
  dirs.push(dir)
  return dir
}

describe.runIf(hasHaproxy)("docs/deploy/haproxy.cfg with no app process up", () => {
  it("answers every request, a GET and a buy's POST, with the app's JSON 503 and Retry-After, before and after its checks mark the processes DOWN", async () => {
    // Two addresses nobody listens on: no process is up.
    const [a, b] = [await freePort(), await freePort()]
    const haproxy = await startHaproxy(tempDir(), [`127.0.0.1:${a}`, `127.0.0.1:${b}`])
    cleanups.push(haproxy.stop)
    const expectAppsOwn503 = async (response: Response) => {
      expect(response.status).toBe(503)
      expect(response.headers.get("content-type")).toBe("application/json")
      expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS))
      expect(await response.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE })
    }
    // At once: the connections are refused, retried, then HAProxy gives up.
    await expectAppsOwn503(await fetch(`${haproxy.baseUrl}/api/user`))
    // Once both are DOWN (inter 1s, fall 2): "no server is available".
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    await expectAppsOwn503(
      await fetch(`${haproxy.baseUrl}/api/order/create_order`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    )
    await expectAppsOwn503(await fetch(`${haproxy.baseUrl}/dashboard`))
    expect(haproxy.output()).toMatch(/no server available/)
  }, 30_000)
})

describe.runIf(hasPgbouncer)("docs/deploy/pgbouncer.ini's console", () => {
  it(`admits ${PGBOUNCER_ADMIN_USER} (admin_users) to SHOW POOLS, and refuses the app's user`, async () => {
    const bouncer = await startPgbouncer(tempDir(), {
      // Nothing listens there: the console is PgBouncer's own and needs no database.
      upstream: { host: "127.0.0.1", port: String(await freePort()), database: "landunits" },
      users: { [PGBOUNCER_ADMIN_USER]: "", app: "" },
      poolSize: 30,
    })
    cleanups.push(bouncer.stop)
    const console_ = (user: string) =>
      run(
        "psql",
        ["-qAtX", "-h", "127.0.0.1", "-p", String(bouncer.port), "-U", user, "-c", "SHOW POOLS", "pgbouncer"],
        {
          encoding: "utf8",
        },
      )
    const pools = await console_(PGBOUNCER_ADMIN_USER)
    // The console's own pool at least ("pgbouncer|pgbouncer|…").
    expect(pools.stdout).toMatch(/^pgbouncer\|pgbouncer\|/m)
    await expect(console_("app")).rejects.toThrow(/not allowed/)
  }, 30_000)
})
