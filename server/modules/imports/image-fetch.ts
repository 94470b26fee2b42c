import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/*
 * How the WordPress import fetches an old site's images (issue 24 item 7). It runs on the
 * server, so an export naming http://127.0.0.1:8080/… or a cloud metadata address must not make
 * it read inside the network: loopback, link-local, private and other non-public addresses are
 * refused (each redirect hop too) unless the operator allows them (`--allow-private`, for an
 * old site on the intranet). A body is read only up to the limit, never whole first.
 */

/** Why an image could not be had; the import reports it and goes on. */
export class ImageFetchError extends Error {}

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

/** Refuses a URL whose host is, or resolves to, an address outside the public internet. */
async function checkHost(url: URL): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ImageFetchError(`refused: ${url.protocol} is not http or https`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new ImageFetchError(`no address for ${host}`);
  const inside = addresses.find(isNotPublic);
  if (inside)
    throw new ImageFetchError(
      `refused: ${host} is a private or local address (${inside}); give --allow-private to fetch from it`,
    );
}

/** Reads a body up to `max` bytes, stopping (and cancelling the rest) past it. */
async function readAtMost(res: Response, max: number, tooLarge: string): Promise<Buffer> {
  if (Number(res.headers.get('content-length') ?? 0) > max) {
    await res.body?.cancel();
    throw new ImageFetchError(tooLarge);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      throw new ImageFetchError(tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const MAX_REDIRECTS = 5;

/** A fetcher for the import's images: public addresses only unless `allowPrivate`. */
export function imageFetcher(opts: {
  allowPrivate: boolean;
  maxBytes: number;
  tooLarge: string;
  timeoutMs?: number;
}): (url: string) => Promise<Buffer> {
  return async (start) => {
    const signal = AbortSignal.timeout(opts.timeoutMs ?? 20_000);
    let url = new URL(start);
    for (let hop = 0; ; hop++) {
      if (!opts.allowPrivate) await checkHost(url);
      const res = await fetch(url, { signal, redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw new ImageFetchError(`more than ${MAX_REDIRECTS} redirects`);
        url = new URL(location, url);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new ImageFetchError(`HTTP ${res.status} from ${url.toString()}`);
      }
      return readAtMost(res, opts.maxBytes, opts.tooLarge);
    }
  };
}
