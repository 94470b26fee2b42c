import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { UUID_PATTERN } from '../../../common/schemas/common';
import type { ConsentForm, ConsentPurpose } from '../../../common/consent';
import type { Db } from '../../../db/client';
import { categories, tags } from '../../../db/schema/content';
import { users } from '../../../db/schema/users';
import {
  FOLLOW_KINDS,
  readerConsents,
  readerFollows,
  readerSaved,
  type FollowKind,
} from '../../../db/schema/readers';

/* A reader's follows, saved stories and consents (issue 37, docs/decisions/055). */

export type FollowLists = Record<FollowKind, string[]>;

const isUuid = (id: string) => UUID_PATTERN.test(id);

export async function followsOf(db: Db, userId: string): Promise<FollowLists> {
  const rows = await db
    .select({ kind: readerFollows.kind, target: readerFollows.target })
    .from(readerFollows)
    .where(eq(readerFollows.userId, userId))
    .orderBy(readerFollows.createdAt, readerFollows.target);
  const lists: FollowLists = { category: [], tag: [], author: [] };
  for (const row of rows) lists[row.kind].push(row.target);
  return lists;
}

/**
 * What a reader's list of follows shows of each: the sections', tags' and authors' names and
 * slugs (shown beside our rows). Three look-ups by key; a follow of one since deleted has none.
 */
export async function followedNames(db: Db, lists: FollowLists) {
  const none = Promise.resolve([]);
  const [sections, tagRows, authors] = await Promise.all([
    lists.category.length === 0
      ? none
      : db
          .select({
            id: categories.id,
            slug: categories.slug,
            name: categories.name,
            nameHi: categories.nameHi,
            nameEn: categories.nameEn,
          })
          .from(categories)
          .where(inArray(categories.id, lists.category.filter(isUuid))),
    lists.tag.length === 0
      ? none
      : db
          .select({ slug: tags.slug, name: tags.name })
          .from(tags)
          .where(inArray(tags.slug, lists.tag)),
    lists.author.length === 0
      ? none
      : db
          .select({ id: users.id, slug: users.slug, name: users.name })
          .from(users)
          .where(inArray(users.id, lists.author.filter(isUuid))),
  ]);
  return { sections, tags: tagRows, authors };
}

/** Replaces a reader's follows with these, in one transaction. */
export async function replaceFollows(db: Db, userId: string, lists: FollowLists) {
  await db.transaction(async (tx) => {
    await tx.delete(readerFollows).where(eq(readerFollows.userId, userId));
    const rows = FOLLOW_KINDS.flatMap((kind) =>
      [...new Set(lists[kind])].map((target) => ({ userId, kind, target })),
    );
    if (rows.length > 0) await tx.insert(readerFollows).values(rows);
  });
}

export async function saveArticle(db: Db, userId: string, articleId: string) {
  await db.insert(readerSaved).values({ userId, articleId }).onConflictDoNothing();
}

export async function unsaveArticle(db: Db, userId: string, articleId: string) {
  await db
    .delete(readerSaved)
    .where(and(eq(readerSaved.userId, userId), eq(readerSaved.articleId, articleId)));
}

/** Every saved story of a reader, newest saved first. */
export function savedOf(db: Db, userId: string) {
  return db
    .select({ articleId: readerSaved.articleId, savedAt: readerSaved.savedAt })
    .from(readerSaved)
    .where(eq(readerSaved.userId, userId))
    .orderBy(desc(readerSaved.savedAt), desc(readerSaved.articleId));
}

/** One page of a reader's saved ids, newest saved first, and how many they saved. */
export async function savedPage(db: Db, userId: string, limit: number, offset: number) {
  const [rows, [counted]] = await Promise.all([
    savedOf(db, userId).limit(limit).offset(offset),
    db.select({ n: count() }).from(readerSaved).where(eq(readerSaved.userId, userId)),
  ]);
  return { ids: rows.map((r) => r.articleId), total: Number(counted?.n ?? 0) };
}

export interface ConsentRecord {
  userId?: string | null;
  email: string;
  purpose: ConsentPurpose;
  form: ConsentForm;
  textVersion: string;
  /** When it was given: now, or the date an imported list says. */
  givenAt?: Date;
}

export async function recordConsents(db: Db, consents: ConsentRecord[]) {
  if (consents.length > 0) await db.insert(readerConsents).values(consents);
}

/** The consents an address gave without an account (an account's go with it). */
export async function forgetConsentsOf(db: Db, email: string) {
  await db.delete(readerConsents).where(eq(readerConsents.email, email));
}

export function consentsOf(db: Db, userId: string) {
  return db
    .select({
      purpose: readerConsents.purpose,
      form: readerConsents.form,
      textVersion: readerConsents.textVersion,
      givenAt: readerConsents.givenAt,
    })
    .from(readerConsents)
    .where(eq(readerConsents.userId, userId))
    .orderBy(readerConsents.givenAt);
}
