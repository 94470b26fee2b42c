import { CacheTags, type CacheChange } from '../../../common/cache-tags';
import type { BreakingInput, BreakingNews } from '../../../common/schemas/breaking';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { fieldError } from '../../lib/errors';
import type { JobsService } from '../jobs/jobs-service';
import { currentBand, endBands, replaceBand, type BreakingRow } from './breaking-repository';

/** The job that takes an expired band off every kept page (jobs table, run once). */
export const BREAKING_EXPIRY_JOB = 'breaking-expiry';
const expiryKey = (id: string) => `${BREAKING_EXPIRY_JOB}:${id}`;

/**
 * The breaking-news band (issue 25 item 2). Every public page shows it, so a change refreshes
 * every kept page through the one tag they all carry (CacheTags.breaking), in every process;
 * an expiry is a job at that minute, not a cache lifetime, so the band leaves on time however
 * long pages are kept.
 */
export function createBreakingService(deps: {
  db: Db;
  clock: Clock;
  /** The public address of a published article (the articles service), else undefined. */
  articles: { pathForId(id: string): Promise<string | undefined> };
  jobs: Pick<JobsService, 'schedule' | 'cancel'>;

  contentChanged: (change?: CacheChange) => Promise<void>;
}) {
  const { db, clock, articles, jobs } = deps;
  const everyPage: CacheChange = { stale: [CacheTags.breaking] };

  const view = async (row: BreakingRow): Promise<BreakingNews> => ({
    _id: row.id,
    text: row.text,
    articleId: row.articleId,
    url: row.articleId ? ((await articles.pathForId(row.articleId)) ?? null) : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });

  /** Checks the body against the clock and the articles; throws 400 naming the field. */
  const checked = async (input: BreakingInput) => {
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= clock.now().getTime())
      throw fieldError('expiresAt', 'breaking.expiry_past');
    const articleId = input.articleId ?? null;
    if (articleId && !(await articles.pathForId(articleId)))
      throw fieldError('articleId', 'article.not_published');
    return { text: input.text, articleId, expiresAt };
  };

  return {
    /** The band every page shows now, or null. */
    async current(): Promise<BreakingNews | null> {
      const row = await currentBand(db, clock.now());
      return row ? view(row) : null;
    },

    /** Editors and up: shows `input` on every page, in place of any band before it. */
    async set(actor: Actor | null, input: BreakingInput): Promise<BreakingNews> {
      const editor = requireRole(actor, 'editor', 'breaking.set_forbidden');
      const band = await checked(input);
      const { row, ended } = await replaceBand(db, { ...band, createdBy: editor.id }, clock.now());
      await Promise.all(ended.map((id) => jobs.cancel(expiryKey(id))));
      if (band.expiresAt)
        await jobs.schedule({
          key: expiryKey(row.id),
          kind: BREAKING_EXPIRY_JOB,
          subjectId: row.id,
          runAt: band.expiresAt,
        });
      await deps.contentChanged(everyPage);
      return view(row);
    },

    /** Editors and up: no band on any page. Removing when none shows changes nothing. */
    async remove(actor: Actor | null): Promise<void> {
      requireRole(actor, 'editor', 'breaking.remove_forbidden');
      const ended = await endBands(db, clock.now());
      if (ended.length === 0) return;
      await Promise.all(ended.map((id) => jobs.cancel(expiryKey(id))));
      await deps.contentChanged(everyPage);
    },

    /** The expiry job: the band's time is up, so every kept page is made again without it. */
    expired: () => deps.contentChanged(everyPage),
  };
}
export type BreakingService = ReturnType<typeof createBreakingService>;
