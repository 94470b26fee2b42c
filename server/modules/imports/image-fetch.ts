import { privateHostOf } from '../../lib/public-address';

/*
 * How the WordPress import fetches an old site's images (issue 24 item 7). It runs on the
 * server, so an export naming http://127.0.0.1:8080/… or a cloud metadata address must not make
 * it read inside the network: loopback, link-local, private and other non-public addresses are
 * refused (each redirect hop too, server/lib/public-address.ts) unless the operator allows them (`--allow-private`, for an
 * old site on the intranet). A body is read only up to the limit, never whole first.
 */

/** Why an image could not be had; the import reports it and goes on. */
export class ImageFetchError extends Error {}

/** Refuses a URL whose host is, or resolves to, an address outside the public internet. */
async function checkHost(url: URL): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ImageFetchError(`refused: ${url.protocol} is not http or https`);
  const refused = await privateHostOf(url);
  if (refused?.unknown) throw new ImageFetchError(`no address for ${refused.host}`);
  if (refused)
    throw new ImageFetchError(
      `refused: ${refused.host} is a private or local address (${refused.inside}); give --allow-private to fetch from it`,
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
