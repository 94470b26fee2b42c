/*
 * What a change to an article touches (DECISIONS.md §16, docs/decisions/029): the tags of the
 * kept answers to refresh, and those to drop. An article readers cannot see, before and after,
 * touches nothing kept. An edit of a public article's words refreshes what shows it (its page,
 * its cards, feed items), the sitemaps and search. A move (published or taken back, another
 * time, category, bylines or language) also refreshes the lists it leaves and enters; a tag
 * gained or lost refreshes that tag's list (issue 26 item 5). Its page at the old address is
 * dropped, never served stale, when that address stops being its page (taken back, deleted,
 * or moved to another address), and when it is walled to readers who could read it whole
 * (issue 66 item 10): the whole text must not be served once more as stale.
 */
import { ACCESS_CLASSES, mayReadWhole, type ArticleAccess } from '../../../common/article-access';
import { CacheTags, type CacheChange } from '../../../common/cache-tags';
import { isPublicNow } from '../../../db/schema/content';
import type { StoredState } from './article-writes-repository';

/** What decides whether and where readers see an article. */
export type PublicState = Pick<
  StoredState,
  | 'status'
  | 'publishedAt'
  | 'slug'
  | 'categoryId'
  | 'authorId'
  | 'coAuthorIds'
  | 'language'
  | 'translations'
  | 'liveBlog'
  | 'tagIds'
  | 'access'
>;

const isPublic = (s: PublicState | undefined, now: Date): s is PublicState =>
  s !== undefined && isPublicNow(s, now);

/** The lists an article readers can see is in. */
const listsOf = (s: PublicState) => [
  CacheTags.latest,
  ...(s.categoryId ? [CacheTags.categoryList(s.categoryId)] : []),
  ...(s.authorId ? [CacheTags.authorList(s.authorId)] : []),
  ...s.coAuthorIds.map(CacheTags.authorList),
  ...s.tagIds.map(CacheTags.tagList),
];

const sameAddress = (a: PublicState, b: PublicState) =>
  a.slug === b.slug && a.categoryId === b.categoryId;

/** The tags one of two states has and the other has not. */
const tagsGainedOrLost = (a: PublicState, b: PublicState) => [
  ...a.tagIds.filter((id) => !b.tagIds.includes(id)),
  ...b.tagIds.filter((id) => !a.tagIds.includes(id)),
];

const samePlace = (a: PublicState, b: PublicState) =>
  sameAddress(a, b) &&
  a.authorId === b.authorId &&
  a.coAuthorIds.join() === b.coAuthorIds.join() &&
  a.language === b.language &&
  a.publishedAt.getTime() === b.publishedAt.getTime();

/** Whether some reader who could read a story with access `was` whole cannot with `is`. */
const walledMore = (was: ArticleAccess, is: ArticleAccess) =>
  ACCESS_CLASSES.some((reader) => mayReadWhole(was, reader) && !mayReadWhole(is, reader));

/**
 * What a story walled to more readers (free → members or paid, members → paid) drops: every
 * kept answer that may hold its whole text for them, its page (every class's), its cards and
 * excerpts, its live blog's JSON, and the feeds (kept with the sitemaps' tag) and search that
 * carry it. Never served stale: the stale copy is the text the wall now keeps.
 */
const walledTags = (id: string) => [
  CacheTags.articlePage(id),
  CacheTags.article(id),
  CacheTags.liveFeed(id),
  CacheTags.sitemaps,
  CacheTags.search,
];

/** The change of article `id` from `before` to `after` (undefined: not there), seen at `now`. */
export function articleChange(
  id: string,
  states: { before?: PublicState | undefined; after?: PublicState | undefined },
  now: Date,
): CacheChange {
  const { before, after } = states;
  const was = isPublic(before, now) ? before : undefined;
  const is = isPublic(after, now) ? after : undefined;
  if (!was && !is) return { stale: [] };
  const stale = new Set([CacheTags.article(id), CacheTags.sitemaps, CacheTags.search]);
  const moved = !was || !is || !samePlace(was, is);
  if (moved) for (const s of [was, is]) if (s) for (const tag of listsOf(s)) stale.add(tag);
  // Tagged or untagged in place: only the pages of those tags gain or lose it.
  if (was && is && !moved)
    for (const id of tagsGainedOrLost(was, is)) stale.add(CacheTags.tagList(id));
  // A live blog's card may lead the list of live blogs, or just have left it.
  if (was?.liveBlog || is?.liveBlog) stale.add(CacheTags.liveList);
  // Its story's other versions name it (hreflang, the language switcher): those of the group it
  // was in and of the group it is in (docs/decisions/041). A version it displaced from its new
  // group kept those versions' tags on its own page, so it is refreshed with them.
  for (const s of [before, after])
    for (const version of s?.translations ?? []) stale.add(CacheTags.article(version));
  const gone = was && (!is || !sameAddress(was, is));
  // As a card in "Most read" (every page) only when leaving, moving or changing address: a new
  // title reaches that box with its next list (CacheTags.mostReadCard).
  if (was && (moved || gone)) stale.add(CacheTags.mostReadCard(id));
  // Its live blog's JSON answers readers only while it is public: taken back, it answers 404 at
  // once, never a kept copy (issue 44 item 6).
  const walled = was && is && walledMore(was.access, is.access);
  const drop = new Set([
    ...(gone ? [CacheTags.articlePage(id)] : []),
    ...(was && !is ? [CacheTags.liveFeed(id)] : []),
    ...(walled ? walledTags(id) : []),
  ]);
  // Its own page before the pages that show it as a card (PageCache's refresh order).
  const first = is && !gone ? [CacheTags.articlePage(id)] : [];
  return {
    stale: [...stale].filter((tag) => !drop.has(tag)),
    drop: [...drop],
    ...(first.length ? { first } : {}),
  };
}

/**
 * The category a public article left (taken back, deleted, moved to another category), or
 * undefined. The menu lists categories with articles readers may see: when this one is left
 * with none, every page's menu changes (articleSaves asks, after the write).
 */
export function categoryLeft(
  states: { before?: PublicState | undefined; after?: PublicState | undefined },
  now: Date,
): string | undefined {
  const { before, after } = states;
  if (!isPublic(before, now) || !before.categoryId) return undefined;
  const still = isPublic(after, now) && after.categoryId === before.categoryId;
  return still ? undefined : before.categoryId;
}
