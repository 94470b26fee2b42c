/*
 * Where a reading list (a category's, a tag's, an author's, an edition's) is opened
 * (docs/decisions/069, issue 71 item 2): its first pages by number (`?page=N`), and deeper
 * by the key of the last story of the page before (`?before=<key>`). A key's page is the
 * stories published before that story, newest first: the same stories at the same address
 * however many are published after them, read from the list's index from that key on, never
 * by skipping the newer ones (an OFFSET walks every skipped entry: page 5,000 walked 45,000).
 */

/**
 * How deep a list is paged by number: page N costs a walk of (N - 1) × page size index entries
 * before its own, so numbers stop where that walk is still a few hundred entries. Past it, the
 * next page's address is a key. An older `?page=N` address past it still opens: it moves
 * (301) to its key.
 */
export const NUMBERED_PAGES = 20;

/** The stories published before this one, in the list's order (published_at, then id). */
export interface ListKey {
  /** Its publication time (to the millisecond; the server finds the story's exact time). */
  at: Date;
  id: string;
}

/** Where a list is opened: a page by number, or the stories before a key. */
export type ListAt = { page: number } | { before: ListKey };

/** The query parameter of a key's page. */
export const BEFORE_PARAM = 'before' as const;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^(\\d{4})(\\d{2})(\\d{2})(\\d{2})(\\d{2})(\\d{2})(\\d{3})\\.(${UUID})$`);

/**
 * A key as its address writes it: the UTC time as 17 digits (YYYYMMDDHHmmssSSS), a dot, the
 * story's id. Digits and a dot need no escaping in an address, and the time reads as a date.
 */
export function keyParam({ at, id }: ListKey): string {
  const digits = at.toISOString().replace(/[^0-9]/g, '');
  return `${digits}.${id}`;
}

/** The key an address names, or undefined when it names none (a bad address). */
export function parseKeyParam(text: string): ListKey | undefined {
  const m = KEY.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, ms, id] = m;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
  if (Number.isNaN(at.getTime()) || keyParam({ at, id: id! }) !== text) return undefined;
  return { at, id: id! };
}

/**
 * The address's place in a list: `?before=` wins over `?page=`; a bad key is undefined (the
 * page does not exist); a missing or bad page number reads as page 1, as it always has.
 */
export function listAtOf(url: URL): ListAt | undefined {
  const before = url.searchParams.get(BEFORE_PARAM);
  if (before !== null) {
    const key = parseKeyParam(before);
    return key && { before: key };
  }
  const raw = url.searchParams.get('page');
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return { page: n >= 1 ? n : 1 };
}

/** The query string of a place in a list ('' for page 1, the list's own address). */
export function listAtQuery(at: ListAt): string {
  if ('before' in at) return `?${BEFORE_PARAM}=${keyParam(at.before)}`;
  return at.page > 1 ? `?page=${at.page}` : '';
}

/**
 * One page of a reading list and its neighbours. Reached by number it has its number and the
 * list's size; reached by key it has neither (counting the stories before it would be the walk
 * keys avoid), and says what it follows instead: the time of its first story.
 */
export interface ListPage<Card> {
  articles: Card[];
  /** The page's number; null when it was opened by key. */
  currentPage: number | null;
  /** How many stories the list has and its pages; null on a page opened by key. */
  totalArticles: number | null;
  totalPages: number | null;
  /** The next page (older stories), if any. */
  older: ListAt | null;
  /** The page before (newer stories), if any. */
  newer: ListAt | null;
  /** A numbered page past NUMBERED_PAGES: where it lives now (its key). */
  movedTo?: ListAt;
}
