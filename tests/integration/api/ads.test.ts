/*
 * Ads that keep pages fast (issue 39 item 1, docs/decisions/058): ads.txt served from the
 * settings and refreshed by their change; house ads' creatives managed by editors and up; the
 * public slots answer lists only the creatives running now; a click is counted on its way to
 * the link, an impression by the page's beacon, both per day without cookies.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adDailyCounts } from '../../../db/schema/ads';
import { rateLimits } from '../../../db/schema/site';
import { findUnusedMedia } from '../../../server/modules/media/media-prune';
import { auth, createAdmin, createUser, testImage, upload, type TestUser } from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
let reader: TestUser;
let imageId: string;
const time = shiftedClock();
const HOUR = 3600_000;
/** Long enough for a refresh on a busy machine; never a speed test. */
const SETTLES = { timeout: 30_000, interval: 50 };

const settings = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers: auth(admin), payload });

const creative = (overrides: Record<string, unknown> = {}) => ({
  name: 'Monsoon sale',
  imageId,
  link: 'https://shop.example.in/monsoon',
  alt: 'Monsoon sale: 30% off umbrellas',
  positions: ['header', 'in-article'],
  weight: 3,
  ...overrides,
});
const post = (who: TestUser | undefined, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ads/creatives',
    headers: who ? auth(who) : {},
    payload,
  });
const list = async () => {
  const res = await t.app.inject({ url: '/api/ads/creatives', headers: auth(editor) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { _id: string; name: string; impressions: number; clicks: number }[];
};
const slots = async (positions: string) => {
  // Past the kept answer of an earlier ask (SLOTS_KEPT_MS): each ask here reads the rows.
  const res = await t.app.inject({ url: `/api/ads/slots?positions=${positions}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, { _id: string; href: string; weight: number }[]>;
};

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build', clock: time.clock });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
  reader = await createUser(t.app, 'reader');
  const made = await upload(t.app, editor, await testImage(728, 90));
  expect(made.statusCode, made.body).toBe(201);
  imageId = made.json<{ _id: string }>()._id;
});
afterAll(async () => t?.close());

describe('ads.txt and app-ads.txt', () => {
  it('answer 404 while their setting is empty', async () => {
    for (const url of ['/ads.txt', '/app-ads.txt'])
      expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('serve the text set, kept, and the new text once a change refreshed it', async () => {
    const first = 'google.com, pub-1111111111111111, DIRECT, f08c47fec0942fa0';
    expect((await settings({ adsTxt: first })).statusCode).toBe(200);
    const served = await t.app.inject({ url: '/ads.txt' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.body).toBe(`${first}\n`);
    const again = await t.app.inject({ url: '/ads.txt' });
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toBe(`${first}\n`);

    const second = 'google.com, pub-2222222222222222, RESELLER';
    expect((await settings({ adsTxt: second, appAdsTxt: first })).statusCode).toBe(200);
    // The settings' event makes the kept answer stale in every process (DECISIONS.md §16): it
    // is refreshed at once, and while it is, shared caches are told not to keep it.
    const next = await t.app.inject({ url: '/ads.txt' });
    if (next.body !== `${second}\n`) {
      expect(next.headers['x-page-cache']).toBe('stale');
      expect(next.headers['cache-control']).toMatch(/s-maxage=1\b/);
    }
    await expect
      .poll(async () => (await t.app.inject({ url: '/ads.txt' })).body, SETTLES)
      .toBe(`${second}\n`);
    expect((await t.app.inject({ url: '/ads.txt' })).headers['x-page-cache']).toBe('hit');
    expect((await t.app.inject({ url: '/app-ads.txt' })).body).toBe(`${first}\n`);

    // Emptied: the refresh finds 404, and the kept answer goes.
    expect((await settings({ adsTxt: '' })).statusCode).toBe(200);
    await expect
      .poll(async () => (await t.app.inject({ url: '/ads.txt' })).statusCode, SETTLES)
      .toBe(404);
  });
});

describe('the ads setting', () => {
  it('defaults to no provider and checks what it is given', async () => {
    const now = await t.app.inject({ url: '/api/settings' });
    expect(now.json().ads).toMatchObject({ provider: 'none', slots: [] });
    const gam = await settings({ ads: { ...now.json().ads, provider: 'gam', networkCode: '' } });
    expect(gam.statusCode).toBe(400);
    expect(gam.json().errors[0]).toMatchObject({ code: 'settings.ads_network_code' });
    const adsense = await settings({
      ads: { ...now.json().ads, provider: 'adsense', clientId: 'pub-1' },
    });
    expect(adsense.statusCode).toBe(400);
    expect(adsense.json().errors[0]).toMatchObject({ code: 'settings.ads_client_id' });
    const badSlot = await settings({
      ads: { ...now.json().ads, slots: [{ position: 'footer', sizes: [] }] },
    });
    expect(badSlot.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/settings' })).json().ads.provider).toBe('none');
  });
});

describe('house ads: creatives', () => {
  it('are for editors and administrators: nobody 401, a reader or author 403', async () => {
    expect((await post(undefined, creative())).statusCode).toBe(401);
    for (const who of [reader, author]) {
      const refused = await post(who, creative());
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('ads.forbidden');
      const listed = await t.app.inject({ url: '/api/ads/creatives', headers: auth(who) });
      expect(listed.statusCode).toBe(403);
    }
    expect(await list()).toEqual([]);
  });

  it('refuse bad input with codes, and nothing is made', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'ads.name_required'],
      [{ link: 'javascript:alert(1)' }, 'ads.link_invalid'],
      [{ alt: '' }, 'ads.alt_required'],
      [{ positions: ['footer'] }, 'ads.position_unknown'],
      [{ positions: [] }, 'ads.position_unknown'],
      [{ weight: 0 }, 'ads.weight_invalid'],
      [{ weight: 2.5 }, 'ads.weight_invalid'],
      [{ startsAt: 'tomorrow' }, 'ads.date_invalid'],
      [{ startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, 'ads.window_invalid'],
      [{ imageId: 'not-an-id' }, 'ads.image_required'],
      [{ imageId: '00000000-0000-4000-8000-000000000000' }, 'ads.image_unknown'],
    ];
    for (const [overrides, code] of cases) {
      const res = await post(editor, creative(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors.map((e: { code: string }) => e.code)).toContain(code);
    }
    expect(await list()).toEqual([]);
  });

  it('are made, listed, changed and deleted by an editor', async () => {
    const made = await post(editor, creative());
    expect(made.statusCode, made.body).toBe(201);
    const ad = made.json();
    expect(ad).toMatchObject({
      name: 'Monsoon sale',
      imageId,
      width: 728,
      height: 90,
      weight: 3,
      impressions: 0,
      clicks: 0,
      startsAt: null,
    });
    expect(ad.imageUrl).toMatch(/^\/media\//);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/ads/creatives/${ad._id}`,
      headers: auth(admin),
      payload: creative({ name: 'Diwali sale', positions: ['sidebar'] }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Diwali sale', positions: ['sidebar'] });
    expect((await list()).map((c) => c.name)).toEqual(['Diwali sale']);
    // One creative read by its id (issue 72 item 2): editors only, with its counts.
    const one = await t.app.inject({ url: `/api/ads/creatives/${ad._id}`, headers: auth(editor) });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ _id: ad._id, name: 'Diwali sale', impressions: 0 });
    expect(one.headers['cache-control']).toBe('no-store');
    const notForAuthors = await t.app.inject({
      url: `/api/ads/creatives/${ad._id}`,
      headers: auth(author),
    });
    expect(notForAuthors.statusCode).toBe(403);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/ads/creatives/${ad._id}`,
      headers: auth(author),
    });
    expect(refused.statusCode).toBe(403);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/ads/creatives/${ad._id}`,
      headers: auth(editor),
    });
    expect(gone.statusCode).toBe(200);
    expect(await list()).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/ads/creatives/${ad._id}`,
      headers: auth(editor),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('ads.not_found');
    const unread = await t.app.inject({
      url: `/api/ads/creatives/${ad._id}`,
      headers: auth(editor),
    });
    expect(unread.statusCode).toBe(404);
    expect(unread.json().code).toBe('ads.not_found');
  });
});

describe('an image a house ad shows', () => {
  it('is in use: its delete answers 409 naming the ad, the prune keeps it, the ad stays', async () => {
    const picture = await upload(t.app, editor, await testImage(300, 250));
    expect(picture.statusCode, picture.body).toBe(201);
    const pictureId = picture.json<{ _id: string }>()._id;
    const made = await post(editor, creative({ name: 'Book fair', imageId: pictureId }));
    expect(made.statusCode, made.body).toBe(201);
    const ad = made.json<{ _id: string }>();

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${pictureId}`,
      headers: auth(editor),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'media.in_use' });
    expect(refused.json().message).toContain('1 house ad');
    const unused = await findUnusedMedia(t.database.db, {
      uploadedBefore: new Date(Date.now() + 3600_000),
    });
    expect(unused.map((m) => m.id)).not.toContain(pictureId);
    const library = await t.app.inject({ url: '/api/media?limit=50', headers: auth(editor) });
    const item = library
      .json<{ media: { _id: string; usedBy: unknown[] }[] }>()
      .media.find((m) => m._id === pictureId);
    expect(item?.usedBy).toEqual([{ kind: 'ad', _id: ad._id, name: 'Book fair' }]);
    expect((await list()).map((c) => c.name)).toContain('Book fair');

    // Once the ad is gone, so may its image be.
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/ads/creatives/${ad._id}`,
      headers: auth(editor),
    });
    expect(gone.statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${pictureId}`,
      headers: auth(editor),
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
  });
});

describe('house ads on pages', () => {
  it('the slots answer lists only creatives running now, for house ads only', async () => {
    const now = time.clock.now().getTime();
    const running = (await post(editor, creative({ name: 'running' }))).json();
    const later = (
      await post(
        editor,
        creative({ name: 'later', startsAt: new Date(now + 2 * HOUR).toISOString() }),
      )
    ).json();
    const ended = (
      await post(
        editor,
        creative({
          name: 'ended',
          startsAt: new Date(now - 3 * HOUR).toISOString(),
          endsAt: new Date(now - HOUR).toISOString(),
        }),
      )
    ).json();
    const sidebar = (await post(editor, creative({ name: 'side', positions: ['sidebar'] }))).json();
    // Another provider: the page's script has nothing to fill.
    expect(await slots('header')).toEqual({ header: [] });
    const ads = (await t.app.inject({ url: '/api/settings' })).json().ads;
    const on = await settings({ ads: { ...ads, provider: 'house' } });
    expect(on.statusCode, on.body).toBe(200);
    time.shift(20_000);
    const answer = await slots('header,between-cards');
    expect(answer['header']!.map((c) => c._id)).toEqual([running._id]);
    expect(answer['header']![0]).toMatchObject({ href: `/ads/click/${running._id}`, weight: 3 });
    expect(answer['between-cards']).toEqual([]);
    expect(JSON.stringify(answer)).not.toContain(sidebar._id);
    // Two hours on, the later one runs too; the ended one never again.
    time.shift(2 * HOUR + 60_000);
    const afterwards = (await slots('header'))['header']!.map((c) => c._id).sort();
    expect(afterwards).toEqual([running._id, later._id].sort());
    expect(afterwards).not.toContain(ended._id);
    time.shift(0);
    expect((await t.app.inject({ url: '/api/ads/slots?positions=footer' })).statusCode).toBe(400);
  });

  it('a click is counted on its way to the link, an impression by the beacon', async () => {
    const ad = (await post(editor, creative({ name: 'counted' }))).json();
    const click = await t.app.inject({ url: `/ads/click/${ad._id}` });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://shop.example.in/monsoon');
    expect(click.headers['cache-control']).toBe('no-store');
    expect(click.headers['set-cookie']).toBeUndefined();
    await t.app.inject({ url: `/ads/click/${ad._id}` });
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/ads/impressions',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ ids: [ad._id, '00000000-0000-4000-8000-000000000000'] }),
    });
    expect(beacon.statusCode, beacon.body).toBe(204);
    // Its limit counts in memory first, as the analytics beacon's: no row for a reader's address.
    const limits = await t.database.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(limits.filter((r) => r.key.startsWith('POST /api/ads/impressions'))).toEqual([]);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ads/impressions',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ ids: ['x'] }),
    });
    expect(bad.statusCode).toBe(400);
    const counted = (await list()).find((c) => c._id === ad._id);
    expect(counted).toMatchObject({ impressions: 1, clicks: 2 });
    // The dashboard's line: every ad's last 30 days, for editors and up.
    const totals = await t.app.inject({ url: '/api/ads/totals', headers: auth(editor) });
    expect(totals.json()).toEqual({ impressions: 1, clicks: 2 });
    expect((await t.app.inject({ url: '/api/ads/totals', headers: auth(author) })).statusCode).toBe(
      403,
    );
    // One row per creative and day: counts, nothing about the reader.
    const rows = await t.database.db
      .select()
      .from(adDailyCounts)
      .where(eq(adDailyCounts.creativeId, ad._id));
    expect(rows).toEqual([
      {
        creativeId: ad._id,
        day: time.clock.now().toISOString().slice(0, 10),
        impressions: 1,
        clicks: 2,
      },
    ]);
    expect(
      (await t.app.inject({ url: '/ads/click/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });
});
