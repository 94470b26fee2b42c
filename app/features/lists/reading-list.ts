/*
 * A reading list's address and page (docs/decisions/069): category, tag, author and edition
 * pages read `?page=N` or `?before=<key>` the same way, answer 404 for a page that does not
 * exist, and move an older numbered address past the numbered pages to its key (301).
 */
import { data, redirect, type MetaDescriptor } from 'react-router';
import { listAtOf, listAtQuery, type ListAt, type ListPage } from '../../../common/list-keys';
import { SERVER_SEGMENTS } from '../../../common/paths';
import type { Interface } from '../../copy/language';
import { formatDate } from '../../copy/language';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** Where the request opens its list; a bad key is a page that does not exist. */
export function listAtOrNotFound(request: Request): ListAt {
  const at = listAtOf(new URL(request.url));
  if (!at) throw notFound();
  return at;
}

/**
 * Throws what a page that is not this list's answers: the move of an older deep address to
 * its key (`path` is the list's own address), a number past the last page, an empty key page.
 * An empty list still has its page 1.
 */
export function ensureListPage(list: ListPage<unknown>, path: string): void {
  if (list.movedTo) throw redirect(`${path}${listAtQuery(list.movedTo)}`, 301);
  if (list.currentPage === null) {
    if (list.articles.length === 0) throw notFound();
  } else if (list.currentPage > Math.max(1, list.totalPages ?? 0)) throw notFound();
}

/** The page's own place: its number, or the key it was opened at. */
export const hereOf = (list: ListPage<unknown>, at: ListAt): ListAt =>
  list.currentPage === null ? at : { page: list.currentPage };

/** An address of the list (its `path`) at a place. */
export const listHref = (path: string, at: ListAt) => `${path}${listAtQuery(at)}`;

/**
 * What a page past the first adds to its title and description: its number of the list's
 * pages, or the day of its newest story (a page opened by key); nothing on page 1.
 */
export function pageSuffix(
  list: Pick<ListPage<{ publishedAt: string }>, 'currentPage' | 'totalPages' | 'articles'>,
  { t, locale }: Pick<Interface, 't' | 'locale'>,
): string {
  if (list.currentPage !== null)
    return list.currentPage > 1 ? t.category.pageOf(list.currentPage, list.totalPages ?? 1) : '';
  const first = list.articles[0];
  return first ? t.category.storiesFrom(formatDate(first.publishedAt, locale)) : '';
}

/** The list's previous and next pages as links, and its RSS feed beside it. */
export function readingListLinks(opts: {
  base: string;
  list: Pick<ListPage<unknown>, 'newer' | 'older'>;
  title: string;
}): MetaDescriptor[] {
  const { base, list } = opts;
  return [
    ...(list.newer ? [{ tagName: 'link', rel: 'prev', href: listHref(base, list.newer) }] : []),
    ...(list.older ? [{ tagName: 'link', rel: 'next', href: listHref(base, list.older) }] : []),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      href: `${base}/${SERVER_SEGMENTS.feed}`,
      title: opts.title,
    },
  ];
}
