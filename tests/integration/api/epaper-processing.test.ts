/*
 * An e-paper page processed (issue 67 item 2), through its jobs on the site's queue, by the real
 * Poppler, sharp and Tesseract: the 1080 px view (WebP, AVIF), the 240 px thumbnail and the Deep
 * Zoom tiles served under /media/ (never the PDF or the hOCR); the Hindi words read with their
 * boxes; each step's event once; a stage whose process died (its lease ran out) taken again by
 * its watchdog job; a file no page prints removed with every key it stored. One small page is
 * read by OCR in this file (one-page.pdf); the kill -9 of a real server is
 * tests/integration/server/epaper-kill.test.ts.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperFiles, epaperPages, epaperTexts } from '../../../db/schema/epaper';
import { events } from '../../../db/schema/events';
import type { EpaperIssue } from '../../../common/schemas/epaper';
import { normaliseText } from '../../../common/search/search-text';
import { EPAPER_OCR_JOB, jobKey } from '../../../server/modules/epaper/epaper-deps';
import { auth, createAdmin, createUser, type TestUser } from '../../factories';
import {
  createCityEdition,
  createEpaperIssue,
  epaperFixture,
  epaperFixtureText,
  sendPages,
} from '../../factories/epaper';
import { shiftedClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let editor: TestUser;
let issue: EpaperIssue;
let fileId: string;
let citySlug: string;
const time = shiftedClock();
const db = () => t.app.services.database.db;

const issueNow = async (): Promise<EpaperIssue> =>
  (await t.app.inject({ url: `/api/epaper/issues/${issue._id}`, headers: auth(editor) })).json();

/** Runs due jobs and the work they hand over until every stage of every page is done. */
async function processAll() {
  await waitUntil(
    async () => {
      await t.app.services.jobs.runDue();
      await t.app.services.epaper.processing.idle();
      const now = await issueNow();
      return now.pages.every((p) => Object.values(p.progress).every((s) => s === 'done'));
    },
    { timeoutMs: 120_000, intervalMs: 100, message: 'every page processed' },
  );
}

const pageEvents = async () =>
  (
    await db()
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.type, 'epaper.page'), eq(events.subjectId, fileId)))
  ).map((e) => (e.data as { stage: string }).stage);

beforeAll(async () => {
  t = await createTestApp({}, { clock: time.clock, pollJobs: false });
  const admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  const city = await createCityEdition(t.app, admin);
  citySlug = city.slug;
  issue = await createEpaperIssue(t.app, editor, { edition: city.slug, date: '2026-11-29' });
  const res = await sendPages(t.app, editor, issue._id, [
    { filename: 'page-1.pdf', data: epaperFixture('one-page.pdf') },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const [page] = await db().select().from(epaperPages).where(eq(epaperPages.issueId, issue._id));
  fileId = page!.fileId;
}, 120_000);
afterAll(() => t?.close());

describe('a page processed by its jobs', () => {
  it('waits for a stage another process holds until its lease runs out, then takes it', async () => {
    // Another process took the views stage and died: its lease holds 30 seconds.
    const heldUntil = new Date(time.clock.now().getTime() + 30_000);
    await db()
      .update(epaperFiles)
      .set({ viewsLeaseUntil: heldUntil })
      .where(eq(epaperFiles.id, fileId));
    await t.app.services.jobs.cancel(jobKey(EPAPER_OCR_JOB, fileId));
    await t.app.services.jobs.runDue();
    await t.app.services.epaper.processing.idle();
    let page = (await issueNow()).pages[0]!;
    expect(page.progress.views).toBe('working'); // in the dead process's hands, as far as anyone knows
    expect(page.view).toBeNull();
    // Its watchdog comes due after the lease: this process takes the stage and does it.
    time.shift(40_000);
    try {
      await waitUntil(
        async () => {
          await t.app.services.jobs.runDue();
          await t.app.services.epaper.processing.idle();
          return (await issueNow()).pages[0]!.progress.tiles === 'done';
        },
        { timeoutMs: 60_000, intervalMs: 100, message: 'the views stage taken over' },
      );
    } finally {
      time.shift(0);
    }
    page = (await issueNow()).pages[0]!;
    expect(page.progress).toMatchObject({ rendered: 'done', views: 'done', tiles: 'done' });
  }, 120_000);

  it('makes the view, the thumbnail and the tiles, served as images; the PDF and hOCR are not served', async () => {
    await t.app.services.jobs.schedule({
      key: jobKey(EPAPER_OCR_JOB, fileId),
      kind: EPAPER_OCR_JOB,
      subjectId: fileId,
      runAt: time.clock.now(),
    });
    await processAll();
    const page = (await issueNow()).pages[0]!;
    // 5 × 4 inches at 300 dpi.
    expect([page.width, page.height]).toEqual([1500, 1200]);
    const image = async (url: string, type: string) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toContain('immutable');
      return sharp(res.rawPayload).metadata();
    };
    expect((await image(page.view!.webp, 'image/webp')).width).toBe(1080);
    expect((await image(page.view!.avif, 'image/avif')).width).toBe(1080);
    expect((await image(page.view!.thumb, 'image/webp')).width).toBe(240);
    // The tiles at 200 dpi: 1000 × 800, the whole page in one tile at level 8.
    expect(page.tiles).toMatchObject({ width: 1000, height: 800, tileSize: 254, overlap: 1 });
    const whole = await image(`${page.tiles!.url}/8/0_0.webp`, 'image/webp');
    expect([whole.width, whole.height]).toEqual([250, 200]);
    await image(`${page.tiles!.url}/10/3_3.webp`, 'image/webp');
    const hash = page.view!.webp.split('/')[3]!;
    for (const hidden of ['page.pdf', 'page.hocr'])
      expect((await t.app.inject({ url: `/media/epaper/${hash}/${hidden}` })).statusCode).toBe(404);
  }, 180_000);

  it('reads the Hindi words with their boxes, and records each step once', async () => {
    const [text] = await db().select().from(epaperTexts).where(eq(epaperTexts.fileId, fileId));
    const known = epaperFixtureText('one-page.pdf')[0]!;
    const words = (s: string) =>
      normaliseText(s)
        .split(/[^\p{L}\p{M}\p{N}]+/u)
        .filter(Boolean);
    const read = new Set(words(text!.text));
    const expected = words(`${known.headline} ${known.body}`);
    const found = expected.filter((w) => read.has(w));
    // A clean page: nearly every word (ARCHITECTURE.md measured 99 % on a broadsheet).
    expect(found.length / expected.length, text!.text).toBeGreaterThan(0.9);
    expect(text!.words.length).toBeGreaterThan(20);
    for (const [word, x0, y0, x1, y1] of text!.words) {
      expect(word.length).toBeGreaterThan(0);
      expect(0 <= x0 && x0 < x1 && x1 <= 1500 && 0 <= y0 && y0 < y1 && y1 <= 1200).toBe(true);
    }
    expect((await pageEvents()).sort()).toEqual(['ocr', 'tiles', 'views']);
    // Asked again, a processed page is not processed again.
    expect(await t.app.services.epaper.processing.runNow('ocr', fileId)).toBeUndefined();
    expect(await t.app.services.epaper.processing.runNow('views', fileId)).toBeUndefined();
    expect(await t.app.services.jobs.runDue()).toBe(0);
    expect((await pageEvents()).sort()).toEqual(['ocr', 'tiles', 'views']);
  });

  it('removes a file no page prints, with every key it stored', async () => {
    const folder = join(t.config.dataDir, 'media', 'epaper');
    const hash = (await issueNow()).pages[0]!.view!.webp.split('/')[3]!;
    expect(readdirSync(join(folder, hash)).sort()).toEqual([
      'page.hocr',
      'page.pdf',
      'thumb.webp',
      'tiles_files',
      'view.avif',
      'view.webp',
    ]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/epaper/issues/${issue._id}`,
      headers: auth(editor),
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.services.jobs.runDue();
    expect(await db().select().from(epaperFiles).where(eq(epaperFiles.id, fileId))).toEqual([]);
    // Every tile the pyramid had is gone, so the folders are empty (or gone).
    const left = (dir: string): string[] =>
      existsSync(dir)
        ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
            e.isDirectory() ? left(join(dir, e.name)) : [join(dir, e.name)],
          )
        : [];
    expect(left(join(folder, hash))).toEqual([]);
    expect(await t.app.services.jobs.runDue()).toBe(0);
  });

  it('makes a page readable before searchable: no OCR starts here while views are being made', async () => {
    const other = await createEpaperIssue(t.app, editor, {
      edition: citySlug,
      date: '2026-11-30',
    });
    const sent = await sendPages(t.app, editor, other._id, [
      { filename: 'page-1.pdf', data: epaperFixture('three-pages.pdf') },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const files = await db()
      .select({ fileId: epaperPages.fileId })
      .from(epaperPages)
      .where(eq(epaperPages.issueId, other._id));
    const [first, second] = files.map((f) => f.fileId);
    const { processing } = t.app.services.epaper;
    // Settles when the run ends (a small page's views take a second or more: seen under way).
    const views = processing.runNow('views', first!);
    await waitUntil(() => processing.active().views === 1, {
      timeoutMs: 30_000,
      intervalMs: 5,
      message: 'the views under way',
    });
    // The views of one page under way: neither its OCR nor another page's starts in this process.
    expect(await processing.runNow('ocr', first!)).toBeUndefined();
    expect(await processing.runNow('ocr', second!)).toBeUndefined();
    expect(await views).toBe('done');
    const ocr = await processing.runNow('ocr', first!);
    expect(ocr).toBeDefined();
    expect(await ocr).toBe('done');
  });
});
