import type { BreakingInput, BreakingNews } from '../../../common/schemas/breaking';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { fieldError } from '../../lib/errors';
import type { EventBus } from '../../events/event-bus';
import type { EventDraft, Outbox } from '../../events/outbox';
import type { JobsService } from '../jobs/jobs-service';
import { placeFor, placeSeen, type BandEditions, type PlaceSeen } from './breaking-places';
import {
  currentBands,
  endBands,
  placeOfBand,
  replaceBand,
  type BreakingRow,
} from './breaking-repository';

/** The job that takes an expired band off every kept page (jobs table, run once). */
export const BREAKING_EXPIRY_JOB = 'breaking-expiry';
const expiryKey = (id: string) => `${BREAKING_EXPIRY_JOB}:${id}`;

/**
 * A band's change: the pages that show its place's band (or its absence) through the one tag
 * they all carry (every page for the national band, an edition's page for its own); a front
 * cache that purges by address gets that place's page.
 */
const bandChanged = (
  type: 'breaking.set' | 'breaking.cleared',
  id: string,
  at: PlaceSeen,
  data = {},
): EventDraft => ({
  type,
  subject: { kind: 'breaking', id },
  data: { ...data, edition: at.place },
  cache: { stale: [at.tag], urls: [at.path] },
});

/** What a saved band's answer needs of the articles. */
type BandArticles = { pathForId(id: string): Promise<string | undefined> };

/** A band as the API and the pages see it. */
const viewOf = async (articles: BandArticles, row: BreakingRow): Promise<BreakingNews> => ({
  _id: row.id,
  text: row.text,
  articleId: row.articleId,
  url: row.articleId ? ((await articles.pathForId(row.articleId)) ?? null) : null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  edition: row.editionId,
});

/** Checks the body against the clock and the articles; throws 400 naming the field. */
async function checkedInput(
  { clock, articles }: { clock: Clock; articles: BandArticles },
  input: BreakingInput,
) {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= clock.now().getTime())
    throw fieldError('expiresAt', 'breaking.expiry_past');
  const articleId = input.articleId ?? null;
  if (articleId && !(await articles.pathForId(articleId)))
    throw fieldError('articleId', 'article.not_published');
  return { text: input.text, articleId, expiresAt };
}

/**
 * The breaking-news band (issue 25 item 2), national or an edition's (issue 65 item 3). Every
 * public page shows the national band, so its change refreshes every kept page through the one
 * tag they all carry (CacheTags.breaking), in every process; an edition's page shows its own
 * too (CacheTags.breakingEdition). An expiry is a job at that minute, not a cache lifetime, so
 * the band leaves on time however long pages are kept. Each process keeps the bands in memory
 * until a band event says they changed (issue 36 item 8): an uncached render does not read them.
 */
export function createBreakingService(deps: {
  db: Db;
  clock: Clock;
  /** The public address of a published article (the articles service), else undefined. */
  articles: BandArticles;
  jobs: Pick<JobsService, 'schedule' | 'cancel'>;
  outbox: Outbox;
  events: Pick<EventBus, 'everyProcess'>;
  editions: BandEditions;
}) {
  const { db, clock, articles, jobs, outbox } = deps;
  /** The bands as last read, until a band's event (from any process) says they changed. */
  let kept: Promise<BreakingRow[]> | undefined;
  deps.events.everyProcess('breaking', (events) => {
    if (events.some((e) => e.subject.kind === 'breaking')) kept = undefined;
  });
  const bands = () => {
    kept ??= currentBands(db, clock.now()).catch((error: unknown) => {
      kept = undefined;
      throw error;
    });
    return kept;
  };

  const view = (row: BreakingRow) => viewOf(articles, row);
  const checked = (input: BreakingInput) => checkedInput(deps, input);

  /** The band showing now in `place` (null: national), or null. */
  const showing = async (place: string | null): Promise<BreakingNews | null> => {
    const row = (await bands()).find((b) => b.editionId === place);
    // Its time may have come since it was read: the expiry job's event follows shortly.
    if (!row || (row.expiresAt && row.expiresAt <= clock.now())) return null;
    return view(row);
  };

  return {
    /** The national band every page shows now, or null. */
    current: () => showing(null),

    /** Edition `editionId`'s own band (its page shows it under the national one), or null. */
    forEdition: (editionId: string) => showing(editionId),

    /**
     * Editors and up: shows `input` on every page (national) or on its edition's page, in place
     * of the band before it there. A desk limited to editions: only in those.
     */
    async set(actor: Actor | null, input: BreakingInput): Promise<BreakingNews> {
      const editor = requireRole(actor, 'editor', 'breaking.set_forbidden');
      const at = await placeFor(deps.editions, editor, input.edition);
      const band = await checked(input);
      const row = await outbox.transaction(async (tx, record) => {
        const { row, ended } = await replaceBand(
          tx,
          { ...band, createdBy: editor.id, editionId: at.place },
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
        record(
          bandChanged('breaking.set', row.id, at, { text: row.text, articleId: row.articleId }),
        );
        return row;
      });
      return view(row);
    },

    /** Editors and up: no band in that place. Removing when none shows changes nothing. */
    async remove(actor: Actor | null, edition?: string | null): Promise<void> {
      const editor = requireRole(actor, 'editor', 'breaking.remove_forbidden');
      const at = await placeFor(deps.editions, editor, edition);
      await outbox.transaction(async (tx, record) => {
        const ended = await endBands(tx, clock.now(), at.place);
        for (const id of ended) await jobs.cancel(expiryKey(id), tx);
        if (ended.length > 0) record(bandChanged('breaking.cleared', ended.at(-1)!, at));
      });
    },

    /** The expiry job: the band's time is up, so its place's kept pages are made without it. */
    async expired(id: string | null) {
      const place = id ? await placeOfBand(db, id) : null;
      // A band gone with its edition leaves no page to make again.
      if (place === undefined) return;
      const at = await placeSeen(deps.editions, place);
      if (!at) return;
      await outbox.record(bandChanged('breaking.cleared', id ?? 'expired', at, { expired: true }));
    },
  };
}
export type BreakingService = ReturnType<typeof createBreakingService>;
