import { lookup } from 'node:dns';
import { lookup as lookupAsync } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * Addresses outside the public internet, for everything the server fetches or posts to on a
 * stranger's word: the WordPress import's images (server/modules/imports/image-fetch.ts) and
 * the web push endpoints readers hand us (server/modules/push). Without this, an export naming
 * http://127.0.0.1:8080/… or a subscription naming a cloud metadata address would make the
 * server reach inside its own network (SSRF).
 */

/** Addresses that are not the public internet (RFC 6890 and friends). */
const NOT_PUBLIC = new BlockList();
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
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** Whether `address` (an IP) is outside the public internet. */
export function isNotPublic(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is judged as the IPv4 it is. (A rule for
  // ::ffff:0:0/96 itself would catch every IPv4 address: BlockList maps them into it.)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isNotPublic(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
