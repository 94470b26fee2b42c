/*
 * Reading lists by key (docs/decisions/069): the stories of a list before (or after) one
 * story's key, read from the list's own index starting at that key. A list is one or more
 * branches, each a walk of one index in (published_at DESC, id DESC) order: a category's
 * (articles), a tag's (article_tags), an edition's (article_editions), a section's categories
 * (one branch each), an author's first and further bylines. Each branch stops after the
 * page's size, and the page is the newest of those: a deep page reads as many index entries as
 * page 1 does, whatever its depth.
 */
import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { articles, categories } from '../../../db/schema/content';
import { media } from '../../../db/schema/media';
import { users } from '../../../db/schema/users';
import type { ListKey } from '../../../common/list-keys';
import { cardColumns, type Value } from './articles-repository';

/** One index walk of a list: its table's story id and time, and which rows are the list's. */
export interface ListBranch {
  table: PgTable;
  id: AnyColumn;
  publishedAt: AnyColumn;
  /** The list's rows readers may see at `now` (its partial index's condition among them). */
  where: (now: Value<Date>) => SQL | undefined;
}

/** A key as values, or as placeholders of a prepared statement. */
export interface KeyValues {
  /** The key's time as its address has it: an ISO string, to the millisecond. */
  at: Value<string>;
  id: Value<string>;
}

export const keyValues = (key: ListKey): { at: string; id: string } => ({
  at: key.at.toISOString(),
  id: key.id,
});

/**
 * The key's exact time: an address has it to the millisecond, the column to the microsecond.
 * The story itself holds it (a primary-key probe), while it is still at that millisecond;
 * otherwise (deleted, or moved in time) the address's own time stands.
 */
const exactTime = (key: KeyValues) =>
  sql`coalesce((SELECT k.published_at FROM ${articles} AS k WHERE k.id = ${key.id}::uuid AND date_trunc('milliseconds', k.published_at) = ${key.at}::timestamptz), ${key.at}::timestamptz)`;

/**
 * Rows past the key in the list's order: older (`before`) or newer (`after`). A row
 * comparison on the index's own columns: PostgreSQL starts the index walk at the key.
 */
function pastKey(branch: ListBranch, side: 'before' | 'after', key: KeyValues): SQL {
  const op = side === 'before' ? sql`<` : sql`>`;
  return sql`(${branch.publishedAt}, ${branch.id}) ${op} (${exactTime(key)}, ${key.id}::uuid)`;
}

export interface KeysQuery {
  now: Value<Date>;
  limit: Value<number>;
  before?: KeyValues | undefined;
  after?: KeyValues | undefined;
}

/**
 * One branch's first `limit` keys from the key on: newest first, or oldest first when reading
 * the newer side (`after`), as (page_id, page_published_at).
 */
function branchKeys(db: Db, branch: ListBranch, q: KeysQuery): SQL {
  const bound = q.before
    ? pastKey(branch, 'before', q.before)
    : q.after
      ? pastKey(branch, 'after', q.after)
      : undefined;
  const order = q.after
    ? [asc(branch.publishedAt), asc(branch.id)]
    : [desc(branch.publishedAt), desc(branch.id)];
  const select = db
    .select({
      pageId: sql<string>`${branch.id}`.as('page_id'),
      pagePublishedAt: sql<Date>`${branch.publishedAt}`.as('page_published_at'),
    })
    .from(branch.table)
    .where(and(branch.where(q.now), bound))
    .orderBy(...order)
    .limit(q.limit);
  return sql`(${select})`;
}

/**
 * The list's first `limit` keys from the key on, in the order read (newest first, or oldest
 * first after a key), as a derived table `keys`. One branch is its own walk; several are
 * merged, each stopped at `limit` (the page's candidates from it).
 */
export function listKeys(db: Db, branches: ListBranch[], q: KeysQuery): SQL {
  const dir = q.after ? sql`ASC` : sql`DESC`;
  const walks = branches.map((b) => branchKeys(db, b, q));
  if (walks.length === 1) return sql`${walks[0]} AS keys`;
  return sql`(SELECT * FROM (${sql.join(walks, sql` UNION ALL `)}) AS walks ORDER BY page_published_at ${dir}, page_id ${dir} LIMIT ${q.limit}) AS keys`;
}

/** The keys alone (the newer side's, to find the address of the page before). */
export function keysOnly(db: Db, branches: ListBranch[], q: KeysQuery) {
  return db
    .select({
      id: sql<string>`keys.page_id`,
      at: sql<Date>`keys.page_published_at`.mapWith(articles.publishedAt),
    })
    .from(listKeys(db, branches, q));
}

/**
 * The cards of a page of keys, newest first: the keys first, from the indexes, then only
 * their rows joined to their category, author and image.
 */
export function cardsOfKeys(db: Db, branches: ListBranch[], q: KeysQuery) {
  return db
    .select(cardColumns)
    .from(listKeys(db, branches, q))
    .innerJoin(articles, sql`${articles.id} = keys.page_id`)
    .leftJoin(categories, sql`${categories.id} = ${articles.categoryId}`)
    .leftJoin(users, sql`${users.id} = ${articles.authorId}`)
    .leftJoin(media, sql`${media.id} = ${articles.imageMediaId}`)
    .orderBy(sql`keys.page_published_at DESC`, sql`keys.page_id DESC`);
}

/**
 * The key of the story `offset` entries into the list (0: its newest): what an older
 * numbered address past NUMBERED_PAGES moves to. A walk of `offset` index entries, once per
 * old address (its answer is then kept with the page); no page of the list is read this way.
 */
export function keyAtOffset(db: Db, branches: ListBranch[], opts: { now: Date; offset: number }) {
  const reach = opts.offset + 1;
  const walks = branches.map((b) => branchKeys(db, b, { now: opts.now, limit: reach }));
  return db
    .select({
      id: sql<string>`walks.page_id`,
      at: sql<Date>`walks.page_published_at`.mapWith(articles.publishedAt),
    })
    .from(sql`(${sql.join(walks, sql` UNION ALL `)}) AS walks`)
    .orderBy(sql`walks.page_published_at DESC`, sql`walks.page_id DESC`)
    .limit(1)
    .offset(opts.offset);
}
