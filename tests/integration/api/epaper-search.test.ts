/*
 * E-paper pages found by search (issue 67 item 4): a word printed on page 2 of the 3-page
 * fixture (जयपुर), read there by Tesseract, is found through GET /api/epaper/search typed in
 * Devanagari and in Latin letters (`jaipur`), with a nukta or without; only in published
 * issues, by edition and dates; and its boxes on the page are the ones the page highlights.
 * Only page 2 is read by OCR in this file.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperPages } from '../../../db/schema/epaper';
import type { EpaperIssue, EpaperSearchHit } from '../../../common/schemas/epaper';
import { auth, createAdmin, createUser, type TestUser } from '../../factories';
import {
  createCityEdition,
  createEpaperIssue,
  epaperFixture,
  sendPages,
} from '../../factories/epaper';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let editor: TestUser;
let city: { _id: string; slug: string };
let issue: EpaperIssue;

const search = async (query: string) => {
  const res = await t.app.inject({ url: `/api/epaper/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().machineRead).toBe(true);
  return res.json().results as EpaperSearchHit[];
};
const pagesFound = async (query: string) => (await search(query)).map((h) => h.page);
const setStatus = (status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/epaper/issues/${issue._id}`,
    headers: auth(editor),
    payload: { status },
  });

beforeAll(async () => {
  t = await createTestApp({}, { pollJobs: false });
  const admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  city = await createCityEdition(t.app, admin);
  issue = await createEpaperIssue(t.app, editor, { edition: city.slug, date: '2026-11-29' });
  const res = await sendPages(t.app, editor, issue._id, [
    { filename: 'jaipur.pdf', data: epaperFixture('three-pages.pdf') },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const [page2] = await t.app.services.database.db
    .select({ fileId: epaperPages.fileId })
    .from(epaperPages)
    .where(and(eq(epaperPages.issueId, issue._id), eq(epaperPages.number, 2)));
  await t.app.services.epaper.processing.runNow('ocr', page2!.fileId);
}, 300_000);
afterAll(() => t?.close());

describe('the e-paper found by search', () => {
  it('finds nothing in a draft issue', async () => {
    expect(await pagesFound('q=जयपुर')).toEqual([]);
  });

  it('finds the word on page 2 typed in Devanagari and in Latin letters', async () => {
    expect((await setStatus('published')).statusCode).toBe(200);
    const [hit] = await search('q=जयपुर');
    expect(hit).toMatchObject({
      issue: { _id: issue._id, edition: { slug: city.slug }, date: '2026-11-29' },
      page: 2,
      path: `/epaper/${city.slug}/2026-11-29/2?q=${encodeURIComponent('जयपुर')}`,
    });
    expect(hit!.snippet).toContain('जयपुर');
    expect(hit!.matches).toBeGreaterThanOrEqual(1);
    expect(await pagesFound('q=jaipur')).toEqual([2]);
    expect(await pagesFound('q=Jaipur')).toEqual([2]);
    // Folding: the same word with or without its nukta (ख़रीदारी on page 2).
    expect(await pagesFound(`q=${encodeURIComponent('खरीदारी')}`)).toEqual([2]);
    expect(await pagesFound(`q=${encodeURIComponent('ख़रीदारी')}`)).toEqual([2]);
    // A word of no page.
    expect(await pagesFound('q=mumbai')).toEqual([]);
  });

  it('narrows by edition and dates', async () => {
    expect(await pagesFound(`q=jaipur&edition=${city._id}`)).toEqual([2]);
    expect(await pagesFound(`q=jaipur&edition=${city.slug}&from=2026-11-29&to=2026-11-29`)).toEqual(
      [2],
    );
    expect(await pagesFound('q=jaipur&edition=india')).toEqual([]);
    expect(await pagesFound('q=jaipur&from=2026-11-30')).toEqual([]);
    expect(await pagesFound('q=jaipur&to=2026-11-28')).toEqual([]);
    const unknown = await t.app.inject({ url: '/api/epaper/search?q=jaipur&edition=atlantis' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('edition.unknown');
    expect((await t.app.inject({ url: '/api/epaper/search?q=' })).statusCode).toBe(400);
  });

  it('gives the matched words’ boxes on the page, for the highlight', async () => {
    for (const q of ['jaipur', 'जयपुर']) {
      const text = await t.app.services.epaper.pageText(issue._id, 2, q);
      expect(text!.matches.length, q).toBeGreaterThanOrEqual(1);
      for (const box of text!.matches) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.w).toBeLessThanOrEqual(1);
        expect(box.y + box.h).toBeLessThanOrEqual(1);
        expect(box.w).toBeGreaterThan(0);
      }
    }
    // The headline's जयपुर is near the page's top left (5 × 4 inch page, 1 inch margin).
    const [first] = (await t.app.services.epaper.pageText(issue._id, 2, 'jaipur'))!.matches;
    expect(first!.x).toBeLessThan(0.2);
    expect(first!.y).toBeLessThan(0.35);
    expect((await t.app.services.epaper.pageText(issue._id, 2))!.matches).toEqual([]);
  });

  it('finds nothing once the issue is pulled back', async () => {
    expect((await setStatus('draft')).statusCode).toBe(200);
    expect(await pagesFound('q=jaipur')).toEqual([]);
  });
});
