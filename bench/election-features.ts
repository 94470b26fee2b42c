/*
 * This wave's reader-facing features, on for election night (issues 37–39; BENCH_FEATURES=0
 * leaves them off, as the scenario ran before): house ads in three positions, the metered wall
 * and, as on every page already, the newsletter form and the page's beacon. Readers then make
 * the calls a page's own script makes after load: the ad slots the page shows
 * (`GET /api/ads/slots`) and their impressions (`POST /api/ads/impressions`, text/plain as
 * navigator.sendBeacon sends it). The meter counts in the browser and asks nothing of an
 * anonymous reader's server.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { DEFAULT_ADS, type AdsSettings } from '../common/schemas/ads';

export const FEATURES = process.env.BENCH_FEATURES !== '0';

/** Where the ads go: a banner on top, one after the second paragraph, one every four cards. */
const ADS: AdsSettings = {
  ...DEFAULT_ADS,
  provider: 'house',
  slots: [
    {
      position: 'header',
      sizes: [
        { minWidth: 0, width: 320, height: 50 },
        { minWidth: 768, width: 728, height: 90 },
      ],
    },
    {
      position: 'in-article',
      afterParagraph: 2,
      sizes: [{ minWidth: 0, width: 300, height: 250 }],
    },
    { position: 'between-cards', everyCards: 4, sizes: [{ minWidth: 0, width: 300, height: 250 }] },
  ],
};

async function call(base: string, token: string, path: string, init: RequestInit) {
  const answer = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return answer.json() as Promise<{ _id: string }>;
}

/** Turns the features on through the API, as an administrator would; before the pages are kept. */
export async function featuresOn(port: number, token: string) {
  const base = `http://127.0.0.1:${port}`;
  for (const [name, width, height] of [
    ['banner', 728, 90],
    ['box', 300, 250],
  ] as const) {
    const image = await sharp({
      create: { width, height, channels: 3, background: '#1f6f43' },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([image], { type: 'image/jpeg' }), `bench-${name}.jpg`);
    const uploaded = await call(base, token, '/api/media', { method: 'POST', body: form });
    await call(base, token, '/api/ads/creatives', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Election ${name}`,
        imageId: uploaded._id,
        link: 'https://example.com/offer',
        alt: `An offer (${name})`,
        positions: name === 'banner' ? ['header'] : ['in-article', 'between-cards'],
        weight: 1,
      }),
    });
  }
  await call(base, token, '/api/settings', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ads: ADS, meter: { freePerMonth: 3, wall: 'registration' } }),
  });
}

/** The ad positions a page shows, read once per address from its HTML. */
const positionsOf = new Map<string, string[]>();

export function adPositions(path: string, body: Buffer, encoding: string | undefined): string[] {
  const known = positionsOf.get(path);
  if (known) return known;
  const html = (
    encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
  ).toString();
  const found = [...new Set([...html.matchAll(/data-ad-position="([a-z-]+)"/g)].map((m) => m[1]!))];
  positionsOf.set(path, found);
  return found;
}

/** The ids of the house ads an answer of `/api/ads/slots` offers, one per position. */
export function shownAds(body: Buffer): string[] {
  const answer = JSON.parse(body.toString()) as Record<string, { _id: string }[]>;
  return Object.values(answer)
    .map((fills) => fills[0]?._id)
    .filter((id): id is string => id !== undefined);
}
