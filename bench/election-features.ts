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
import { REHEARSAL_SPEED_MAX, RehearsalSchema } from '../common/schemas/election-rehearsal';
import { DEMO_ELECTION } from '../server/modules/elections/elections-demo';
import { rehearsalSlug } from '../server/modules/elections/elections-replay';

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

/**
 * Results coming in all through the readers' runs (issue 69's desk): the demo's counting-day
 * rehearsal, seeded with the bench's data at 60 times real time, replays its day by the clock
 * from the moment the data was made, so it ended about 12 minutes later, partway through a run:
 * one run had a result saved every 2 s and the next none, and the runs a figure compares (the
 * readers alone, beside beacons, beside the floor's) did not share one background. It is started
 * again here, as an administrator would, at a pace that lasts `seconds`. Answers the speed, or
 * undefined when the database has no rehearsal (made before there was one).
 */
export async function resultsComing(port: number, token: string, seconds: number) {
  const base = `http://127.0.0.1:${port}`;
  const copy = await fetch(`${base}/api/elections/${rehearsalSlug(DEMO_ELECTION)}/rehearsal`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (copy.status === 404) return undefined;
  if (!copy.ok) throw new Error(`the demo's rehearsal: ${copy.status} ${await copy.text()}`);
  const { rehearsal } = RehearsalSchema.parse(await copy.json());
  const speed = Math.min(
    REHEARSAL_SPEED_MAX,
    Math.max(1, Math.floor(rehearsal.span / (seconds * 1000))),
  );
  await call(base, token, `/api/elections/${DEMO_ELECTION}/rehearsal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ speed, from: rehearsal.from }),
  });
  return speed;
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
