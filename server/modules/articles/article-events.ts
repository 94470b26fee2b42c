/*
 * The events a write of an article records (DECISIONS.md §22, common/schemas/events.ts): what
 * happened to it for readers (created, published, scheduled, unpublished, updated, deleted),
 * with what every consumer needs (its title, status, address, bylines, who did it), and what
 * kept answers it touches (article-changes.ts) with the public addresses a front cache that
 * purges by address needs: the article's own, its section's and the home page.
 */
import { CacheTags } from '../../../common/cache-tags';
import { articlePath, categoryPath, UNCATEGORISED_SEGMENT } from '../../../common/paths';
import type { EventType } from '../../../common/schemas/events';
import type { Db } from '../../../db/client';
import type { EventCache } from '../../../db/schema/events';
import { isPublicNow } from '../../../db/schema/content';
import type { EventDraft } from '../../events/outbox';
import { articleChange, categoryLeft } from './article-changes';
import { hasPublicArticles } from './article-lists-repository';
import { editionPagesOf, editionsShown, editionsTouched } from './edition-changes';
import { editionPlaces } from './edition-places-repository';
import type { StoredState } from './article-writes-repository';

/** The home page's path: every public article's change may change its lists. */
const HOME = '/';

/** What readers see of an article that changes: which event names the write. */
function typesOf(
  before: StoredState | undefined,
  after: StoredState | undefined,
  now: Date,
): EventType[] {
  if (!after) return ['article.deleted'];
  const types: EventType[] = before ? [] : ['article.created'];
  const was = before !== undefined && isPublicNow(before, now);
  const is = isPublicNow(after, now);
  const scheduled = after.status === 'published' && !is;
  const wasScheduledAt =
    before?.status === 'published' && !was ? before.publishedAt.getTime() : undefined;
  if (is && !was) types.push('article.published');
  else if (was && !is) types.push('article.unpublished');
  if (scheduled && wasScheduledAt !== after.publishedAt.getTime()) types.push('article.scheduled');
  if (types.length === 0) types.push('article.updated');
  return types;
}

/** The public paths a change touches: the article's address then and now, its sections', home. */
function pathsOf(states: (StoredState | undefined)[], now: Date): string[] {
  const paths = new Set<string>();
  for (const s of states) {
    if (!s || !isPublicNow(s, now)) continue;
    paths.add(articlePath({ slug: s.slug, categorySlug: s.segment }));
    if (s.categoryId && s.segment !== UNCATEGORISED_SEGMENT) paths.add(categoryPath(s.segment));
    paths.add(HOME);
  }
  return [...paths];
}

/**
 * The kept answers the change touches, asked inside the write's transaction once every earlier
 * event-writing transaction has committed (the events lock, server/events/outbox.ts): a
 * category the article left is checked for public articles then, so of two writes emptying it
 * together the later one sees it empty and refreshes every page's menu.
 */
const cacheOf =
  (id: string, before: StoredState | undefined, after: StoredState | undefined, now: Date) =>
  async (tx: Db): Promise<EventCache> => {
    const change = articleChange(id, { before, after }, now);
    const left = categoryLeft({ before, after }, now);
    if (left && !(await hasPublicArticles(tx, left, now)))
      change.stale = [...change.stale, CacheTags.categories];
    // Edition pages by tag when their lists change; by address whenever they show it (a front
    // cache that purges by address has no story tag).
    const shown = editionsShown({ before, after }, now);
    const places = shown.length ? await editionPlaces(tx) : [];
    const stale = editionPagesOf(editionsTouched({ before, after }, now), places).stale;
    const urls = editionPagesOf(shown, places).urls;
    return {
      stale: [...change.stale, ...stale],
      drop: change.drop ?? [],
      urls: [...pathsOf([before, after], now), ...urls],
      ...(change.first ? { first: change.first } : {}),
    };
  };

/**
 * How a write changed the story's editions (issue 65): the editions added and removed and the
 * primary edition before and after; undefined when it changed none (or made or deleted the
 * story). The audit trail records it; webhooks pass it on.
 */
function editionsChangeOf(before: StoredState | undefined, after: StoredState | undefined) {
  if (!before || !after) return undefined;
  const added = after.editionIds.filter((id) => !before.editionIds.includes(id));
  const removed = before.editionIds.filter((id) => !after.editionIds.includes(id));
  if (!added.length && !removed.length && before.primaryEdition === after.primaryEdition)
    return undefined;
  return { added, removed, primaryFrom: before.primaryEdition, primaryTo: after.primaryEdition };
}

/** What the events of a write say about the article, for every consumer. */
function dataOf(
  title: string,
  before: StoredState | undefined,
  after: StoredState | undefined,
  by: string | null,
  now: Date,
) {
  const state = after ?? before;
  const editionsChange = editionsChangeOf(before, after);
  const path =
    after && isPublicNow(after, now)
      ? articlePath({ slug: after.slug, categorySlug: after.segment })
      : null;
  return {
    title,
    status: after?.status ?? null,
    from: before?.status ?? null,
    publishedAt: state?.publishedAt.toISOString() ?? null,
    language: state?.language ?? null,
    path,
    authorIds: state ? [state.authorId, ...state.coAuthorIds].filter(Boolean) : [],
    liveBlog: state?.liveBlog ?? false,
    /** Where it circulates (issue 65): its editions' ids and its primary edition's. */
    editions: state?.editionIds ?? [],
    primaryEdition: state?.primaryEdition ?? null,
    ...(editionsChange ? { editionsChanged: editionsChange } : {}),
    by,
  };
}

/**
 * The events of a write of article `id`, from what it was (`before`, undefined for a new one)
 * to what it is (`after`, undefined once deleted); the last carries what kept answers it
 * touches.
 */
export function articleEvents(
  id: string,
  write: {
    title: string;
    before: StoredState | undefined;
    after: StoredState | undefined;
    /** Who wrote it; null for the site itself (a scheduled time coming). */
    by: string | null;
    now: Date;
  },
): EventDraft[] {
  const { before, after, now } = write;
  const data = dataOf(write.title, before, after, write.by, now);
  const types = typesOf(before, after, now);
  return types.map((type, i) => ({
    type,
    subject: { kind: 'article', id },
    data,
    ...(i === types.length - 1 ? { cache: cacheOf(id, before, after, now) } : {}),
  }));
}

/**
 * A scheduled article's time came: it is published for readers now. The lists it enters and
 * what shows it are refreshed as for an article readers did not have before.
 */
export function wentLiveEvents(
  id: string,
  title: string,
  after: StoredState,
  now: Date,
): EventDraft[] {
  if (!isPublicNow(after, now)) return [];
  return [
    {
      type: 'article.published',
      subject: { kind: 'article', id },
      data: { ...dataOf(title, after, after, null, now), from: after.status },
      cache: cacheOf(id, undefined, after, now),
    },
  ];
}
