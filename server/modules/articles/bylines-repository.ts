import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { articleAuthors } from '../../../db/schema/content';

/*
 * An article's bylines after the first (issue 26 item 4): the `article_authors` rows, owned by
 * the articles module. The first byline is `articles.author_id`.
 */

/** Gives article `articleId` exactly these further bylines, in order, in the caller's transaction. */
export async function setCoAuthors(tx: Db, articleId: string, userIds: readonly string[]) {
  await tx.delete(articleAuthors).where(eq(articleAuthors.articleId, articleId));
  if (userIds.length === 0) return;
  await tx
    .insert(articleAuthors)
    .values(userIds.map((userId, i) => ({ articleId, userId, position: i + 1 })));
}
