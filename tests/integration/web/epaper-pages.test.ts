/*
 * The e-paper's reader pages (issue 67 item 3) as readers get them: /epaper (the newest issue),
 * /epaper/{edition}/{date} (its first page and the strip of pages) and /{page}; a draft, an
 * unknown date or page is 404; the pages are kept for anonymous readers (a hit, no cookie) and
 * refreshed when the issue changes; the page's view in AVIF, tiles only named for the zoom, and
 * the first view's weight within 300 KB; /search shows a page as its own kind and the page
 * highlights the words. Pages' views are made here, and page 2 is read by OCR.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperPages } from '../../../db/schema/epaper';
import type { EpaperIssue } from '../../../common/schemas/epaper';
import { auth, createAdmin, createUser, type TestUser } from '../../factories';
import {
  createCityEdition,
  createEpaperIssue,
  epaperFixture,
  sendPages,
} from '../../factories/epaper';
import { ROOT } from '../../../scripts/build-state';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let city: { _id: string; slug: string };
let issue: EpaperIssue;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const publish = (id: string, status = 'published') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/epaper/issues/${id}`,
    headers: auth(editor),
    payload: { status },
  });

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build', pollJobs: false });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  city = await createCityEdition(t.app, admin);
  issue = await createEpaperIssue(t.app, editor, { edition: city.slug, date: '2026-11-29' });
  const res = await sendPages(t.app, editor, issue._id, [
    { filename: 'jaipur.pdf', data: epaperFixture('three-pages.pdf') },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  // Their views and tiles, here (no OCR in this file).
  const pages = await t.app.services.database.db
    .select({ fileId: epaperPages.fileId })
    .from(epaperPages)
    .where(eq(epaperPages.issueId, issue._id));
  for (const { fileId } of pages) await t.app.services.epaper.processing.runNow('views', fileId);
  // Page 2 read by OCR (this file's one): search finds it, its page highlights the words.
  await t.app.services.epaper.processing.runNow('ocr', pages[1]!.fileId);
}, 300_000);
afterAll(() => t?.close());

const base = () => `/epaper/${city.slug}/2026-11-29`;

describe('the e-paper’s pages', () => {
  it('are not there for a draft issue', async () => {
    expect((await get(base())).statusCode).toBe(404);
    const home = await get('/epaper');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('No e-paper has been published yet.');
  });

  it('show an issue: its first page, the strip of its pages, the calendar and the editions', async () => {
    expect((await publish(issue._id)).statusCode).toBe(200);
    const res = await get(base());
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.body).toContain('Jaipur e-paper, 29 November 2026');
    for (const n of [1, 2, 3]) expect(res.body).toContain(`href="${base()}/${n}"`);
    expect(res.body).toMatch(
      /<source type="image\/avif" srcSet="\/media\/epaper\/[0-9a-f]{64}\/view\.avif"/,
    );
    expect(res.body).toContain('loading="lazy"');
    // The tiles are named for the zoom, never loaded by the page itself.
    expect(res.body).not.toMatch(/<img[^>]+tiles_files/);
    expect(res.body).toContain('data-tiles=');
    expect(res.body).toContain(`href="${base()}"`); // the calendar's day
    expect(res.body).toContain('data-epaper-edition');
  });

  it('show each page, with the way to the others, and 404 past the last', async () => {
    const page2 = await get(`${base()}/2`);
    expect(page2.statusCode).toBe(200);
    expect(page2.body).toContain('Page 2 of 3');
    expect(page2.body).toContain(`data-prev="${base()}/1"`);
    expect(page2.body).toContain(`data-next="${base()}/3"`);
    for (const bad of ['/4', '/0', '/x', '/1.5'])
      expect((await get(`${base()}${bad}`)).statusCode, bad).toBe(404);
    expect((await get(`/epaper/${city.slug}/2026-11-28`)).statusCode).toBe(404);
    expect((await get(`/epaper/${city.slug}/yesterday`)).statusCode).toBe(404);
    expect((await get(`/epaper/atlantis/2026-11-29`)).statusCode).toBe(404);
  });

  it('are kept for anonymous readers, the same bytes without a cookie, and refreshed when the issue changes', async () => {
    const url = `${base()}/3`;
    const first = await get(url);
    expect(first.headers['cache-control']).toMatch(/^public/);
    expect(first.headers['set-cookie']).toBeUndefined();
    const again = await get(url);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    // Pulled back to draft: the kept page goes with it.
    expect((await publish(issue._id, 'draft')).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    expect((await publish(issue._id)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(200);
  });

  it('/epaper opens the newest issue, with the editions its script sends a reader’s city to', async () => {
    const res = await get('/epaper');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Jaipur e-paper, 29 November 2026');
    expect(res.body).toContain(
      `data-epaper-home="[[&quot;${city._id}&quot;,&quot;${base()}&quot;]]"`,
    );
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${base()}"`);
  });

  it('weighs at most 300 KB on its first view: the page, its scripts, its view and thumbnails', async () => {
    const br = { 'accept-encoding': 'br' };
    const res = await t.app.inject({ url: base(), headers: br });
    const body = (await get(base())).body;
    const script = /<script type="module" src="([^"]+)"/.exec(body)?.[1];
    // The e-paper's own part of the reading script, which the page loads at once.
    const part = readdirSync(join(ROOT, 'build', 'client', 'assets')).find((f) =>
      /^reader-epaper-[\w-]+\.js$/.test(f),
    );
    expect(script && part, 'the reading script and its e-paper part').toBeTruthy();
    const sizes = {
      html: res.rawPayload.length,
      script: (await t.app.inject({ url: script!, headers: br })).rawPayload.length,
      part: (await t.app.inject({ url: `/assets/${part}`, headers: br })).rawPayload.length,
      view: (await get(/srcSet="([^"]+view\.avif)"/.exec(body)![1]!)).rawPayload.length,
      thumbs: 0,
    };
    for (const [, thumb] of body.matchAll(/<img src="([^"]+thumb\.webp)"/g))
      sizes.thumbs += (await get(thumb!)).rawPayload.length;
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThan(300 * 1024);
  });

  it('are found by /search as their own kind, and the page found highlights the words', async () => {
    const found = await get('/search?q=jaipur');
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain(`href="${base()}/2?q=jaipur"`);
    expect(found.body).toContain('E-paper · Jaipur · 29 November 2026 · Page 2');
    expect(found.body).toContain('Text read by machine from the printed page');
    const page = await get(`${base()}/2?q=jaipur`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<mark class="epaper-hit" style="left:[\d.]+%;top:[\d.]+%/);
    expect(page.body).toContain('1 match for “jaipur” on this page');
    expect(page.body).toContain('Text read by machine from the printed page');
    expect(page.body).toContain('जयपुर');
    // In a Hindi interface, the kind as Hindi readers say it.
    const hindi = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { uiLanguage: 'hi' },
    });
    expect(hindi.statusCode, hindi.body).toBe(200);
    expect((await get('/search?q=जयपुर')).body).toContain('ई-पेपर · जयपुर · 29 नवंबर 2026 · पृष्ठ 2');
  });
});
