/*
 * What other modules do around a write of an article (DECISIONS.md §22): the articles module
 * declares these hooks and calls them; the newsroom (who may publish, the revision, the go-live
 * job) and search (its index row) plug in when they are made, so this module imports neither.
 * What follows a write after it commits (page caches, purges, mail) is not a hook: it reads the
 * write's events (article-events.ts, server/events).
 */
import type { ArticleStatus } from '../../../common/articles';
import type { Db } from '../../../db/client';
import type { Actor } from '../../lib/actor';
import type { FullRow } from './articles-repository';
import type { StoredState } from './article-writes-repository';
import type { RevisionKind } from '../../../common/schemas/revisions';

/** Where a story is (issue 65): its editions (sorted, the primary among them) and its primary. */
export interface Placement {
  editions: string[];
  primary: string;
}

/** What decides a save's placement (the editions module's `place`). */
export type PlaceEditions = (
  actor: Actor,
  asked: { editions?: readonly string[] | undefined; primary?: string | undefined },
  stored: Placement | undefined,
) => Promise<Placement>;

/** How a write is recorded in the article's history. */
export interface WriteRecord {
  kind: Exclude<RevisionKind, 'autosave'>;
  /** The revision's label from the title it has once written (the title itself by default). */
  label?: (title: string) => string;
  /** A correction's public note, when the save is one (issue 43 item 3): its revision keeps it. */
  correction?: string;
}

/** A save about to be made: checks may refuse it (throw) before anything is written. */
export interface PlannedWrite {
  actor: Actor;
  /** The article as stored (undefined: a new one). */
  before: StoredState | undefined;
  status: ArticleStatus;
  publishedAt: Date;
  /** Whether it goes out, or out at another time: a publish. */
  publishes: boolean;
}

/** A write just made, inside its transaction. */
export interface Written {
  id: string;
  /** Who wrote it. */
  userId: string;
  record: WriteRecord;
  /** The article as it now stands in the transaction. */
  row: FullRow;
}

export interface ArticleHooks {
  /** Before a save or a restore (not a status move: its mover checks for itself). */
  beforeWrite: ((write: PlannedWrite) => Promise<void>)[];
  /** Inside every write's transaction, once the article is written. */
  inWrite: ((tx: Db, write: Written) => Promise<void>)[];
  /** Inside a delete's transaction, before the article's row goes. */
  inDelete: ((tx: Db, id: string) => Promise<void>)[];
  /**
   * Which editions a save places the story in (issue 65): one rule, the editions module's,
   * plugged in when it is made (article-editions.ts has the default without it).
   */
  placeEditions?: PlaceEditions;
  /** A user's desk editions ([]: every edition): the admin list shows theirs first. */
  deskEditions?: (userId: string) => Promise<string[]>;
}

export const createArticleHooks = (): ArticleHooks => ({
  beforeWrite: [],
  inWrite: [],
  inDelete: [],
});

/** Runs each hook of a list in turn (their order is the order they were plugged in). */
export async function runHooks<A extends unknown[]>(
  hooks: readonly ((...args: A) => Promise<void>)[],
  ...args: A
) {
  for (const hook of hooks) await hook(...args);
}
