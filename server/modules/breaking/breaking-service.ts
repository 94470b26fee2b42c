import { CacheTags } from '../../../common/cache-tags';
import type { BreakingInput, BreakingNews } from '../../../common/schemas/breaking';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { fieldError } from '../../lib/errors';
import type { EventBus } from '../../events/event-bus';
import type { EventDraft, Outbox } from '../../events/outbox';
import type { JobsService } from '../jobs/jobs-service';
import { currentBand, endBands, replaceBand, type BreakingRow } from './breaking-repository';

/** The job that takes an expired band off every kept page (jobs table, run once). */
export const BREAKING_EXPIRY_JOB = 'breaking-expiry';
const expiryKey = (id: string) => `${BREAKING_EXPIRY_JOB}:${id}`;

/**
 * A band's change: every public page shows it (or its absence), through the one tag they all
 * carry; a front cache that purges by address gets the home page.
 */
const bandChanged = (
  type: 'breaking.set' | 'breaking.cleared',
  id: string,
  data = {},
): EventDraft => ({
  type,
  subject: { kind: 'breaking', id },
  data,
  cache: { stale: [CacheTags.breaking], urls: ['/'] },
});

/**
 * The breaking-news band (issue 25 item 2). Every public page shows it, so a change refreshes
 * every kept page through the one tag they all carry (CacheTags.breaking), in every process;
 * an expiry is a job at that minute, not a cache lifetime, so the band leaves on time however
 * long pages are kept. Each process keeps the band in memory until a band event says it
 * changed (issue 36 item 8): an uncached render does not read it again.
 */
export function createBreakingService(deps: {
  db: Db;
  clock: Clock;
  /** The public address of a published article (the articles service), else undefined. */
  articles: { pathForId(id: string): Promise<string | undefined> };
  jobs: Pick<JobsService, 'schedule' | 'cancel'>;
  outbox: Outbox;
  events: Pick<EventBus, 'everyProcess'>;
}) {
  const { db, clock, articles, jobs, outbox } = deps;
  /** The band as last read, until a band's event (from any process) says it changed. */
  let kept: Promise<BreakingRow | undefined> | undefined;
  deps.events.everyProcess('breaking', (events) => {
    if (events.some((e) => e.subject.kind === 'breaking')) kept = undefined;
  });
  const band = () => {
    kept ??= currentBand(db, clock.now()).catch((error: unknown) => {
      kept = undefined;
      throw error;
    });
    return kept;
  };

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
      const row = await band();
      // Its time may have come since it was read: the expiry job's event follows shortly.
      if (!row || (row.expiresAt && row.expiresAt <= clock.now())) return null;
      return view(row);
    },

    /** Editors and up: shows `input` on every page, in place of any band before it. */
    async set(actor: Actor | null, input: BreakingInput): Promise<BreakingNews> {
      const editor = requireRole(actor, 'editor', 'breaking.set_forbidden');
      const band = await checked(input);
      const row = await outbox.transaction(async (tx, record) => {
        const { row, ended } = await replaceBand(
          tx,
          { ...band, createdBy: editor.id },
          clock.now(),
        );
        for (const id of ended) await jobs.cancel(expiryKey(id), tx);
        if (band.expiresAt)
          await jobs.schedule(
            {
              key: expiryKey(row.id),
              kind: BREAKING_EXPIRY_JOB,
              subjectId: row.id,
              runAt: band.expiresAt,
            },
            tx,
          );
        record(bandChanged('breaking.set', row.id, { text: row.text, articleId: row.articleId }));
        return row;
      });
      return view(row);
    },

    /** Editors and up: no band on any page. Removing when none shows changes nothing. */
    async remove(actor: Actor | null): Promise<void> {
      requireRole(actor, 'editor', 'breaking.remove_forbidden');
      await outbox.transaction(async (tx, record) => {
        const ended = await endBands(tx, clock.now());
        for (const id of ended) await jobs.cancel(expiryKey(id), tx);
        if (ended.length > 0) record(bandChanged('breaking.cleared', ended.at(-1)!));
      });
    },

    /** The expiry job: the band's time is up, so every kept page is made again without it. */
    expired: (id: string | null) =>
      outbox.record(bandChanged('breaking.cleared', id ?? 'expired', { expired: true })),
  };
}
export type BreakingService = ReturnType<typeof createBreakingService>;
