/*
 * Stories on the e-paper's page (issue 68 item 1): the desk's boxes through
 * `GET/POST/PUT/DELETE /api/epaper/pages/{id}/zones` (editors and up, boxes inside the page, a
 * linked story that exists), and what readers get of them: a linked box to its public story,
 * an unlinked one to the words OCR read in it with their numbers hidden until a person
 * corrected the text, and a story's "In print" pages (public issues only). Page 2 is read by
 * OCR here; page 3's words are written in by the test (numbers Tesseract would misread).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperFiles, epaperPages, epaperTexts } from '../../../db/schema/epaper';
import type { EpaperIssue } from '../../../common/schemas/epaper';
import type { EpaperZone, EpaperZoneSuggestions } from '../../../common/schemas/epaper-zones';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
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
let editor: TestUser;
let author: TestUser;
let issue: EpaperIssue;
let story: { _id: string; slug: string; name: string; category: { slug: string } };
const pageIds: string[] = [];

const zones = (pageId: string, method = 'GET', payload?: object, who: TestUser | null = editor) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/epaper/pages/${pageId}/zones`,
    ...(who ? { headers: auth(who) } : {}),
    ...(payload ? { payload } : {}),
  });
const zone = (pageId: string, zoneId: string, method: 'PUT' | 'DELETE', payload?: object) =>
  t.app.inject({
    method,
    url: `/api/epaper/pages/${pageId}/zones/${zoneId}`,
    headers: auth(editor),
    ...(payload ? { payload } : {}),
  });
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
  author = await createUser(t.app, 'author');
  const city = await createCityEdition(t.app, admin);
  const category = await createCategory(t.app, admin);
  story = await createArticle(t.app, editor, category._id, { name: 'जयपुर में मिट्टी के दीये' });
  issue = await createEpaperIssue(t.app, editor, { edition: city.slug, date: '2026-11-29' });
  const res = await sendPages(t.app, editor, issue._id, [
    { filename: 'jaipur.pdf', data: epaperFixture('three-pages.pdf') },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const rows = await t.app.services.database.db
    .select({ id: epaperPages.id, fileId: epaperPages.fileId, number: epaperPages.number })
    .from(epaperPages)
    .where(eq(epaperPages.issueId, issue._id))
    .orderBy(epaperPages.number);
  pageIds.push(...rows.map((r) => r.id));
  await t.app.services.epaper.processing.runNow('views', rows[1]!.fileId);
  await t.app.services.epaper.processing.runNow('ocr', rows[1]!.fileId);
  // Page 3 "read" with numbers: a master of 1000 × 1000 px, two columns.
  await t.app.services.database.db.insert(epaperTexts).values({
    fileId: rows[2]!.fileId,
    text: 'दाम 250 रुपये २९ नवंबर',
    words: [
      ['दाम', 100, 100, 200, 130],
      ['250', 210, 100, 260, 130],
      ['रुपये', 270, 100, 350, 130],
      ['२९', 600, 100, 650, 130],
      ['नवंबर', 660, 100, 760, 130],
    ],
  });
  await t.app.services.database.db
    .update(epaperFiles)
    .set({ width: 1000, height: 1000 })
    .where(eq(epaperFiles.id, rows[2]!.fileId));
}, 300_000);
afterAll(() => t?.close());

const suggested = (pageId: string, who: TestUser | null = editor) =>
  t.app.inject({
    method: 'GET',
    url: `/api/epaper/pages/${pageId}/zones/suggested`,
    ...(who ? { headers: auth(who) } : {}),
  });

describe("boxes Tesseract's layout suggests", () => {
  it("are the read page's text blocks, the headline's among them, none once a box covers them", async () => {
    const res = await suggested(pageIds[1]!);
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json<EpaperZoneSuggestions>();
    expect(first.read).toBe(true);
    expect(first.suggestions.length).toBeGreaterThan(0);
    for (const { box } of first.suggestions) {
      expect(box.x + box.w).toBeLessThanOrEqual(1);
      expect(box.y + box.h).toBeLessThanOrEqual(1);
      expect(Math.min(box.w, box.h)).toBeGreaterThanOrEqual(0.01);
    }
    // The headline's word (where OCR read it) lies in a suggested block.
    const [read] = await t.app.services.database.db
      .select({ words: epaperTexts.words, width: epaperFiles.width, height: epaperFiles.height })
      .from(epaperPages)
      .innerJoin(epaperTexts, eq(epaperTexts.fileId, epaperPages.fileId))
      .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
      .where(eq(epaperPages.id, pageIds[1]!));
    const word = read!.words.find((w) => w[0].includes('जयपुर'))!;
    const [cx, cy] = [
      (word[1] + word[3]) / 2 / read!.width!,
      (word[2] + word[4]) / 2 / read!.height!,
    ];
    const holding = first.suggestions.find(
      ({ box }) => cx >= box.x && cx <= box.x + box.w && cy >= box.y && cy <= box.y + box.h,
    );
    expect(holding, JSON.stringify(first.suggestions)).toBeDefined();
    // Accepted (drawn as it came), it is suggested no more; the others still are.
    const drawn = await zones(pageIds[1]!, 'POST', { box: holding!.box, kind: holding!.kind });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const next = (await suggested(pageIds[1]!)).json<EpaperZoneSuggestions>().suggestions;
    expect(next).not.toContainEqual(holding);
    expect(next.length).toBe(first.suggestions.length - 1);
    expect((await zone(pageIds[1]!, drawn.json<EpaperZone>()._id, 'DELETE')).statusCode).toBe(200);
  });

  it('are none before OCR read the page, and for editors only', async () => {
    expect((await suggested(pageIds[0]!)).json()).toEqual({ read: false, suggestions: [] });
    expect((await suggested(pageIds[0]!, null)).statusCode).toBe(401);
    expect((await suggested(pageIds[0]!, author)).statusCode).toBe(403);
    const none = await suggested('00000000-0000-4000-8000-000000000000');
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('epaper.page_not_found');
  });
});

describe("the desk's boxes on a page", () => {
  it('are for editors and up', async () => {
    expect((await zones(pageIds[0]!, 'GET', undefined, null)).statusCode).toBe(401);
    const refused = await zones(pageIds[0]!, 'GET', undefined, author);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.role_required');
    const none = await zones('00000000-0000-4000-8000-000000000000');
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('epaper.page_not_found');
  });

  it('are drawn inside the page, linked only to a story that exists, changed and removed', async () => {
    const outside = await zones(pageIds[1]!, 'POST', { box: { x: 0.5, y: 0, w: 0.6, h: 0.2 } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().code).toBe('validation.invalid');
    const unknown = await zones(pageIds[1]!, 'POST', {
      box: { x: 0, y: 0, w: 0.5, h: 0.5 },
      storyId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('epaper.story_unknown');
    expect((await zones(pageIds[1]!)).json().zones).toEqual([]);

    const made = await zones(pageIds[1]!, 'POST', {
      box: { x: 0, y: 0, w: 1, h: 0.5 },
      kind: 'ad',
    });
    expect(made.statusCode, made.body).toBe(201);
    const box = made.json<EpaperZone>();
    expect(box).toMatchObject({ kind: 'ad', storyId: null, box: { x: 0, y: 0, w: 1, h: 0.5 } });
    const changed = await zone(pageIds[1]!, box._id, 'PUT', {
      box: { x: 0, y: 0, w: 1, h: 1 },
      kind: 'story',
      storyId: story._id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ kind: 'story', storyId: story._id });
    const listed = (await zones(pageIds[1]!)).json<{ zones: EpaperZone[] }>().zones;
    expect(listed.map((z) => z._id)).toEqual([box._id]);
    // Another page's box is not found through this page.
    expect((await zone(pageIds[0]!, box._id, 'DELETE')).statusCode).toBe(404);
    const extra = (
      await zones(pageIds[1]!, 'POST', { box: { x: 0.1, y: 0.1, w: 0.1, h: 0.1 } })
    ).json<EpaperZone>();
    expect((await zone(pageIds[1]!, extra._id, 'DELETE')).statusCode).toBe(200);
    const gone = await zone(pageIds[1]!, extra._id, 'DELETE');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('epaper.zone_not_found');
  });
});

describe('what readers get of the boxes', () => {
  it('a linked box opens its story; the story is in print only once the issue is public', async () => {
    const epaper = t.app.services.epaper;
    expect(await epaper.inPrint(story._id)).toEqual([]);
    expect((await setStatus('published')).statusCode).toBe(200);
    const [linked] = await epaper.readerZones(issue._id, 2);
    expect(linked!.story).toEqual({
      path: `/${story.category.slug}/${story.slug}`,
      title: story.name,
    });
    const [print] = await epaper.inPrint(story._id);
    expect(print).toMatchObject({ issueId: issue._id, page: 2, date: '2026-11-29' });
    expect(print!.path).toMatch(/^\/epaper\/city-[0-9a-f]+\/2026-11-29\/2$/);
  });

  it("an unlinked box gives OCR's words in it, its numbers hidden until a person corrects it", async () => {
    const left = await zones(pageIds[2]!, 'POST', { box: { x: 0, y: 0, w: 0.5, h: 0.5 } });
    expect(left.statusCode, left.body).toBe(201);
    const right = await zones(pageIds[2]!, 'POST', { box: { x: 0.5, y: 0, w: 0.5, h: 0.5 } });
    const shown = await t.app.services.epaper.readerZones(issue._id, 3);
    const byId = new Map(shown.map((z) => [z._id, z]));
    // The left column alone: the right column's words are not spliced in.
    expect(byId.get(left.json<EpaperZone>()._id)).toMatchObject({
      story: null,
      text: 'दाम … रुपये',
      corrected: false,
    });
    expect(byId.get(right.json<EpaperZone>()._id)!.text).toBe('… नवंबर');
    expect(shown.map((z) => z.text).join(' ')).not.toMatch(/[0-9\u0966-\u096F]/);
    const fixed = await zone(pageIds[2]!, left.json<EpaperZone>()._id, 'PUT', {
      box: { x: 0, y: 0, w: 0.5, h: 0.5 },
      text: 'दाम 150 रुपये',
    });
    expect(fixed.statusCode).toBe(200);
    const after = await t.app.services.epaper.readerZones(issue._id, 3);
    expect(after.find((z) => z._id === left.json<EpaperZone>()._id)).toMatchObject({
      text: 'दाम 150 रुपये',
      corrected: true,
    });
  });

  it('the real page read by OCR gives its headline in the box', async () => {
    const [linked] = await t.app.services.epaper.readerZones(issue._id, 2);
    expect(linked!.text).toContain('जयपुर');
  });

  it('a story whose issue goes back to draft is no longer in print', async () => {
    expect((await setStatus('draft')).statusCode).toBe(200);
    expect(await t.app.services.epaper.inPrint(story._id)).toEqual([]);
    expect(await t.app.services.epaper.readerZones(issue._id, 2)).toEqual([]);
  });
});
