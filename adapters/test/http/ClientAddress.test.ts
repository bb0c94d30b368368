/**
 * One way to the client's address (handlers/ClientAddress.ts): no other file under adapters/src reads the
 * request's socket peer, so every rate limit and every record of an address sees the client as TRUSTED_PROXIES
 * says; and the setting is checked at start, a bad entry named. Through a real HAProxy:
 * adapters/test/app/ClientAddressBehindHaproxy.test.ts.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { ConfigProvider, Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { readTrustedProxies } from "../../src/app/Server.ts"

const SRC = fileURLToPath(new URL("../../src/", import.meta.url))
const THE_ONE = path.join("http", "handlers", "ClientAddress.ts")

const sourceFiles = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : []
  })

const read = (setting: Record<string, string>) =>
  Effect.runPromiseExit(
    readTrustedProxies.pipe(Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnvRecord(setting)))),
  )

describe("the client's address", () => {
  it("is read from the socket in one file only: no other file under adapters/src reads remoteAddress, peerAddress or a socket's remote address", () => {
    const files = sourceFiles(SRC)
    expect(files.length).toBeGreaterThan(50)
    const readers = files
      .filter((file) => /remoteAddress|peerAddress|remotePort|\.socket\b/.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(SRC, file))
    expect(readers).toEqual([THE_ONE])
  })

  it("TRUSTED_PROXIES unset or empty trusts nobody", async () => {
    for (const setting of [{}, { TRUSTED_PROXIES: "" }]) {
      const exit = await read(setting)
      expect(Exit.isSuccess(exit) && exit.value.networks).toEqual([])
    }
  })

  it("TRUSTED_PROXIES with a bad entry stops the start with TrustedProxiesInvalid, naming the entry", async () => {
    const exit = await read({ TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8, haproxy.internal" })
    expect(Exit.isFailure(exit)).toBe(true)
    const text = String(Exit.isFailure(exit) ? exit.cause : "")
    expect(text).toContain("TrustedProxiesInvalid")
    expect(text).toContain(
      'TRUSTED_PROXIES entry 3 of 3, "haproxy.internal", is not an IP address or a CIDR range',
    )
  })

  it("TRUSTED_PROXIES with addresses and ranges is read", async () => {
    const exit = await read({ TRUSTED_PROXIES: "127.0.0.1, ::1, 10.0.0.0/8" })
    expect(Exit.isSuccess(exit) && exit.value.networks.length).toBe(3)
  })
})
