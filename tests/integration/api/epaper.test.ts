/*
 * The e-paper desk's API (issue 67 item 1, item 2's refusals and dedupe): issues per edition and
 * date for editors and up; PDFs checked by their content, refused with codes and nothing kept;
 * a multi-page PDF split; the same page stored and processed once; reorder, replace, delete;
 * publish now or at a time. Pages are not processed here (jobs are not polled; the processing
 * has its own file, epaper-processing.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperFiles, epaperIssues, epaperPages } from '../../../db/schema/epaper';
import { jobs } from '../../../db/schema/jobs';
import type { EpaperIssue } from '../../../common/schemas/epaper';
import { EPAPER_MAX_FILE_BYTES } from '../../../common/epaper';
import { auth, createAdmin, createUser, type TestUser } from '../../factories';
import {
  createCityEdition,
  createEpaperIssue,
  epaperFixture,
  sendPages,
} from '../../factories/epaper';
import { shiftedClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { EPAPER_OCR_JOB, EPAPER_VIEWS_JOB } from '../../../server/modules/epaper/epaper-deps';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
let jaipur: { _id: string; slug: string };
let jodhpur: { _id: string; slug: string };
const time = shiftedClock();
const singles = mkdtempSync(join(tmpdir(), 'epaper-singles-'));
/** The three fixture pages as single-page PDFs (split by Poppler once here). */
let single: Buffer[] = [];

const db = () => t.app.services.database.db;
const media = () => join(t.config.dataDir, 'media', 'epaper');
const storedFolders = () => (existsSync(media()) ? readdirSync(media()).sort() : []);
const counts = async () => ({
  issues: (await db().select({ n: count() }).from(epaperIssues))[0]!.n,
  pages: (await db().select({ n: count() }).from(epaperPages))[0]!.n,
  files: (await db().select({ n: count() }).from(epaperFiles))[0]!.n,
  stored: storedFolders(),
});
const pdf = (filename: string, data: Buffer) => ({ filename, data });
const issueDates = (() => {
  let day = 0;
  return () => `2026-10-${String(++day).padStart(2, '0')}`;
})();
const newIssue = (edition = jaipur, by = editor) =>
  createEpaperIssue(t.app, by, { edition: edition.slug, date: issueDates() });
const put = (by: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: auth(by), payload });

beforeAll(async () => {
  t = await createTestApp({}, { clock: time.clock, pollJobs: false });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
  jaipur = await createCityEdition(t.app, admin);
  jodhpur = await createCityEdition(t.app, admin, { hi: 'जोधपुर', en: 'Jodhpur' });
  execFileSync('pdfseparate', [
    join(import.meta.dirname, '..', '..', 'fixtures', 'epaper', 'three-pages.pdf'),
    join(singles, 'p-%d.pdf'),
  ]);
  single = [1, 2, 3].map((n) => readFileSync(join(singles, `p-${n}.pdf`)));
}, 120_000);
afterAll(async () => {
  rmSync(singles, { recursive: true, force: true });
  await t?.close();
});

describe('e-paper issues', () => {
  it('are made by editors and up, one per edition and date', async () => {
    const body = { edition: jaipur.slug, date: '2026-11-29', title: 'सुबह' };
    const post = (who?: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: '/api/epaper/issues',
        headers: who ? auth(who) : {},
        payload: body,
      });
    expect((await post()).statusCode).toBe(401);
    const byAuthor = await post(author);
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json().code).toBe('auth.role_required');
    const made = await post(editor);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      edition: { _id: jaipur._id, slug: jaipur.slug, names: { hi: 'जयपुर', en: 'Jaipur' } },
      date: '2026-11-29',
      title: 'सुबह',
      language: 'hi',
      status: 'draft',
      public: false,
      pages: [],
    });
    const again = await post(admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'epaper.issue_exists',
      params: { date: '2026-11-29' },
    });
    // The same date in another edition (by its id) is another issue.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/epaper/issues',
      headers: auth(editor),
      payload: { ...body, edition: jodhpur._id },
    });
    expect(other.statusCode, other.body).toBe(201);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/epaper/issues',
      headers: auth(editor),
      payload: { ...body, edition: 'atlantis' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('edition.unknown');
  });

  it("refuses a desk limited to other editions, and lists only its editions' issues", async () => {
    const desk = await createUser(t.app, 'editor');
    const limited = await put(admin, `/api/users/${desk._id}`, { editions: [jodhpur._id] });
    expect(limited.statusCode, limited.body).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/epaper/issues',
      headers: auth(desk),
      payload: { edition: jaipur.slug, date: '2026-12-01' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('epaper.edition_not_yours');
    const list = await t.app.inject({ url: '/api/epaper/issues', headers: auth(desk) });
    expect(list.statusCode).toBe(200);
    const editionsListed = new Set((list.json().issues as EpaperIssue[]).map((i) => i.edition._id));
    expect([...editionsListed]).toEqual([jodhpur._id]);
  });
});

describe('uploading pages', () => {
  it('refuses what is not a whole, open, small enough PDF, with its code, and keeps nothing', async () => {
    const issue = await newIssue();
    const before = await counts();
    const jpeg = Buffer.from('ffd8ffe000104a46494600', 'hex');
    const cases: [string, { filename: string; data: Buffer }[], number, string][] = [
      ['an image named .pdf', [pdf('page-1.pdf', jpeg)], 400, 'epaper.not_pdf'],
      [
        'a PDF head and nothing else',
        [pdf('x.pdf', Buffer.from('%PDF-1.4\nhello'))],
        400,
        'epaper.pdf_malformed',
      ],
      [
        'half a PDF',
        [pdf('half.pdf', epaperFixture('one-page.pdf').subarray(0, 12_000))],
        400,
        'epaper.pdf_malformed',
      ],
      [
        'a locked PDF',
        [pdf('locked.pdf', epaperFixture('encrypted.pdf'))],
        400,
        'epaper.pdf_encrypted',
      ],
      [
        'a page over 10,000 px',
        [pdf('big.pdf', epaperFixture('oversized.pdf'))],
        400,
        'epaper.page_too_large',
      ],
      // One bad file refuses the good ones sent with it.
      [
        'a good page with a bad one',
        [pdf('1.pdf', single[0]!), pdf('2.pdf', jpeg)],
        400,
        'epaper.not_pdf',
      ],
      ['no file', [], 400, 'epaper.no_file'],
    ];
    for (const [what, files, status, code] of cases) {
      const res = await sendPages(t.app, editor, issue._id, files);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().code, what).toBe(code);
    }
    const huge = Buffer.alloc(EPAPER_MAX_FILE_BYTES + 1024, 0x20);
    huge.write('%PDF-1.4\n');
    const tooLarge = await sendPages(t.app, editor, issue._id, [pdf('huge.pdf', huge)]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      code: 'epaper.file_too_large',
      params: { maximum: 50 },
    });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/epaper/issues/${issue._id}/pages`,
      headers: auth(editor),
      payload: { file: 'x' },
    });
    expect(notMultipart.json().code).toBe('epaper.not_multipart');
    expect(await counts()).toEqual(before);
    // Nothing left in the work folder either.
    const work = join(t.config.dataDir, 'epaper-work');
    expect(existsSync(work) ? readdirSync(work) : []).toEqual([]);
  });

  it('lets only editors and up upload, before reading the files', async () => {
    const issue = await newIssue();
    const byAuthor = await sendPages(t.app, author, issue._id, [pdf('1.pdf', single[0]!)]);
    expect(byAuthor.statusCode).toBe(403);
    expect(
      (await sendPages(t.app, undefined, issue._id, [pdf('1.pdf', single[0]!)])).statusCode,
    ).toBe(401);
    const missing = await sendPages(t.app, editor, '00000000-0000-4000-8000-000000000000', [
      pdf('1.pdf', single[0]!),
    ]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('epaper.issue_not_found');
  });

  it('splits a multi-page PDF into its pages, and stores and processes a page printed twice once', async () => {
    const before = await counts();
    const first = await newIssue();
    const res = await sendPages(t.app, editor, first._id, [
      pdf('jaipur.pdf', epaperFixture('three-pages.pdf')),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const issue = res.json() as EpaperIssue;
    expect(issue.pages.map((p) => [p.number, p.sourceName])).toEqual([
      [1, 'jaipur.pdf · 1'],
      [2, 'jaipur.pdf · 2'],
      [3, 'jaipur.pdf · 3'],
    ]);
    expect(issue.pages[0]!.progress).toEqual({
      rendered: 'waiting',
      views: 'waiting',
      tiles: 'waiting',
      ocr: 'waiting',
    });
    expect(issue.pages[0]!.view).toBeNull();
    const after = await counts();
    expect(after.files - before.files).toBe(3);
    expect(after.stored.length - before.stored.length).toBe(3);
    const fileIds = (
      await db()
        .select({ id: epaperPages.fileId })
        .from(epaperPages)
        .where(eq(epaperPages.issueId, issue._id))
    ).map((r) => r.id);
    const processing = await db()
      .select({ key: jobs.key })
      .from(jobs)
      .where(inArray(jobs.subjectId, fileIds));
    expect(processing).toHaveLength(6); // views and OCR, per page

    // The same PDF in another edition's issue: three pages, no new file, no new job.
    const second = await newIssue(jodhpur);
    const again = await sendPages(t.app, editor, second._id, [
      pdf('jodhpur.pdf', epaperFixture('three-pages.pdf')),
    ]);
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as EpaperIssue).pages).toHaveLength(3);
    const last = await counts();
    expect(last.files).toBe(after.files);
    expect(last.stored).toEqual(after.stored);
    expect(
      await db().select({ key: jobs.key }).from(jobs).where(inArray(jobs.subjectId, fileIds)),
    ).toHaveLength(6);
  });

  it('numbers single pages by their names when all have one, else in the order sent', async () => {
    const issue = await newIssue();
    const named = await sendPages(t.app, editor, issue._id, [
      pdf('jaipur-p3.pdf', single[2]!),
      pdf('jaipur-p1.pdf', single[0]!),
      pdf('jaipur-p2.pdf', single[1]!),
    ]);
    expect(named.statusCode, named.body).toBe(201);
    expect((named.json() as EpaperIssue).pages.map((p) => p.sourceName)).toEqual([
      'jaipur-p1.pdf',
      'jaipur-p2.pdf',
      'jaipur-p3.pdf',
    ]);
    const taken = await sendPages(t.app, editor, issue._id, [pdf('page-2.pdf', single[1]!)]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'epaper.page_number_taken', params: { page: 2 } });
    const unnamed = await sendPages(t.app, editor, issue._id, [
      pdf('extra.pdf', single[1]!),
      pdf('more.pdf', single[0]!),
    ]);
    expect((unnamed.json() as EpaperIssue).pages.map((p) => `${p.number}:${p.sourceName}`)).toEqual(
      ['1:jaipur-p1.pdf', '2:jaipur-p2.pdf', '3:jaipur-p3.pdf', '4:extra.pdf', '5:more.pdf'],
    );
  });
});

describe("an issue's pages", () => {
  let issue: EpaperIssue;
  beforeAll(async () => {
    const made = await newIssue();
    const res = await sendPages(t.app, editor, made._id, [
      pdf('1.pdf', single[0]!),
      pdf('2.pdf', single[1]!),
      pdf('3.pdf', single[2]!),
    ]);
    issue = res.json();
  });
  const url = () => `/api/epaper/issues/${issue._id}/pages`;
  const ids = () => issue.pages.map((p) => p._id);

  it('are reordered when every page is named once', async () => {
    const [a, b, c] = ids();
    const res = await put(editor, url(), { order: [c, a, b] });
    expect(res.statusCode, res.body).toBe(200);
    issue = res.json();
    expect(issue.pages.map((p) => p.sourceName)).toEqual(['3.pdf', '1.pdf', '2.pdf']);
    expect(issue.pages.map((p) => p.number)).toEqual([1, 2, 3]);
    for (const order of [
      [a, b],
      [a, a, b],
      [a, b, '00000000-0000-4000-8000-000000000000'],
    ]) {
      const bad = await put(editor, url(), { order });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('epaper.order_mismatch');
    }
    expect((await put(author, url(), { order: [c, a, b] })).statusCode).toBe(403);
  });

  it('are replaced by one single-page PDF, keeping their number', async () => {
    const target = issue.pages[1]!;
    const multi = await sendPages(
      t.app,
      editor,
      issue._id,
      [pdf('all.pdf', epaperFixture('three-pages.pdf'))],
      target._id,
    );
    expect(multi.statusCode).toBe(400);
    expect(multi.json().code).toBe('epaper.replace_one_page');
    const res = await sendPages(
      t.app,
      editor,
      issue._id,
      [pdf('new.pdf', epaperFixture('one-page.pdf'))],
      target._id,
    );
    expect(res.statusCode, res.body).toBe(200);
    issue = res.json();
    expect(issue.pages.map((p) => `${p.number}:${p.sourceName}`)).toEqual([
      '1:3.pdf',
      '2:new.pdf',
      '3:2.pdf',
    ]);
  });

  it('are removed, the later ones moving up', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${url()}/${issue.pages[0]!._id}`,
      headers: auth(editor),
    });
    expect(res.statusCode, res.body).toBe(200);
    issue = res.json();
    expect(issue.pages.map((p) => `${p.number}:${p.sourceName}`)).toEqual(['1:new.pdf', '2:2.pdf']);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${url()}/${issue._id}`,
      headers: auth(editor),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('epaper.page_not_found');
  });
});

describe('publishing', () => {
  it('publishes now, at a time, or pulls back; never an issue without pages', async () => {
    const empty = await newIssue();
    const url = `/api/epaper/issues/${empty._id}`;
    const refused = await put(editor, url, { status: 'published' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('epaper.issue_empty');
    await sendPages(t.app, editor, empty._id, [pdf('1.pdf', single[0]!)]);
    const noTime = await put(editor, url, { status: 'scheduled' });
    expect(noTime.json().code).toBe('epaper.publish_at_needed');
    const past = await put(editor, url, {
      status: 'scheduled',
      publishAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.json().code).toBe('epaper.publish_at_past');
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await put(editor, url, { status: 'scheduled', publishAt: at.toISOString() });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({
      status: 'scheduled',
      publishAt: at.toISOString(),
      public: false,
    });
    // Its time comes: the job publishes it (pages' processing is not this file's subject).
    await db()
      .delete(jobs)
      .where(inArray(jobs.kind, [EPAPER_VIEWS_JOB, EPAPER_OCR_JOB]));
    time.shift(3_600_000 + 1_000);
    try {
      await t.app.services.jobs.runDue();
      const got = await t.app.inject({ url, headers: auth(editor) });
      expect(got.json()).toMatchObject({ status: 'published', public: true });
      expect(got.json().publishedAt).toBe(at.toISOString());
    } finally {
      time.shift(0);
    }
    const draft = await put(editor, url, { status: 'draft' });
    expect(draft.json()).toMatchObject({ status: 'draft', publishAt: null, public: false });
    const now = await put(editor, url, { status: 'published' });
    expect(now.json()).toMatchObject({ status: 'published', public: true });
  });
});
