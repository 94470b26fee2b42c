/*
 * The demo's e-paper (README's demo, server/modules/epaper/epaper-demo.ts): on a site with the
 * demo's editions, Jaipur's issue of the day is made once from the project's fixture pages,
 * published, its three pages stored with their jobs and readable once their views are made
 * (views only here: OCR of the fixtures is epaper-processing.test.ts's); `npm run seed --
 * --remove`'s step takes it away, and a desk's own issue of Jaipur is never touched; without
 * Poppler nothing half-made is left (server/app.ts then starts the site without it).
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { epaperIssues, epaperPages } from '../../../db/schema/epaper';
import { seedDemoEditions } from '../../../db/seed/seed-editions';
import { DEMO_EPAPER_TITLE } from '../../../server/modules/epaper/epaper-demo';
import { createUser } from '../../factories';
import { createEpaperIssue } from '../../factories/epaper';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
const db = () => t.app.services.database.db;

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build', pollJobs: false });
  await seedDemoEditions(db(), new Date());
}, 120_000);
afterAll(() => t?.close());

const jaipur = async () => (await t.app.services.editions.bySlug('jaipur'))!;
const demoIssues = async () =>
  db()
    .select()
    .from(epaperIssues)
    .where(
      and(
        eq(epaperIssues.editionId, (await jaipur())._id),
        eq(epaperIssues.title, DEMO_EPAPER_TITLE),
      ),
    );

it('makes Jaipur’s issue of the day once, published, with the fixture’s three pages', async () => {
  expect(await t.app.services.epaper.seedDemo()).toBe(true);
  expect(await t.app.services.epaper.seedDemo()).toBe(false);
  const [issue, ...more] = await demoIssues();
  expect(more).toEqual([]);
  expect(issue!.status).toBe('published');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  expect(issue!.date).toBe(today);
  const pages = await db()
    .select()
    .from(epaperPages)
    .where(eq(epaperPages.issueId, issue!.id))
    .orderBy(epaperPages.number);
  expect(pages.map((p) => p.number)).toEqual([1, 2, 3]);

  // Readable once its first page's view is made, as a desk's upload is.
  await t.app.services.epaper.processing.runNow('views', pages[0]!.fileId);
  const latest = await t.app.services.epaper.latest();
  expect(latest.find((l) => l.edition.slug === 'jaipur')).toMatchObject({ date: today });
  const page = await t.app.inject({ url: `/epaper/jaipur/${today}/1` });
  expect(page.statusCode, page.body.slice(0, 3000)).toBe(200);
}, 120_000);

it('is taken away by the demo’s removal, and a desk’s own issue of Jaipur stays', async () => {
  const editor = await createUser(t.app, 'editor');
  const own = await createEpaperIssue(t.app, editor, { edition: 'jaipur', date: '2030-01-02' });
  expect(await t.app.services.epaper.removeDemo()).toBe(1);
  expect(await demoIssues()).toEqual([]);
  const left = await db().select().from(epaperIssues).where(eq(epaperIssues.id, own._id));
  expect(left).toHaveLength(1);
  expect(await t.app.services.epaper.removeDemo()).toBe(0);
});

it('without Poppler makes nothing half: the issue goes again and the start goes on', async () => {
  // A folder with only what runs the tools (nice, prlimit): pdfinfo and pdftoppm are missing.
  const bin = mkdtempSync(join(tmpdir(), 'patrika-no-poppler-'));
  for (const tool of ['nice', 'prlimit']) symlinkSync(`/usr/bin/${tool}`, join(bin, tool));
  const path = process.env.PATH;
  process.env.PATH = bin;
  try {
    await expect(t.app.services.epaper.seedDemo()).rejects.toThrow();
  } finally {
    process.env.PATH = path;
    rmSync(bin, { recursive: true, force: true });
  }
  expect(await demoIssues()).toEqual([]);
});
