/**
 * The client's address as the deployment sees it (docs/security.md, "The client's address"): the rule, pure.
 *
 * TRUSTED_PROXIES lists the proxies in front of the app (HAProxy, a TLS terminator): IPv4 or IPv6 addresses
 * and CIDR ranges, comma-separated. A request whose socket peer is one of them is answered for the address
 * the proxies say they received it from: the right-most X-Forwarded-For entry (over every such header, each a
 * comma list) that is not itself a trusted proxy. Each proxy appends the address it was connected from, so the
 * entries right of that one were written by our proxies, and everything left of it by whoever sent the
 * request, who may write anything. When every entry is a trusted proxy, the left-most; when the header is
 * absent, or the walk from the right meets an entry that is not an address (a proxy that writes `unknown`,
 * garbage), the peer. From any other peer the header is ignored: a visitor cannot choose their own address.
 *
 * Addresses are compared and returned in one canonical form: IPv4-mapped IPv6 (`::ffff:127.0.0.1`, how Node
 * shows an IPv4 peer on a dual-stack socket) is the IPv4 address, IPv6 is lower-case and compressed, so one
 * client is one rate-limit key however its address was written.
 */
import { Result, Schema } from "effect"
import { IpNetwork, NetAddress } from "effect/net"

/** The trusted proxies: what TRUSTED_PROXIES lists (a bare address is a range of one). */
export interface TrustedProxies {
  readonly networks: ReadonlyArray<IpNetwork.IpNetwork>
}

/** Trusts nobody: the default, and what an empty TRUSTED_PROXIES means. */
export const NO_TRUSTED_PROXIES: TrustedProxies = { networks: [] }

/** TRUSTED_PROXIES has an entry that is neither an IP address nor a CIDR range. */
export class TrustedProxiesInvalid extends Schema.TaggedError<TrustedProxiesInvalid>()(
  "TrustedProxiesInvalid",
  { entry: Schema.String, message: Schema.String },
) {}

/** `1.2.3.4`, `::1`, `[::1]`, `1.2.3.4:5678`, `[::1]:5678`, in canonical form; anything else: undefined. */
export const parseAddress = (text: string): NetAddress.IpAddress | undefined => {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text
  const ip = NetAddress.ipFromString(bare)
  if (Result.isSuccess(ip)) return NetAddress.toCanonical(ip.success)
  const inet = NetAddress.inetAddressFromString(text)
  return Result.isSuccess(inet) ? NetAddress.toCanonical(inet.success.address) : undefined
}

/** The canonical text of an address (`127.0.0.1`, `2001:db8::1`). */
export const formatAddress = (address: NetAddress.IpAddress): string => NetAddress.formatIp(address)

const parseEntry = (entry: string): Result.Result<IpNetwork.IpNetwork, string> => {
  if (entry.includes("/")) {
    const network = IpNetwork.fromString(entry)
    return Result.isSuccess(network) ? Result.succeed(network.success) : Result.fail(network.failure.message)
  }
  const ip = NetAddress.ipFromString(entry)
  if (Result.isFailure(ip)) return Result.fail(ip.failure.message)
  const address = NetAddress.toCanonical(ip.success)
  return Result.succeed(IpNetwork.makeUnsafe(address, NetAddress.width(address)))
}

/**
 * TRUSTED_PROXIES read: comma-separated addresses and CIDR ranges (`10.0.0.5, 10.1.0.0/16, fd00::/8`), blanks
 * around them and empty entries ignored; an empty setting trusts nobody. Names are not resolved. A bad entry
 * fails naming it and its place: a range with host bits set (`10.0.0.1/8`) too, since it is likely a typo.
 */
export const parseTrustedProxies = (
  setting: string,
): Result.Result<TrustedProxies, TrustedProxiesInvalid> => {
  const entries = setting
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
  const networks: Array<IpNetwork.IpNetwork> = []
  for (const [index, entry] of entries.entries()) {
    const network = parseEntry(entry)
    if (Result.isFailure(network))
      return Result.fail(
        new TrustedProxiesInvalid({
          entry,
          message:
            `TRUSTED_PROXIES entry ${index + 1} of ${entries.length}, "${entry}", is not an IP address or a CIDR ` +
            `range (${network.failure}). List the proxies in front of the app by address or range, comma-separated: ` +
            `"127.0.0.1", "10.0.0.0/8, fd00::/8".`,
        }),
      )
    networks.push(network.success)
  }
  return Result.succeed({ networks })
}

/** Whether `address` (canonical) is a trusted proxy; an IPv4 address also matches IPv6 ranges by its mapped form. */
export const isTrusted = (proxies: TrustedProxies, address: NetAddress.IpAddress): boolean => {
  if (proxies.networks.length === 0) return false
  const mapped = NetAddress.isIpv4Address(address) ? NetAddress.toIpv4Mapped(address) : undefined
  return proxies.networks.some(
    (network) =>
      IpNetwork.contains(network, address) || (mapped !== undefined && IpNetwork.contains(network, mapped)),
  )
}

/** Every entry of the X-Forwarded-For headers, in order (headers in order, each a comma list), trimmed. */
export const forwardedEntries = (forwardedFor: string | ReadonlyArray<string> | undefined): Array<string> =>
  (forwardedFor === undefined ? [] : typeof forwardedFor === "string" ? [forwardedFor] : forwardedFor)
    .flatMap((header) => header.split(","))
    .map((entry) => entry.trim())

/** The peer's text when it is not an address (a Unix socket, none at all). */
export const UNKNOWN_ADDRESS = "unknown"

/**
 * The client's address (see above): the socket `peer` as the server saw it, the request's X-Forwarded-For
 * header(s) and the trusted proxies. Canonical text; `unknown` when the peer is not an IP address.
 */
export const clientAddressOf = (
  proxies: TrustedProxies,
  peer: string | undefined,
  forwardedFor: string | ReadonlyArray<string> | undefined,
): string => {
  const peerIp = peer === undefined ? undefined : parseAddress(peer)
  if (peerIp === undefined) return peer === undefined || peer === "" ? UNKNOWN_ADDRESS : peer
  if (forwardedFor === undefined || !isTrusted(proxies, peerIp)) return formatAddress(peerIp)
  const entries = forwardedEntries(forwardedFor)
  for (let index = entries.length - 1; index >= 0; index--) {
    const address = parseAddress(entries[index]!)
    // Written by one of our proxies (right of the client's own entries), yet not an address: trust none of it.
    if (address === undefined) return formatAddress(peerIp)
    if (index > 0 && isTrusted(proxies, address)) continue
    return formatAddress(address)
  }
  return formatAddress(peerIp)
}
