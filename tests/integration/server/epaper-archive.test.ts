/*
 * The e-paper in the site archive (issue 67: backups and the site archive include its files and
 * tables): a published issue with a processed page is exported, read into an empty site on the
 * other media storage (the database's), and reads there as it did: its rows, its page's view
 * and tiles served, a reader's clip of it (issue 68) with its image and its count of openings;
 * a page still in processing gets its jobs again at the new site's start. No OCR in this file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperFiles, epaperIssues, epaperPages } from '../../../db/schema/epaper';
import { jobs } from '../../../db/schema/jobs';
import type { EpaperIssue } from '../../../common/schemas/epaper';
import type { EpaperClip, EpaperClipMade } from '../../../common/schemas/epaper-zones';
import { EPAPER_TABLES } from '../../../server/modules/epaper/epaper-transfer';
import { auth, createAdmin, createUser, someAddress, type TestUser } from '../../factories';
import {
  createCityEdition,
  createEpaperIssue,
  epaperFixture,
  sendPages,
} from '../../factories/epaper';
import { createTestApp, type TestApp } from '../../setup/test-app';

let from: TestApp;
let to: TestApp;
let editor: TestUser;
let issue: EpaperIssue;
let clip: EpaperClipMade;
let scratch: string;

const rowsOf = async (t: TestApp) =>
  Object.fromEntries(
    await Promise.all(
      EPAPER_TABLES.map(async (table) => [
        getTableName(table),
        await t.database.db
          .select()
          .from(table)
          .orderBy(asc(Object.values(table)[0] as never)),
      ]),
    ),
  );

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'patrika-epaper-archive-'));
  from = await createTestApp({}, { pollJobs: false });
  const admin = await createAdmin(from.app);
  editor = await createUser(from.app, 'editor');
  const city = await createCityEdition(from.app, admin);
  issue = await createEpaperIssue(from.app, editor, { edition: city.slug, date: '2026-11-29' });
  const res = await sendPages(from.app, editor, issue._id, [
    { filename: 'page-1.pdf', data: epaperFixture('one-page.pdf') },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const [page] = await from.database.db.select().from(epaperPages);
  await from.app.services.epaper.processing.runNow('views', page!.fileId);
  const published = await from.app.inject({
    method: 'PUT',
    url: `/api/epaper/issues/${issue._id}`,
    headers: auth(editor),
    payload: { status: 'published' },
  });
  expect(published.statusCode, published.body).toBe(200);
  // A reader's clip of the page, opened once by another reader.
  const cut = await from.app.inject({
    method: 'POST',
    url: '/api/epaper/clips',
    payload: { pageId: page!.id, box: { x: 0.1, y: 0.1, w: 0.5, h: 0.4 } },
    remoteAddress: someAddress(),
  });
  expect(cut.statusCode, cut.body).toBe(201);
  clip = cut.json<EpaperClipMade>();
  const opened = await from.app.inject({
    method: 'POST',
    url: `/api/epaper/clips/${clip.id}/open`,
    remoteAddress: someAddress(),
  });
  expect(opened.json()).toEqual({ counted: true });
  to = await createTestApp({ MEDIA_STORAGE: 'db' }, { pollJobs: false });
}, 300_000);
afterAll(async () => {
  await from?.close();
  await to?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the e-paper in the site archive', () => {
  it('carries its tables and files into an empty site on another media storage', async () => {
    const file = join(scratch, 'site.ndjson.gz');
    await from.app.services.archive.exportToFile(file);
    // The edition the issue belongs to travels too (editions' tables).
    await to.app.services.archive.importFrom(file);
    const [before, after] = [await rowsOf(from), await rowsOf(to)];
    expect(after.epaper_issues).toHaveLength(1);
    expect(after.epaper_pages).toHaveLength(1);
    expect(after).toEqual(before);
    const got = await to.app.inject({
      url: `/api/epaper/issues/${issue._id}`,
      headers: auth(await createAdmin(to.app)),
    });
    const page = (got.json() as EpaperIssue).pages[0]!;
    expect(page.progress).toMatchObject({ rendered: 'done', views: 'done', tiles: 'done' });
    for (const url of [
      page.view!.webp,
      page.view!.avif,
      page.view!.thumb,
      `${page.tiles!.url}/8/0_0.webp`,
    ]) {
      const res = await to.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
    }
    // The page's OCR never ran: the new site sets its job again when it starts.
    const [fileRow] = await to.database.db.select().from(epaperFiles);
    expect(fileRow!.ocrAt).toBeNull();
    await to.app.services.epaper.start();
    const set = await to.database.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(eq(jobs.subjectId, fileRow!.id));
    expect(set.map((j) => j.key)).toEqual([`epaper-ocr:${fileRow!.id}`]);
    const [row] = await to.database.db.select().from(epaperIssues);
    expect(row!.status).toBe('published');
  });

  it('carries readers’ clips: the clip opens on the new site with the same image and count', async () => {
    const [before, after] = await Promise.all(
      [from, to].map((t) => t.app.inject({ url: clip.image })),
    );
    expect(before!.statusCode).toBe(200);
    expect(after!.statusCode, clip.image).toBe(200);
    expect(after!.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(after!.rawPayload, before!.rawPayload)).toBe(0);
    const read = await to.app.inject({ url: `/api/epaper/clips/${clip.id}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<EpaperClip>()).toMatchObject({ id: clip.id, opens: 1, page: 1 });
  });
});
