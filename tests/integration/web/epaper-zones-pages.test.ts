/*
 * Stories on the e-paper's page as readers get them (issue 68 item 1): page 2's boxes are
 * links (a linked box to its story, an unlinked one to its text below the page, labelled as
 * machine-read and without OCR's numbers; its "listen" button left for the browser to show),
 * the Clip button is there for the script; the linked story says "In print: page 2, Jaipur
 * edition" with a link to the page, and stops saying it when the issue is pulled back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperFiles, epaperPages, epaperTexts } from '../../../db/schema/epaper';
import type { EpaperIssue } from '../../../common/schemas/epaper';
import { auth, createAdmin, createArticle, createCategory, createUser } from '../../factories';
import type { TestUser } from '../../factories';
import {
  createCityEdition,
  createEpaperIssue,
  epaperFixture,
  sendPages,
} from '../../factories/epaper';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let editor: TestUser;
let issue: EpaperIssue;
let city: { _id: string; slug: string };
let storyPath: string;
const zoneIds: string[] = [];
const get = (url: string) => t.app.inject({ method: 'GET', url });
const setStatus = (status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/epaper/issues/${issue._id}`,
    headers: auth(editor),
    payload: { status },
  });

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build', pollJobs: false });
  const admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  city = await createCityEdition(t.app, admin, { hi: 'जयपुर', en: 'Jaipur' });
  const category = await createCategory(t.app, admin);
  const story = await createArticle(t.app, editor, category._id, { name: 'Clay lamps of Jaipur' });
  storyPath = `/${story.category.slug}/${story.slug}`;
  issue = await createEpaperIssue(t.app, editor, { edition: city.slug, date: '2026-11-29' });
  expect(
    (
      await sendPages(t.app, editor, issue._id, [
        { filename: 'jaipur.pdf', data: epaperFixture('three-pages.pdf') },
      ])
    ).statusCode,
  ).toBe(201);
  const [page2] = await t.app.services.database.db
    .select({ id: epaperPages.id, fileId: epaperPages.fileId })
    .from(epaperPages)
    .where(eq(epaperPages.issueId, issue._id))
    .orderBy(epaperPages.number)
    .offset(1)
    .limit(1);
  await t.app.services.epaper.processing.runNow('views', page2!.fileId);
  // What OCR "read" at the page's foot, with a number (its master's size kept as rendered).
  const [file] = await t.app.services.database.db
    .select({ width: epaperFiles.width, height: epaperFiles.height })
    .from(epaperFiles)
    .where(eq(epaperFiles.id, page2!.fileId));
  const [w, h] = [file!.width!, file!.height!];
  await t.app.services.database.db.insert(epaperTexts).values({
    fileId: page2!.fileId,
    text: 'दाम 250 रुपये',
    words: [
      ['दाम', 0.1 * w, 0.8 * h, 0.2 * w, 0.85 * h],
      ['250', 0.22 * w, 0.8 * h, 0.3 * w, 0.85 * h],
      ['रुपये', 0.32 * w, 0.8 * h, 0.45 * w, 0.85 * h],
    ],
  });
  for (const payload of [
    { box: { x: 0, y: 0, w: 1, h: 0.5 }, storyId: story._id },
    { box: { x: 0, y: 0.7, w: 1, h: 0.3 } },
  ]) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/epaper/pages/${page2!.id}/zones`,
      headers: auth(editor),
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    zoneIds.push(res.json<{ _id: string }>()._id);
  }
  expect((await setStatus('published')).statusCode).toBe(200);
}, 300_000);
afterAll(() => t?.close());

describe("the reader's page with its boxes", () => {
  it('links a box to its story and another to its machine-read text, numbers hidden', async () => {
    const res = await get(`/epaper/${city.slug}/2026-11-29/2`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(new RegExp(`class="epaper-zone" href="${storyPath}"`));
    expect(html).toContain(`href="#zone-${zoneIds[1]}"`);
    const from = html.indexOf(`id="zone-${zoneIds[1]}"`);
    const article = html.slice(from, html.indexOf('</article>', from));
    expect(article).toContain('Read by machine from the printed page');
    expect(article).toContain('Numbers are hidden until an editor checks this text.');
    expect(article).toContain('दाम … रुपये');
    expect(article).not.toContain('250');
    expect(article).toMatch(/data-epaper-listen="hi"[^>]*hidden/);
    expect(html).toContain('data-epaper-clip-start');
  });

  it('has the story say where it was printed, until the issue is pulled back', async () => {
    const res = await get(storyPath);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('In print: page 2, Jaipur edition');
    expect(res.body).toContain(`href="/epaper/${city.slug}/2026-11-29/2"`);
    expect((await setStatus('draft')).statusCode).toBe(200);
    const after = await get(storyPath);
    expect(after.body).not.toContain('In print:');
  });
});
