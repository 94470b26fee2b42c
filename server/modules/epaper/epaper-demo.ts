/*
 * The demo's e-paper (README's demo, issue 67): Jaipur's issue of the day the demo was seeded,
 * made by the site itself from the project's own fixture pages (tests/fixtures/epaper/
 * three-pages.pdf: three small pages of the demo's Hindi stories, printed in Noto Sans
 * Devanagari by scripts/epaper-fixtures.ts) and published at once. Its pages go through the
 * same jobs as a desk's upload (views, tiles, OCR at the lowest priority), so a reader opens
 * /epaper as soon as the first view is made and finds its words by search a little later.
 * Idempotent: an issue of Jaipur on that date (the demo's, or the desk's own) is left alone.
 */
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { epaperIssues } from '../../../db/schema/epaper';
import { EPAPER_PUBLISH_JOB, forgetJob, jobKey, type EpaperDeps } from './epaper-deps';
import { issueChanged } from './epaper-desk';
import { deleteIssue, findIssue, findIssueAt, insertIssue, pagesOf } from './epaper-repository';
import type { epaperUploads } from './epaper-uploads';

/** The edition the demo's paper is of (db/seed/seed-editions.ts adds it). */
export const DEMO_EPAPER_EDITION = 'jaipur';
/** The demo issue's title: how `npm run seed -- --remove` knows it from a desk's own. */
export const DEMO_EPAPER_TITLE = 'पत्रिका · जयपुर (डेमो)';

const FIXTURE = fileURLToPath(
  new URL('../../../tests/fixtures/epaper/three-pages.pdf', import.meta.url),
);

/** The date of `now` in India, where the demo's editions are (YYYY-MM-DD). */
const indianDate = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);

/** Makes the demo's issue; answers whether it made one. */
export async function seedDemoIssue(
  deps: EpaperDeps,
  uploads: Pick<ReturnType<typeof epaperUploads>, 'storePages'>,
): Promise<boolean> {
  const { db, clock, outbox } = deps;
  const edition = await deps.editions.bySlug(DEMO_EPAPER_EDITION);
  if (!edition) return false;
  const now = clock.now();
  const date = indianDate(now);
  if (await findIssueAt(db, edition._id, date)) return false;
  const made = await outbox.transaction(async (tx, record) => {
    const row = await insertIssue(tx, {
      editionId: edition._id,
      date,
      title: DEMO_EPAPER_TITLE,
      language: 'hi',
      status: 'published',
      publishAt: now,
      createdBy: null,
    });
    record(
      issueChanged(
        { ...row, editionSlug: edition.slug },
        { change: 'created', status: 'published' },
      ),
    );
    return row;
  });
  const issue = (await findIssue(db, made.id))!;
  const dir = join(deps.workDir, `${process.pid}-demo-${made.id}`);
  await mkdir(dir, { recursive: true });
  try {
    const copy = join(dir, 'three-pages.pdf');
    await copyFile(FIXTURE, copy);
    await uploads.storePages(issue, [{ name: 'three-pages.pdf', path: copy }], dir);
  } catch (error) {
    // Nothing half-made (Poppler missing, say): the issue goes with its pages.
    await deleteIssue(db, made.id);
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return true;
}

/**
 * `npm run seed -- --remove`: the demo's issues of Jaipur (by their title) go as a desk's
 * removal takes an issue, their files then forgotten by their jobs; answers how many.
 */
export async function removeDemoIssues(deps: EpaperDeps): Promise<number> {
  const { db, clock, outbox, jobs } = deps;
  const edition = await deps.editions.bySlug(DEMO_EPAPER_EDITION);
  if (!edition) return 0;
  const demo = await db
    .select({ id: epaperIssues.id })
    .from(epaperIssues)
    .where(and(eq(epaperIssues.editionId, edition._id), eq(epaperIssues.title, DEMO_EPAPER_TITLE)));
  for (const { id } of demo)
    await outbox.transaction(async (tx, record) => {
      const issue = await findIssue(tx, id);
      if (!issue) return;
      const pages = await pagesOf(tx, [id]);
      await deleteIssue(tx, id);
      await jobs.cancel(jobKey(EPAPER_PUBLISH_JOB, id), tx);
      for (const fileId of new Set(pages.map((p) => p.fileId)))
        await jobs.schedule(forgetJob(fileId, clock.now()), tx);
      record(issueChanged(issue, { change: 'deleted', status: issue.status }));
    });
  return demo.length;
}
