/**
 * The client's address behind the deployment's proxies (server/TrustedProxies.ts, docs/security.md "The client's
 * address"): the right-most X-Forwarded-For entry that is not a trusted proxy, only when the socket peer is one;
 * TRUSTED_PROXIES parsed with its bad entries named; CIDR ranges matched as the bits say.
 */

import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  clientAddressOf,
  isTrusted,
  NO_TRUSTED_PROXIES,
  parseAddress,
  parseTrustedProxies,
  type TrustedProxies,
} from "../../src/http/server/TrustedProxies.ts"

const proxies = (setting: string): TrustedProxies => {
  const parsed = parseTrustedProxies(setting)
  if (Result.isFailure(parsed)) throw new Error(parsed.failure.message)
  return parsed.success
}

const trusts = (setting: string, address: string) => {
  const parsed = parseAddress(address)
  if (parsed === undefined) throw new Error(`not an address: ${address}`)
  return isTrusted(proxies(setting), parsed)
}

const failureOf = (setting: string) => {
  const parsed = parseTrustedProxies(setting)
  if (Result.isSuccess(parsed)) throw new Error(`accepted: ${setting}`)
  return parsed.failure
}

const HAPROXY = proxies("127.0.0.1")
const LAN = proxies("10.0.0.0/8, fd00::/8")

describe("TRUSTED_PROXIES", () => {
  it("empty or unset trusts nobody", () => {
    expect(proxies("").networks).toEqual([])
    expect(proxies("  ").networks).toEqual([])
    expect(trusts("", "127.0.0.1")).toBe(false)
  })

  it("takes IPv4 and IPv6 addresses and CIDR ranges, comma-separated, blanks and empty entries ignored", () => {
    const list = " 127.0.0.1 , ::1,10.1.0.0/16,, fd00::/8 ,"
    expect(proxies(list).networks).toHaveLength(4)
    expect(trusts(list, "127.0.0.1")).toBe(true)
    expect(trusts(list, "127.0.0.2")).toBe(false)
    expect(trusts(list, "::1")).toBe(true)
    expect(trusts(list, "10.1.255.255")).toBe(true)
    expect(trusts(list, "10.2.0.0")).toBe(false)
    expect(trusts(list, "fdab:1234::9")).toBe(true)
    expect(trusts(list, "fe80::1")).toBe(false)
  })

  it("an IPv4 proxy is trusted however the socket shows it (IPv4-mapped IPv6), and a mapped entry or range trusts the IPv4 address", () => {
    expect(trusts("127.0.0.1", "::ffff:127.0.0.1")).toBe(true)
    expect(trusts("::ffff:127.0.0.1", "127.0.0.1")).toBe(true)
    expect(trusts("::ffff:10.0.0.0/104", "10.9.8.7")).toBe(true)
    expect(trusts("::ffff:10.0.0.0/104", "11.0.0.1")).toBe(false)
  })

  it("a bad entry stops the start, named with its place: not an address, a name, a prefix too long, host bits set", () => {
    const garbage = failureOf("127.0.0.1, haproxy, ::1")
    expect(garbage._tag).toBe("TrustedProxiesInvalid")
    expect(garbage.entry).toBe("haproxy")
    expect(garbage.message).toContain(
      'TRUSTED_PROXIES entry 2 of 3, "haproxy", is not an IP address or a CIDR range',
    )
    expect(failureOf("10.0.0.0/33").message).toContain('entry 1 of 1, "10.0.0.0/33"')
    expect(failureOf("10.0.0.1/8").message).toContain("host bits")
    expect(failureOf("1.2.3").entry).toBe("1.2.3")
    expect(failureOf("fd00::/8, 2001:db8:::1").entry).toBe("2001:db8:::1")
  })
})

describe("the client's address", () => {
  it("from an untrusted peer is the peer, whatever X-Forwarded-For says (a visitor cannot choose their address)", () => {
    expect(clientAddressOf(NO_TRUSTED_PROXIES, "203.0.113.9", "198.51.100.1")).toBe("203.0.113.9")
    expect(clientAddressOf(HAPROXY, "203.0.113.9", "198.51.100.1")).toBe("203.0.113.9")
    expect(clientAddressOf(LAN, "127.0.0.1", ["10.0.0.1", "198.51.100.1"])).toBe("127.0.0.1")
  })

  it("from a trusted peer is the right-most entry that is not a trusted proxy; the client's own entries left of it are ignored", () => {
    expect(clientAddressOf(HAPROXY, "127.0.0.1", "203.0.113.7")).toBe("203.0.113.7")
    expect(clientAddressOf(HAPROXY, "127.0.0.1", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7")
    expect(clientAddressOf(LAN, "10.0.0.2", "6.6.6.6, 203.0.113.7, 10.0.0.9")).toBe("203.0.113.7")
  })

  it("reads every X-Forwarded-For header, in order, each a comma list", () => {
    expect(clientAddressOf(LAN, "10.0.0.2", ["6.6.6.6", "203.0.113.7,10.0.0.3", " 10.0.0.9 "])).toBe(
      "203.0.113.7",
    )
  })

  it("is the left-most entry when every entry is a trusted proxy", () => {
    expect(clientAddressOf(LAN, "10.0.0.2", "10.0.0.5, 10.0.0.3")).toBe("10.0.0.5")
    expect(clientAddressOf(HAPROXY, "127.0.0.1", "127.0.0.1")).toBe("127.0.0.1")
  })

  it("is the peer when the header is absent, empty, or an entry the walk meets is not an address", () => {
    expect(clientAddressOf(HAPROXY, "127.0.0.1", undefined)).toBe("127.0.0.1")
    expect(clientAddressOf(HAPROXY, "127.0.0.1", "")).toBe("127.0.0.1")
    expect(clientAddressOf(HAPROXY, "127.0.0.1", "203.0.113.7, unknown")).toBe("127.0.0.1")
    expect(clientAddressOf(HAPROXY, "127.0.0.1", "203.0.113.7, ")).toBe("127.0.0.1")
    expect(clientAddressOf(LAN, "10.0.0.2", "203.0.113.7, 10.0.0.3, 300.1.1.1")).toBe("10.0.0.2")
    // Garbage the client wrote left of the proxy's entry is never reached.
    expect(clientAddressOf(HAPROXY, "127.0.0.1", "<script>, , 203.0.113.7")).toBe("203.0.113.7")
  })

  it("takes IPv6, bracketed IPv6 and addresses with a port, and answers them in one canonical form", () => {
    const v6 = proxies("::1")
    expect(clientAddressOf(v6, "::1", "2001:DB8:0::1")).toBe("2001:db8::1")
    expect(clientAddressOf(v6, "::1", "[2001:db8::1]:4711")).toBe("2001:db8::1")
    expect(clientAddressOf(v6, "::1", "[2001:db8::1]")).toBe("2001:db8::1")
    expect(clientAddressOf(v6, "::1", "203.0.113.7:1234")).toBe("203.0.113.7")
    expect(clientAddressOf(v6, "::1", "::ffff:203.0.113.7")).toBe("203.0.113.7")
  })

  it("an IPv4 peer on a dual-stack socket (::ffff:127.0.0.1) is the IPv4 address, trusted or not", () => {
    expect(clientAddressOf(HAPROXY, "::ffff:127.0.0.1", "203.0.113.7")).toBe("203.0.113.7")
    expect(clientAddressOf(NO_TRUSTED_PROXIES, "::ffff:127.0.0.1", "203.0.113.7")).toBe("127.0.0.1")
  })

  it("without an IP peer (a Unix socket, none) is the peer's text or `unknown`", () => {
    expect(clientAddressOf(HAPROXY, undefined, "203.0.113.7")).toBe("unknown")
    expect(clientAddressOf(HAPROXY, "", "203.0.113.7")).toBe("unknown")
  })
})

/** An IPv4 address as a number, and back. */
const v4Number = (text: string) => text.split(".").reduce((n, octet) => n * 256 + Number(octet), 0)
const v4Text = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join(".")
const anyV4 = fc.integer({ min: 0, max: 2 ** 32 - 1 }).map(v4Text)
/** Untrusted under LAN and HAPROXY: outside 10/8 and 127/8. */
const publicV4 = anyV4.filter((a) => !a.startsWith("10.") && !a.startsWith("127."))
const lanV4 = fc.integer({ min: 0, max: 2 ** 24 - 1 }).map((n) => v4Text(v4Number("10.0.0.0") + n))
/** Anything a client may write in its own X-Forwarded-For entries (addresses, garbage, commas, blanks). */
const clientWritten = fc.array(
  fc.oneof(
    anyV4,
    fc.ipV6(),
    fc.string({ maxLength: 12 }),
    fc.constantFrom("unknown", "", " ", "::ffff:10.0.0.1"),
  ),
  { maxLength: 6 },
)

describe("the client's address, for any input", () => {
  it("a range trusts exactly the addresses whose first `prefix` bits are its own (IPv4, against arithmetic)", () => {
    fc.assert(
      fc.property(anyV4, fc.integer({ min: 0, max: 32 }), anyV4, (base, prefix, address) => {
        const size = 2 ** (32 - prefix)
        const network = v4Text(Math.floor(v4Number(base) / size) * size)
        const inside = Math.floor(v4Number(address) / size) === Math.floor(v4Number(base) / size)
        expect(trusts(`${network}/${prefix}`, address)).toBe(inside)
        expect(trusts(`${network}/${prefix}`, `::ffff:${address}`)).toBe(inside)
      }),
    )
  })

  it("from an untrusted peer, X-Forwarded-For never changes the answer", () => {
    fc.assert(
      fc.property(publicV4, clientWritten, (peer, header) => {
        expect(clientAddressOf(LAN, peer, header.join(","))).toBe(peer)
        expect(clientAddressOf(LAN, `::ffff:${peer}`, header)).toBe(peer)
      }),
    )
  })

  it("behind trusted proxies that each append their peer, the client is the address the first proxy saw, whatever the client wrote", () => {
    fc.assert(
      fc.property(
        clientWritten,
        fc.oneof(
          publicV4,
          fc.ipV6().filter((a) => !/^fd/i.test(a) && parseAddress(a) !== undefined),
        ),
        fc.array(lanV4, { maxLength: 3 }),
        lanV4,
        (written, client, hops, peer) => {
          const canonical = clientAddressOf(NO_TRUSTED_PROXIES, client, undefined)
          // A mapped IPv6 client inside 10/8 would be a trusted proxy, not a client: not this property.
          fc.pre(!canonical.startsWith("10.") && !/^fd/i.test(canonical))
          const header = [...written, client, ...hops]
          expect(clientAddressOf(LAN, peer, header.join(", "))).toBe(canonical)
          // The same entries split over several headers.
          expect(clientAddressOf(LAN, peer, header)).toBe(canonical)
        },
      ),
    )
  })

  it("when every entry is a trusted proxy, the left-most", () => {
    fc.assert(
      fc.property(fc.array(lanV4, { minLength: 1, maxLength: 5 }), lanV4, (entries, peer) => {
        expect(clientAddressOf(LAN, peer, entries.join(","))).toBe(entries[0])
      }),
    )
  })

  it("a setting made of valid entries parses, and trusts each listed address", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(anyV4, fc.ipV6()), { minLength: 1, maxLength: 5 }), (addresses) => {
        const listed = proxies(addresses.join(" , "))
        for (const address of addresses) expect(isTrusted(listed, parseAddress(address)!)).toBe(true)
      }),
    )
  })
})
