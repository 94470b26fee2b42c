/*
 * The images of a WordPress export: found in a copy of wp-content/uploads or fetched, each
 * stored once inside the import's transaction, and what became of each for the report.
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { keyOfMediaUrl } from '../media/media-urls';
import { ImageFetchError } from './image-fetch';
import type { ImageOf, ImportRun } from './wordpress-run';

/** Thrown inside the transaction to say an image could not be had; the post goes on. */
class MissingImage extends Error {}

/** Where an image of the old site lives inside a copy of wp-content/uploads. */
function uploadsPathOf(url: URL): string | undefined {
  const path = decodeURIComponent(url.pathname);
  const inUploads = /\/wp-content\/uploads\/(.+)$/.exec(path)?.[1];
  if (inUploads) return inUploads;
  // WordPress.com and multisite addresses: /files/2013/01/x.jpg, or straight /2013/01/x.jpg.
  return /^(?:\/files)?\/(\d{4}\/\d{2}\/.+)$/.exec(path)?.[1];
}

/** Why an image could not be had, for the report. */
function whyMissing(error: unknown): string {
  return error instanceof MissingImage || error instanceof ImageFetchError
    ? error.message
    : (error as { statusCode?: number }).statusCode === 415
      ? 'not an image we accept (JPEG, PNG, WebP, AVIF, GIF)'
      : error instanceof Error && error.name === 'TimeoutError'
        ? 'no answer in 20 s'
        : `could not be fetched (${(error as Error).message})`;
}

/**
 * Images: each address (and each file behind addresses) stored once, the keys of the files
 * written kept in `writtenKeys`; the report says what became of each.
 */
export function imageImporter(
  run: ImportRun,
  locate: ReturnType<typeof imageLocator>,
  writtenKeys: string[],
) {
  const { report } = run;
  const images = new Map<string, string | null>();
  const bySource = new Map<string, string>();
  const imageOf: ImageOf = async (address, usedBy) => {
    if (images.has(address)) return images.get(address) ?? undefined;
    const known = await run.isRecorded('image', address);
    if (known) {
      images.set(address, known);
      report({ kind: 'image', key: address, title: usedBy, outcome: 'unchanged' });
      return known;
    }
    try {
      const { source: from, load } = locate(address);
      let ours = bySource.get(from);
      if (!ours) {
        const stored = await run.media.storeImage(await load(), { tx: run.tx });
        const files = [...stored.variants, ...stored.avif, ...stored.crops].map((f) => f.url);
        for (const url of [stored.url, ...files]) {
          const key = keyOfMediaUrl(url);
          if (key) writtenKeys.push(key);
        }
        ours = stored.url;
        bySource.set(from, ours);
      }
      await run.record('image', address, ours);
      images.set(address, ours);
      report({ kind: 'image', key: address, title: usedBy, outcome: 'created' });
      return ours;
    } catch (error) {
      images.set(address, null);
      report({
        kind: 'image',
        key: address,
        title: usedBy,
        outcome: 'missing',
        note: whyMissing(error),
      });
      return undefined;
    }
  };
  return { imageOf, images };
}

/** Where an image's bytes come from (a file in --media-dir, or its address), and how. */
export function imageLocator(
  siteUrl: string,
  mediaDir: string | undefined,
  fetchImage: (url: string) => Promise<Buffer>,
) {
  const siteHost = safeHost(siteUrl);
  return (address: string): { source: string; load: () => Promise<Buffer> } => {
    let url: URL;
    try {
      url = new URL(address, siteUrl || undefined);
    } catch {
      throw new MissingImage('not an address');
    }
    const inUploads = uploadsPathOf(url);
    const onOldSite = !siteHost || url.host === siteHost || inUploads !== undefined;
    if (mediaDir && onOldSite) {
      if (!inUploads) throw new MissingImage('not under wp-content/uploads');
      const path = resolve(mediaDir, inUploads);
      if (relative(mediaDir, path).startsWith('..') || !path.startsWith(mediaDir + sep))
        throw new MissingImage('outside the media folder');
      return {
        source: path,
        load: () =>
          readFile(path).catch(() => {
            throw new MissingImage(`not in the media folder (${inUploads})`);
          }),
      };
    }
    if (!/^https?:$/.test(url.protocol)) throw new MissingImage('not an http(s) address');
    return { source: url.toString(), load: () => fetchImage(url.toString()) };
  };
}

function safeHost(address: string): string | undefined {
  try {
    return new URL(address).host;
  } catch {
    return undefined;
  }
}
