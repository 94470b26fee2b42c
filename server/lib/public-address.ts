import { lookup } from 'node:dns';
import { lookup as lookupAsync } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * Addresses outside the public internet, for everything the server fetches or posts to on a
 * stranger's word: the WordPress import's images (server/modules/imports/image-fetch.ts) and
 * the web push endpoints readers hand us (server/modules/push). Without this, an export naming
 * http://127.0.0.1:8080/… or a subscription naming a cloud metadata address would make the
 * server reach inside its own network (SSRF).
 *
 * This is the one check: every outgoing call on someone else's word (webhooks, the fediverse,
 * OIDC discovery too) asks `privateHostOf` before it sends and connects through
 * `publicOnlyLookup`, both of which judge by `isNotPublic`.
 */

/** IPv4 addresses that are not the public internet (RFC 6890 and friends). */
const NOT_PUBLIC_V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC_V4.addSubnet(net, prefix, 'ipv4');

/**
 * IPv6 addresses that are not the public internet, beside those carrying an IPv4 address
 * (`embeddedIpv4`): unique local, link-local, site-local (deprecated, RFC 3879, still routed
 * inside some networks), multicast, discard-only and documentation.
 */
const NOT_PUBLIC_V6 = new BlockList();
for (const [net, prefix] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['100::', 64],
  ['2001:db8::', 32],
] as const)
  NOT_PUBLIC_V6.addSubnet(net, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (valid, as `isIP` says; a zone index is dropped). */
function ipv6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  // A dotted IPv4 tail is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const before = groups(head);
  const after = groups(tail);
  const all =
    tail === undefined
      ? before
      : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return all.flatMap((group) => {
    const n = parseInt(group, 16);
    return [n >> 8, n & 0xff];
  });
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const v4 = (...octets: (number | undefined)[]) => octets.map((o) => o ?? 0).join('.');

/**
 * The IPv4 addresses an IPv6 address carries, which is where a packet to it ends up: the last
 * 32 bits of ::/96 (IPv4-compatible), ::ffff:0:0/96 (mapped), ::ffff:0:0:0/96 (translated, RFC
 * 2765/6145: `::ffff:0:7f00:1` is 127.0.0.1, issue 66 item 12) and 64:ff9b::/96 (NAT64, RFC 6052);
 * for local-use NAT64, 64:ff9b:1::/48 (RFC 8215), each place RFC 6052 puts it for the prefix
 * lengths that range allows (/48, /56, /64, /96: its operator's choice, unknown here); bits 16
 * to 47 of 6to4 (2002::/16, RFC 3056); and a Teredo client's address (2001::/32, RFC 4380), its
 * last 32 bits inverted. Undefined for any other address.
 */
function embeddedIpv4(b: number[]): string[] | undefined {
  const zeros = (n: number) => Array<number>(n).fill(0);
  if (
    startsWith(b, zeros(12)) ||
    startsWith(b, [...zeros(10), 0xff, 0xff]) ||
    startsWith(b, [...zeros(8), 0xff, 0xff, 0, 0])
  )
    return [v4(b[12], b[13], b[14], b[15])];
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b, ...zeros(8)])) return [v4(b[12], b[13], b[14], b[15])];
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01]))
    return [
      v4(b[6], b[7], b[9], b[10]),
      v4(b[7], b[9], b[10], b[11]),
      v4(b[9], b[10], b[11], b[12]),
      v4(b[12], b[13], b[14], b[15]),
    ];
  if (startsWith(b, [0x20, 0x02])) return [v4(b[2], b[3], b[4], b[5])];
  if (startsWith(b, [0x20, 0x01, 0x00, 0x00])) return [v4(...b.slice(12, 16).map((o) => o ^ 0xff))];
  return undefined;
}

/**
 * Whether `address` (an IP) is outside the public internet. An IPv6 address that carries an
 * IPv4 one is judged as that IPv4 (all of them, when it may carry several: any inside is
 * inside), so 127.0.0.1 or 169.254.169.254 cannot be reached through an IPv6 spelling (issue 44
 * item 10). Anything that is not an IP address is not public.
 */
export function isNotPublic(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return NOT_PUBLIC_V4.check(address, 'ipv4');
  const carried = embeddedIpv4(ipv6Bytes(address));
  if (carried) return carried.some(isNotPublic);
  return NOT_PUBLIC_V6.check(address.replace(/%.*$/, ''), 'ipv6');
}

/** A URL's host without the brackets of an IPv6 literal. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Why `url`'s host may not be reached from here: it is, or resolves to, an address outside the
 * public internet (`{ inside }`), or it resolves to nothing (`{ unknown }`); undefined when
 * every address it has is public.
 */
export async function privateHostOf(
  url: URL,
): Promise<{ host: string; inside?: string; unknown?: true } | undefined> {
  const host = hostOf(url);
  const addresses = isIP(host)
    ? [host]
    : (await lookupAsync(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) return { host, unknown: true };
  const inside = addresses.find(isNotPublic);
  return inside ? { host, inside } : undefined;
}

/**
 * A `lookup` for sockets (an http.Agent's) that refuses names resolving to an address outside
 * the public internet, when the connection is made: a name checked earlier may answer
 * differently now (DNS rebinding). Literal IP hosts never reach a lookup; check those first
 * (`privateHostOf`).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const inside = addresses.find((a) => isNotPublic(a.address));
    if (inside) {
      const refused = Object.assign(
        new Error(`refused: ${hostname} is a private or local address (${inside.address})`),
        { code: 'EPRIVATEADDRESS' },
      );
      return callback(refused, '', 0);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    return first
      ? callback(null, first.address, first.family)
      : callback(
          Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
          '',
          0,
        );
  });
};
