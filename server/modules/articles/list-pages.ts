/*
 * One page of a reading list, by number or by key (docs/decisions/069): what a category's, a
 * tag's, an author's and an edition's pages ask. Numbered pages (up to NUMBERED_PAGES) are
 * read as before, with the list's size; past them the next page is the key of the last story
 * shown, and a key's page is read from the list's indexes starting at that key. A big list's
 * size is kept rather than counted for every page (list-sizes.ts, docs/decisions/087).
 */
import {
  NUMBERED_PAGES,
  type ListAt,
  type ListKey,
  type ListPage,
} from '../../../common/list-keys';
import type { ArticleCard } from '../../../common/schemas/articles';
import type { Db } from '../../../db/client';
import { toCard } from './article-rows';
import type { CardRow } from './articles-repository';
import {
  cardsOfKeys,
  keyAtOffset,
  keysOnly,
  keyValues,
  type ListBranch,
} from './list-keys-repository';
import { LIST_SIZES, listSize, type ListSizeRule } from './list-sizes';

/** A reading list: its index walks, and its numbered pages and size as each list reads them. */
export interface ReadingList {
  /** Its name among the kept sizes (list-sizes.ts): `category:<ids>`, `tag:<id>`, … */
  name: string;
  branches: ListBranch[];
  /** Page `offset / limit + 1` by number (the list's own deferred join). */
  numbered(opts: { limit: number; offset: number; now: Date }): Promise<CardRow[]>;
  count(now: Date): Promise<number>;
}

const keyOf = (card: { _id: string; publishedAt: string }): ListKey => ({
  at: new Date(card.publishedAt),
  id: card._id,
});

/** Page `at` of `list`, `limit` stories a page, as readers may see it at `now`. */
export async function readList(
  db: Db,
  list: ReadingList,
  at: ListAt,
  limit: number,
  now: Date,
  sizes: ListSizeRule = LIST_SIZES,
): Promise<ListPage<ArticleCard>> {
  if ('before' in at) return pageByKey(db, list, at.before, limit, now);
  const { page } = at;
  const deep = page > NUMBERED_PAGES;
  const total = await listSize(db, list.name, () => list.count(now), now, sizes);
  const totalPages = Math.ceil(total / limit);
  const sized = { currentPage: page, totalArticles: total, totalPages };
  if (page > Math.max(1, totalPages)) return { articles: [], ...sized, older: null, newer: null };
  if (deep) {
    // An older address past the numbered pages: its page lives at the key of the story before
    // its first, from now on.
    const [key] = await keyAtOffset(db, list.branches, { now, offset: (page - 1) * limit - 1 });
    const movedTo = key ? { before: key } : { page: 1 };
    return { articles: [], ...sized, older: null, newer: null, movedTo };
  }
  const rows = await list.numbered({ limit, offset: (page - 1) * limit, now });
  const articles = rows.map(toCard);
  const last = articles.at(-1);
  const older: ListAt | null =
    page < totalPages && last
      ? page < NUMBERED_PAGES
        ? { page: page + 1 }
        : { before: keyOf(last) }
      : null;
  return { articles, ...sized, older, newer: page > 1 ? { page: page - 1 } : null };
}

/**
 * The stories before `key`, and the addresses of the pages around them: older, the key of its
 * last story when there are more; newer, the key of the story `limit + 1` newer than its first
 * (whose page is the `limit` stories just newer), or page 1 when fewer are newer.
 */
async function pageByKey(
  db: Db,
  list: ReadingList,
  key: ListKey,
  limit: number,
  now: Date,
): Promise<ListPage<ArticleCard>> {
  const unsized = { currentPage: null, totalArticles: null, totalPages: null };
  const rows = await cardsOfKeys(db, list.branches, {
    now,
    limit: limit + 1,
    before: keyValues(key),
  });
  const articles = rows.slice(0, limit).map(toCard);
  const first = articles[0];
  if (!first) return { articles, ...unsized, older: null, newer: null };
  const newerKeys = await keysOnly(db, list.branches, {
    now,
    limit: limit + 1,
    after: keyValues(keyOf(first)),
  });
  const beyond = newerKeys[limit];
  const last = articles.at(-1)!;
  return {
    articles,
    ...unsized,
    older: rows.length > limit ? { before: keyOf(last) } : null,
    newer: beyond ? { before: { at: beyond.at, id: beyond.id } } : { page: 1 },
  };
}
