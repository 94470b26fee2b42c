/*
 * The paid edition (issue 68 items 3 to 5): an edition whose e-paper is `paid` with page 1
 * free. Anonymous readers get page 1 whole and page 2's files 403 (its thumbnail only); a
 * member whose plan includes the e-paper gets page 2's view and tiles at signed addresses that
 * stop working after their time (the clock is the app's, moved on, never slept); a plan without
 * the e-paper, or whose reach stops short of an issue, is walled; a clip of a walled page is
 * capped; downloads are counted a day and their traces lead an administrator (audited) to the
 * reader.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperFiles, epaperPages } from '../../../db/schema/epaper';
import { epaperClips } from '../../../db/schema/epaper-zones';
import { epaperDownloads } from '../../../db/schema/epaper-downloads';
import { EPAPER_SIGNED_SECONDS } from '../../../common/epaper-access';
import type { EpaperIssue, EpaperIssueAccess } from '../../../common/schemas/epaper';
import {
  auth,
  complimentaryMember,
  createAdmin,
  createUser,
  someAddress,
  type TestUser,
} from '../../factories';
import {
  createCityEdition,
  createEpaperIssue,
  epaperFixture,
  sendPages,
} from '../../factories/epaper';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let city: { _id: string; slug: string };
let issue: EpaperIssue;
let old: EpaperIssue;
const pages: { id: string; hash: string }[] = [];
let now = new Date('2026-11-30T06:00:00Z');
const clock = { now: () => new Date(now) };
const later = (ms: number) => (now = new Date(now.getTime() + ms));

const get = (url: string, who?: TestUser) =>
  t.app.inject({ method: 'GET', url, ...(who ? { headers: auth(who) } : {}) });
const accessOf = (who?: TestUser, id = issue._id) => get(`/api/epaper/issues/${id}/access`, who);
const publish = (id: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/epaper/issues/${id}`,
    headers: auth(editor),
    payload: { status: 'published' },
  });
const media = (hash: string, file: string) => `/media/epaper/${hash}/${file}`;
/** The images Poppler's `pdfimages -list` finds drawn on each page of a PDF (soft masks aside). */
function imagesByPage(file: string) {
  const rows = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[2] === 'image');
  const byPage = new Map<number, { width: number; height: number }[]>();
  for (const [page, , , width, height] of rows)
    byPage.set(Number(page), [
      ...(byPage.get(Number(page)) ?? []),
      { width: Number(width), height: Number(height) },
    ]);
  return byPage;
}

beforeAll(async () => {
  t = await createTestApp({}, { pollJobs: false, clock });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  city = await createCityEdition(t.app, admin);
  const paid = await t.app.inject({
    method: 'PUT',
    url: `/api/editions/${city._id}`,
    headers: auth(admin),
    payload: { epaper: { access: 'paid', freePages: [1] } },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  issue = await createEpaperIssue(t.app, editor, { edition: city.slug, date: '2026-11-29' });
  const sent = await sendPages(t.app, editor, issue._id, [
    { filename: 'jaipur.pdf', data: epaperFixture('three-pages.pdf') },
  ]);
  expect(sent.statusCode, sent.body).toBe(201);
  const rows = await t.app.services.database.db
    .select({ id: epaperPages.id, fileId: epaperPages.fileId, hash: epaperFiles.hash })
    .from(epaperPages)
    .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .where(eq(epaperPages.issueId, issue._id))
    .orderBy(epaperPages.number);
  // Pages 1 and 2's views and tiles (page 3 is never looked at here).
  for (const row of rows.slice(0, 2))
    await t.app.services.epaper.processing.runNow('views', row.fileId);
  pages.push(...rows.map(({ id, hash }) => ({ id, hash })));
  expect((await publish(issue._id)).statusCode).toBe(200);
  // An issue of four weeks ago, past a week's reach.
  old = await createEpaperIssue(t.app, editor, { edition: city.slug, date: '2026-11-01' });
  const one = await sendPages(t.app, editor, old._id, [
    { filename: 'old.pdf', data: epaperFixture('one-page.pdf') },
  ]);
  expect(one.statusCode, one.body).toBe(201);
  expect((await publish(old._id)).statusCode).toBe(200);
}, 300_000);
afterAll(() => t?.close());

describe('an edition’s e-paper setting', () => {
  it('is set by administrators through the editions API and listed with the others', async () => {
    const list = await get('/api/editions');
    const mine = list.json<{ _id: string; epaper: unknown; slug: string }[]>();
    expect(mine.find((e) => e._id === city._id)).toMatchObject({
      slug: city.slug,
      epaper: { access: 'paid', freePages: [1] },
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/editions/${city._id}`,
      headers: auth(admin),
      payload: { epaper: { access: 'secret', freePages: [1] } },
    });
    expect(bad.statusCode).toBe(400);
    const byEditor = await t.app.inject({
      method: 'PUT',
      url: `/api/editions/${city._id}`,
      headers: auth(editor),
      payload: { epaper: { access: 'free', freePages: [1] } },
    });
    expect(byEditor.statusCode).toBe(403);
    const after = (await get('/api/editions')).json<{ _id: string; epaper: unknown }[]>();
    expect(after.find((e) => e._id === city._id)?.epaper).toEqual({
      access: 'paid',
      freePages: [1],
    });
  });

  it('and a plan’s e-paper (includes, reach) are checked', async () => {
    const plan = (more: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/plans',
        headers: auth(admin),
        payload: {
          name: 'E',
          interval: 'month',
          amount: 100,
          currency: 'INR',
          access: 'paid',
          active: true,
          ...more,
        },
      });
    const codes = async (more: object) => {
      const res = await plan(more);
      expect(res.statusCode).toBe(400);
      return res.json<{ errors: { code: string }[] }>().errors.map((e) => e.code);
    };
    expect(await codes({ includes: ['crossword'] })).toContain('plan.includes_invalid');
    expect(await codes({ epaperDays: 0 })).toContain('plan.epaper_days_invalid');
    const made = await plan({ includes: ['epaper'], epaperDays: 7 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ includes: ['epaper'], epaperDays: 7 });
  });
});

describe('a paid edition for an anonymous reader', () => {
  it('gives page 1 whole, and page 2 only as a thumbnail: its view and tiles answer 403', async () => {
    const [one, two] = [pages[0]!, pages[1]!];
    expect((await get(media(one.hash, 'view.webp'))).statusCode).toBe(200);
    expect((await get(media(one.hash, 'tiles_files/0/0_0.webp'))).statusCode).toBe(200);
    expect((await get(media(two.hash, 'thumb.webp'))).statusCode).toBe(200);
    for (const file of [
      'tiles_files/0/0_0.webp',
      'tiles_files/9/0_0.webp',
      'view.webp',
      'view.avif',
    ]) {
      const res = await get(media(two.hash, file));
      expect(res.statusCode, file).toBe(403);
      expect(res.json()).toMatchObject({ code: 'epaper.page_walled' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('asks them to sign in, and signs no address', async () => {
    const res = await accessOf();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json<EpaperIssueAccess>()).toMatchObject({
      wall: 'sign-in',
      pages: [],
      download: false,
    });
  });

  it('lets staff see every page (the desk)', async () => {
    const res = await get(media(pages[1]!.hash, 'view.webp'), editor);
    expect(res.statusCode).toBe(200);
  });
});

describe('a member whose plan includes the e-paper', () => {
  let member: TestUser;
  beforeAll(async () => {
    member = await complimentaryMember(t.app, admin, 'paid', { includes: ['epaper'] });
  });

  it('gets page 2’s tiles and view at signed addresses that stop working after their time', async () => {
    const res = await accessOf(member);
    // Never kept by a cache (a signed-in call's answer is `no-store` whatever it says).
    expect(res.headers['cache-control']).toMatch(/^(private, )?no-store$/);
    const access = res.json<EpaperIssueAccess>();
    expect(access).toMatchObject({ wall: null, download: true });
    expect(access.pages.map((p) => p.number)).toEqual([2, 3]);
    const expires = new Date(access.expiresAt).getTime();
    expect(expires - now.getTime()).toBeLessThanOrEqual(15 * 60_000);
    const two = access.pages[0]!;
    expect(two.view!.webp).toMatch(/^\/api\/epaper\/files\//);
    expect(two.view!.webp).not.toContain(pages[1]!.hash);
    const tile = `${two.tiles!.url}/0/0_0.webp`;
    const ok = await get(tile);
    expect(ok.statusCode, ok.body.slice(0, 200)).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect(String(ok.headers['cache-control'])).toMatch(/^private, max-age=\d+$/);
    expect((await get(two.view!.webp)).statusCode).toBe(200);
    // Another page's files under this page's signature: refused.
    const forged = tile.replace(pages[1]!.id, pages[2]!.id);
    expect((await get(forged)).statusCode).toBe(403);
    // A signature moved to a later time: refused.
    const parts = tile.split('/');
    parts[5] = String(Number(parts[5]) + 60);
    expect((await get(parts.join('/'))).statusCode).toBe(403);
    later(EPAPER_SIGNED_SECONDS * 1000 + 1000);
    const expired = await get(tile);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'epaper.address_expired' });
    // A fresh call signs again.
    const again = (await accessOf(member)).json<EpaperIssueAccess>();
    expect((await get(`${again.pages[0]!.tiles!.url}/0/0_0.webp`)).statusCode).toBe(200);
  });
});

describe('readers whose plan does not open the issue', () => {
  it('walls a plan without the e-paper (subscribe), and a reader without a plan', async () => {
    const noEpaper = await complimentaryMember(t.app, admin, 'paid');
    expect((await accessOf(noEpaper)).json()).toMatchObject({ wall: 'subscribe', pages: [] });
    const reader = await createUser(t.app, 'reader');
    expect((await accessOf(reader)).json()).toMatchObject({ wall: 'subscribe', pages: [] });
    const members = await complimentaryMember(t.app, admin, 'members', { includes: ['epaper'] });
    expect((await accessOf(members)).json()).toMatchObject({ wall: 'subscribe' });
  });

  it('walls an issue older than the plan reaches (archive), not a newer one', async () => {
    const week = await complimentaryMember(t.app, admin, 'paid', {
      includes: ['epaper'],
      epaperDays: 7,
    });
    expect((await accessOf(week)).json()).toMatchObject({ wall: null });
    expect((await accessOf(week, old._id)).json()).toMatchObject({ wall: 'archive', pages: [] });
  });
});

describe('a clip of a walled page', () => {
  const cut = (pageId: string, who?: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/epaper/clips',
      remoteAddress: someAddress(),
      payload: { pageId, box: { x: 0, y: 0, w: 1, h: 0.6 } },
      ...(who ? { headers: auth(who) } : {}),
    });
  const boxOf = async (id: string) => {
    const [row] = await t.app.services.database.db
      .select({ w: epaperClips.w, h: epaperClips.h })
      .from(epaperClips)
      .where(eq(epaperClips.id, id));
    return row!.w * row!.h;
  };

  it('is capped at a quarter of the page for a reader it is walled to, whole on a free page and for a member', async () => {
    const walled = await cut(pages[1]!.id);
    expect(walled.statusCode, walled.body).toBe(201);
    expect(await boxOf(walled.json<{ id: string }>().id)).toBeCloseTo(0.25, 3);
    const free = await cut(pages[0]!.id);
    expect(await boxOf(free.json<{ id: string }>().id)).toBeCloseTo(0.6, 3);
    const member = await complimentaryMember(t.app, admin, 'paid', { includes: ['epaper'] });
    const whole = await cut(pages[1]!.id, member);
    expect(await boxOf(whole.json<{ id: string }>().id)).toBeCloseTo(0.6, 3);
  }, 120_000);
});

describe('downloads', () => {
  const download = (who?: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: `/api/epaper/issues/${issue._id}/download`,
      ...(who ? { headers: auth(who) } : {}),
    });

  it('are refused to readers who may not read the issue', async () => {
    expect((await download()).statusCode).toBe(401);
    const noEpaper = await complimentaryMember(t.app, admin, 'paid');
    const res = await download(noEpaper);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'epaper.download_walled' });
  });

  it('stop at the day’s limit with a code, and start again a day later', async () => {
    const member = await complimentaryMember(t.app, admin, 'paid', { includes: ['epaper'] });
    const db = t.app.services.database.db;
    // Five copies made today (their rows, as a download writes them).
    for (let i = 0; i < 5; i++)
      await db.insert(epaperDownloads).values({
        userId: member._id,
        issueId: issue._id,
        trace: String(i).repeat(32),
        createdAt: clock.now(),
      });
    const sixth = await download(member);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'epaper.download_limit', params: { maximum: 5 } });
    later(24 * 3_600_000 + 1000);
    const next = await download(member);
    expect(next.statusCode, next.body).toBe(200);
  }, 60_000);

  it('carry a footer line and, in their metadata, a trace that leads back to their reader', async () => {
    const member = await complimentaryMember(t.app, admin, 'paid', { includes: ['epaper'] });
    const res = await download(member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['cache-control']).toMatch(/private|no-store/);
    const folder = mkdtempSync(join(tmpdir(), 'patrika-download-'));
    try {
      const file = join(folder, 'copy.pdf');
      writeFileSync(file, res.rawPayload);
      // Poppler reads the copy as anyone would: every page has the line, the metadata the trace.
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      const trace = /patrika-trace:([0-9a-f]{32})/.exec(info)?.[1];
      expect(trace, info).toBeDefined();
      expect(info).toMatch(new RegExp(`Pages:\\s+${pages.length}\\b`));
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      const lines = text.split('\f').filter((page) => page.trim() !== '');
      expect(lines).toHaveLength(pages.length);
      for (const page of lines) expect(page).toContain(`personal copy ${trace}`);
      expect(text).toContain('2026-11-29');
      expect(text).not.toContain(member.email);
      // The visible line in the paper's language is an image on every page (one line: far
      // wider than high), which the pages as printed did not have.
      const original = join(folder, 'printed.pdf');
      writeFileSync(original, epaperFixture('three-pages.pdf'));
      const [copyImages, printedImages] = [imagesByPage(file), imagesByPage(original)];
      for (let n = 1; n <= pages.length; n++) {
        const drawn = copyImages.get(n) ?? [];
        expect(drawn.length, `page ${n}`).toBe((printedImages.get(n) ?? []).length + 1);
        expect(
          drawn.some((i) => i.width > 10 * i.height),
          `page ${n}`,
        ).toBe(true);
      }
      const found = await get(`/api/epaper/traces/${trace}`, admin);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json()).toMatchObject({ reader: { _id: member._id, email: member.email } });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('lead an administrator from a copy’s trace to its reader, audited; nobody else', async () => {
    const member = await complimentaryMember(t.app, admin, 'paid', { includes: ['epaper'] });
    const trace = 'ab'.repeat(16);
    await t.app.services.database.db
      .insert(epaperDownloads)
      .values({ userId: member._id, issueId: issue._id, trace, createdAt: clock.now() });
    expect((await get(`/api/epaper/traces/${trace}`)).statusCode).toBe(401);
    expect((await get(`/api/epaper/traces/${trace}`, editor)).statusCode).toBe(403);
    expect((await get('/api/epaper/traces/not-a-trace', admin)).statusCode).toBe(400);
    expect((await get(`/api/epaper/traces/${'cd'.repeat(16)}`, admin)).statusCode).toBe(404);
    const found = await get(`/api/epaper/traces/${trace}`, admin);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      trace,
      reader: { _id: member._id, email: member.email },
      issue: {
        _id: issue._id,
        edition: city.slug,
        editionNames: { hi: 'जयपुर', en: 'Jaipur' },
        date: '2026-11-29',
      },
    });
    await expect
      .poll(
        async () =>
          (await get('/api/audit?action=epaper.trace_looked_up', admin)).json<{
            entries: { subject: { id: string }; details: Record<string, unknown> }[];
          }>().entries,
        { timeout: 10_000 },
      )
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            subject: expect.objectContaining({ id: member._id }),
            details: { trace, found: true },
          }),
        ]),
      );
  });
});
