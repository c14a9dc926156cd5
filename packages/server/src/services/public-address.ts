/**
 * Where webhooks may go: public unicast addresses only (issue 29, N3). An address is parsed in
 * every form (ipaddr.js: dotted, IPv6 with an embedded IPv4, hex groups), an IPv6 address that
 * carries an IPv4 one (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d) is judged by the IPv4
 * address it reaches, and everything in the IANA special-purpose registries of both families is
 * refused, as are IPv6 addresses outside global unicast (2000::/3).
 */
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
const cidrs = (list: string[]): Range[] => list.map((c) => ipaddr.parseCIDR(c));

/** IANA IPv4 Special-Purpose Address Registry, plus multicast and the future-use block. */
const IPV4_SPECIAL = cidrs([
  '0.0.0.0/8', // this network
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link local (cloud metadata at 169.254.169.254)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.31.196.0/24', // AS112-v4
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '192.175.48.0/24', // direct delegation AS112
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 broadcast
]);

/** IANA IPv6 Special-Purpose Address Registry entries inside global unicast 2000::/3. */
const IPV6_SPECIAL = cidrs([
  '2001::/23', // IETF protocol assignments (Teredo, benchmarking, ORCHID, AMT, AS112 ...)
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4: reaches an IPv4 address we would not check
  '2620:4f:8000::/48', // direct delegation AS112
  '3fff::/20', // documentation
]);
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** IPv6 forms that reach the IPv4 address in their last 32 bits. */
const IPV6_EMBEDDING_IPV4 = cidrs(['::ffff:0:0/96', '64:ff9b::/96']);

function ipv4IsPublic(address: ipaddr.IPv4): boolean {
  return !IPV4_SPECIAL.some((range) => address.match(range));
}

/**
 * The address `text` names, or null. IPv6 text goes through the WHATWG URL parser first, as the
 * connection's own URL did: ipaddr.js reads IPv4-compatible '::8.8.8.8' as IPv4-mapped '::ffff:8.8.8.8'.
 */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let raw = text.replace(/^\[|\]$/g, '');
  if (raw.includes(':')) {
    try {
      raw = new URL(`http://[${raw}]/`).hostname.slice(1, -1);
    } catch {
      return null;
    }
  }
  return ipaddr.isValid(raw) ? ipaddr.parse(raw) : null;
}

/** True when `text` is an IP address (either family, any notation) that is public unicast. */
export function isPublicAddress(text: string): boolean {
  const address = parseAddress(text);
  if (!address) return false;
  if (address.kind() === 'ipv4') return ipv4IsPublic(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  if (IPV6_EMBEDDING_IPV4.some((range) => v6.match(range))) {
    const bytes = v6.toByteArray().slice(12);
    return ipv4IsPublic(ipaddr.fromByteArray(bytes) as ipaddr.IPv4);
  }
  // Outside 2000::/3 are ::, ::1, IPv4-compatible ::a.b.c.d, 64:ff9b:1::/48, fc00::/7, fe80::/10, ff00::/8 ...
  if (!v6.match(IPV6_GLOBAL_UNICAST)) return false;
  return !IPV6_SPECIAL.some((range) => v6.match(range));
}

/** Host names that never name a public machine, whatever they resolve to. */
export function isLocalName(host: string): boolean {
  const h = host.replace(/\.$/, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal');
}

/** A URL host (name or literal, IPv6 in brackets) that may be a webhook's: a public literal or a name not local. */
export function isPublicHost(host: string): boolean {
  if (parseAddress(host)) return isPublicAddress(host);
  return !isLocalName(host);
}

export interface ResolvedHost {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves `host` (a URL hostname) once. With `publicOnly`, every address it resolves to must be
 * public (a name with one private address among public ones is refused: which one a connection
 * would take is not ours to choose); the first is returned, to connect to it and nothing else.
 */
export async function resolveHost(host: string, publicOnly: boolean): Promise<ResolvedHost | null> {
  const literal = parseAddress(host);
  if (literal) {
    if (publicOnly && !isPublicAddress(host)) return null;
    return { address: literal.toString(), family: literal.kind() === 'ipv4' ? 4 : 6 };
  }
  if (publicOnly && isLocalName(host)) return null;
  const found = await lookup(host, { all: true, verbatim: true });
  if (found.length === 0) return null;
  if (publicOnly && found.some((a) => !isPublicAddress(a.address))) return null;
  const first = found[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A `lookup` for http.request that answers `pinned` for any name: the connection goes where we checked. */
export function pinnedLookup(pinned: ResolvedHost): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}
