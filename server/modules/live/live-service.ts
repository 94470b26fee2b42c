/*
 * Live blogs (issue 25 item 1, DECISIONS.md §17): entries are rows written by several people at
 * once, never edits of the article, so two editors posting at the same moment never conflict.
 * A change refreshes the blog's page (served stale meanwhile) and drops its JSON, which every
 * open page polls: nothing else on the site shows entries.
 */
import { CacheTags } from '../../../common/cache-tags';
import { articlePath } from '../../../common/paths';
import type { EventDraft, Outbox } from '../../events/outbox';
import {
  LIVE_ENTRIES_SHOWN,
  type LiveEntry,
  type LiveEntryInput,
  type LiveEntryUpdate,
  type LiveFeed,
} from '../../../common/schemas/live';
import type { Db } from '../../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { englishOf } from '../../../common/refusals/catalogue';
import { conflict, notFound } from '../../lib/errors';
import type { ArticlesService, StoredState } from '../articles/articles-service';
import {
  findEntry,
  insertEntry,
  latestChange,
  listEntries,
  removeEntry,
  updateEntry,
  type EntryRow,
} from './live-repository';
import { isPublicNow } from '../../../db/schema/content';
import { mayReadWhole, type AccessClass } from '../../../common/article-access';

export const NOT_LIVE = englishOf('live.not_live');

export interface LiveDeps {
  db: Db;
  clock: Clock;
  articles: Pick<ArticlesService, 'editable' | 'stored'>;
  /** The article sanitiser (the same rules as an article's text). */
  clean: (html: string) => Promise<string>;
  /** Writes run through it, with the events that say what they changed (server/events). */
  outbox: Outbox;
}

export function toEntry(row: EntryRow): LiveEntry {
  return {
    _id: row.id,
    body: row.body,
    pinned: row.pinned,
    keyEvent: row.keyEvent,
    author:
      row.authorId && row.authorName !== null && row.authorSlug !== null
        ? { _id: row.authorId, name: row.authorName, slug: row.authorSlug }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.deletedAt ? { deleted: true } : {}),
  };
}

type EntryEvent = 'live.entry.created' | 'live.entry.updated' | 'live.entry.deleted';

/**
 * An entry changed: the blog's page refreshes, and its JSON is dropped (the next poll gets the
 * entry, never a kept copy without it).
 */
function entryChanged(
  type: EntryEvent,
  stored: StoredState,
  ids: { articleId: string; entryId: string },
  now: Date,
): EventDraft {
  return {
    type,
    subject: { kind: 'live-entry', id: ids.entryId },
    data: { articleId: ids.articleId },
    cache: {
      stale: [CacheTags.live(ids.articleId)],
      drop: [CacheTags.liveFeed(ids.articleId)],
      urls: isPublicNow(stored, now)
        ? [articlePath({ slug: stored.slug, categorySlug: stored.segment })]
        : [],
    },
  };
}

/** The entry as stored now (it was just written by us). */
async function entryNow(db: Db, articleId: string, entryId: string) {
  const row = await findEntry(db, articleId, entryId);
  if (!row) throw notFound('live.entry_not_found');
  return toEntry(row);
}

export function createLiveService(deps: LiveDeps) {
  const { db, clock, articles } = deps;
  /**
   * Writes an entry of the blog `stored` with the event that says so: `write` answers the
   * entry's id, or undefined when there is no such entry (404, nothing written).
   */
  const entryWrite = (
    type: EntryEvent,
    stored: StoredState & { articleId: string },
    write: (tx: Db, now: Date) => Promise<string | undefined>,
  ) =>
    deps.outbox.transaction(async (tx, record) => {
      const now = clock.now();
      const entryId = await write(tx, now);
      if (!entryId) throw notFound('live.entry_not_found');
      record(entryChanged(type, stored, { articleId: stored.articleId, entryId }, now));
      return entryId;
    });

  return {
    /**
     * The blog's entries for a reader of class `reader` (none when it may not read the story
     * whole: `walled`, issue 66 item 1): public while the article is (`shared`: the same for
     * the class), its writers' and editors' before. Undefined: no such article for `actor`.
     */
    async feed(
      actor: Actor | null,
      articleId: string,
      opts: { since?: Date | undefined; reader: AccessClass },
    ): Promise<{ feed: LiveFeed; shared: boolean; language: string } | undefined> {
      const { since, reader } = opts;
      const stored = await articles.stored(articleId);
      if (!stored) return undefined;
      const shared = isPublicNow(stored, clock.now());
      if (!shared) {
        if (!actor) return undefined;
        await articles.editable(actor, articleId).catch(() => {
          throw notFound('article.not_found');
        });
      }
      const walled = !mayReadWhole(stored.access, reader);
      const feed = await readFeed(db, { articleId, stored, since, walled });
      return { feed, shared, language: stored.language };
    },

    /** An author in their own live blog, editors and up in any: a new entry. */
    async add(actor: Actor | null, articleId: string, input: LiveEntryInput): Promise<LiveEntry> {
      const { actor: writer, stored } = await articles.editable(actor, articleId);
      if (!stored.liveBlog) throw conflict('live.not_live');
      const body = await deps.clean(input.body);
      const { pinned, keyEvent } = input;
      const id = await entryWrite('live.entry.created', { ...stored, articleId }, (tx, now) =>
        insertEntry(tx, { articleId, body, pinned, keyEvent, authorId: writer.id, now }),
      );
      return entryNow(db, articleId, id);
    },

    /** Changes an entry's text or marks (also once coverage has ended: corrections). */
    async update(
      actor: Actor | null,
      articleId: string,
      entryId: string,
      input: LiveEntryUpdate,
    ): Promise<LiveEntry> {
      const { stored } = await articles.editable(actor, articleId);
      const body = input.body === undefined ? undefined : await deps.clean(input.body);
      const set = { body, pinned: input.pinned, keyEvent: input.keyEvent };
      await entryWrite('live.entry.updated', { ...stored, articleId }, async (tx, now) =>
        (await updateEntry(tx, articleId, entryId, set, now)) ? entryId : undefined,
      );
      return entryNow(db, articleId, entryId);
    },

    async remove(actor: Actor | null, articleId: string, entryId: string): Promise<void> {
      const { stored } = await articles.editable(actor, articleId);
      await entryWrite('live.entry.deleted', { ...stored, articleId }, async (tx, now) =>
        (await removeEntry(tx, articleId, entryId, now)) ? entryId : undefined,
      );
    },

    /**
     * What the article page shows, whatever the article's state: the newest entries (none on a
     * page whose body is `walled`, issue 66 item 1) and the blog's latest change.
     */
    async forPage(
      articleId: string,
      opts: { walled: boolean },
    ): Promise<Pick<LiveFeed, 'entries' | 'updatedAt' | 'walled'>> {
      const stored = await articles.stored(articleId);
      if (!stored) return { entries: [], updatedAt: clock.now().toISOString(), walled: false };
      const { entries, updatedAt } = await readFeed(db, { articleId, stored, ...opts });
      return { entries, updatedAt, walled: opts.walled };
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;

/** A blog's JSON as stored now: its newest entries (`since` a time), none when `walled`. */
async function readFeed(
  db: Db,
  opts: { articleId: string; stored: StoredState; since?: Date | undefined; walled: boolean },
): Promise<LiveFeed> {
  const { articleId, since, walled } = opts;
  const [rows, latest] = await Promise.all([
    walled ? [] : listEntries(db, articleId, { since, limit: LIVE_ENTRIES_SHOWN }),
    latestChange(db, articleId),
  ]);
  return feedOf(opts.stored, rows, latest, walled);
}

/**
 * The JSON of a blog: its entries (none when `walled`) and the time of its latest change of any
 * kind.
 */
function feedOf(
  stored: Pick<StoredState, 'liveBlog' | 'liveStartedAt' | 'liveEndedAt' | 'updatedAt'>,
  rows: EntryRow[],
  latest: Date | null,
  walled: boolean,
): LiveFeed {
  const times = [latest, stored.liveStartedAt, stored.liveEndedAt]
    .filter((t): t is Date => t !== null)
    .map((t) => t.getTime());
  return {
    entries: rows.map(toEntry),
    walled,
    updatedAt: new Date(
      times.length ? Math.max(...times) : stored.updatedAt.getTime(),
    ).toISOString(),
    liveBlog: stored.liveBlog,
    coverageStartTime: stored.liveStartedAt?.toISOString() ?? null,
    coverageEndTime: stored.liveEndedAt?.toISOString() ?? null,
  };
}
