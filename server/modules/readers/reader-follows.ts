/*
 * Follows and saved stories (issue 37 item 2): kept per reader, read by a page's script after
 * load (`GET /api/me`), never rendered into a shared page.
 */
import { authorPath, categoryPath, tagSlugPath } from '../../../common/paths';
import type { FollowedThing, Follows } from '../../../common/schemas/readers';
import { FOLLOW_KINDS, type FollowKind } from '../../../db/schema/readers';
import { READER_PAGE_SIZE } from '../../../common/schemas/readers';
import { requireRole, type Actor } from '../../lib/actor';
import { cityOf } from './reader-city-repository';
import { badRequest, notFound } from '../../lib/errors';
import {
  followedNames,
  followsOf,
  replaceFollows,
  savedOf,
  savedPage,
  saveArticle,
  unsaveArticle,
  type FollowLists,
} from './readers-repository';
import type { FollowedLists, ReadersDeps } from './readers-deps';

/** The wire's lists (`categories`, `tags`, `authors`) of the stored ones. */
export const wireFollows = (lists: FollowLists): FollowedLists => ({
  categories: lists.category,
  tags: lists.tag,
  authors: lists.author,
});

/** One followed thing as /profile lists it (a category's own names are added where it has them). */
const thing = (kind: FollowKind, target: string, name: string, path: string): FollowedThing => ({
  kind,
  target,
  name,
  nameHi: '',
  nameEn: '',
  path,
});

/** A reader's follows with their names and pages, by kind, oldest first in each. */
async function namedFollows(db: ReadersDeps['db'], userId: string): Promise<FollowedThing[]> {
  const lists = await followsOf(db, userId);
  const names = await followedNames(db, lists);
  const kept = new Map<string, FollowedThing>();
  for (const c of names.sections)
    kept.set(`category:${c.id}`, {
      ...thing('category', c.id, c.name, categoryPath(c.slug)),
      nameHi: c.nameHi,
      nameEn: c.nameEn,
    });
  for (const tag of names.tags)
    kept.set(`tag:${tag.slug}`, thing('tag', tag.slug, tag.name, tagSlugPath(tag.slug)));
  for (const a of names.authors)
    kept.set(`author:${a.id}`, thing('author', a.id, a.name, authorPath(a.slug)));
  return FOLLOW_KINDS.flatMap((kind) =>
    lists[kind].flatMap((target) => kept.get(`${kind}:${target}`) ?? []),
  );
}

export function readerFollows({ db, articles }: Pick<ReadersDeps, 'db' | 'articles'>) {
  return {
    /** Who is signed in and the state of their Follow and Save buttons. */
    async state(actor: Actor | null) {
      const me = requireRole(actor, 'reader');
      const [lists, saved, edition] = await Promise.all([
        followsOf(db, me.id),
        savedOf(db, me.id),
        cityOf(db, me.id),
      ]);
      return {
        user: { _id: me.id, name: me.name, email: me.email, role: me.role },
        follows: wireFollows(lists),
        saved: saved.map((row) => row.articleId),
        // Their city (issue 65 item 4), so it follows them to another browser.
        edition,
      };
    },

    async follows(actor: Actor | null): Promise<FollowedLists> {
      const me = requireRole(actor, 'reader');
      return wireFollows(await followsOf(db, me.id));
    },

    /** What the reader follows, by kind, with the names and pages their list shows. */
    async following(actor: Actor | null): Promise<{ follows: FollowedThing[] }> {
      return { follows: await namedFollows(db, requireRole(actor, 'reader').id) };
    },

    async setFollows(actor: Actor | null, input: Follows): Promise<FollowedLists> {
      const me = requireRole(actor, 'reader');
      await replaceFollows(db, me.id, {
        category: input.categories,
        tag: input.tags,
        author: input.authors,
      });
      return wireFollows(await followsOf(db, me.id));
    },

    /** One page of the published stories the reader follows, newest first. */
    async feed(actor: Actor | null, page: number) {
      const me = requireRole(actor, 'reader');
      const followed = wireFollows(await followsOf(db, me.id));
      return articles.followedPage(followed, page, READER_PAGE_SIZE);
    },

    /**
     * Saves a story readers may see now (saving twice is saving once). An id no article has is
     * 404 (issue 72 item 1); one of a story not public (a draft, a scheduled one) stays 400.
     */
    async save(actor: Actor | null, articleId: string) {
      const me = requireRole(actor, 'reader');
      const [card] = await articles.publicCards([articleId]);
      if (!card && !(await articles.idStored(articleId))) throw notFound('article.not_found');
      if (!card) throw badRequest('article.not_published');
      await saveArticle(db, me.id, articleId);
      return { articleId, saved: true };
    },

    async unsave(actor: Actor | null, articleId: string) {
      const me = requireRole(actor, 'reader');
      await unsaveArticle(db, me.id, articleId);
      return { articleId, saved: false };
    },

    /** One page of the saved stories, newest saved first (a story no longer public is left out). */
    async saved(actor: Actor | null, page: number) {
      const me = requireRole(actor, 'reader');
      const { ids, total } = await savedPage(
        db,
        me.id,
        READER_PAGE_SIZE,
        (page - 1) * READER_PAGE_SIZE,
      );
      return {
        articles: await articles.publicCards(ids),
        currentPage: page,
        totalPages: Math.ceil(total / READER_PAGE_SIZE),
      };
    },
  };
}
