/*
 * The home page's sections: the newest public articles and each home section's, in one
 * statement (DECISIONS.md's home; issue 26 item 6 for sections made of several categories).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { articles, categories, isPublicArticle } from '../../../db/schema/content';
import { media } from '../../../db/schema/media';
import { users } from '../../../db/schema/users';
import { cardColumns, type CardRow, type Value } from './articles-repository';

/**
 * The home page's sections in one statement (one round trip where there were one per section):
 * the newest public articles (section 0, `latestLimit` of them, else `limit`), then the newest
 * of each category in `categoryIds` (section i for the i-th), `limit` each. A section may be a
 * category with those inside it (issue 26 item 6): a branch per member, under the same section
 * number, each `limit` long; the caller keeps the newest `limit` of them. Each branch walks its
 * own published-order index; rows come tagged with their section. A query builder, so tests can
 * read its plan.
 */
export function listHomeSections(
  db: Db,
  opts: {
    categoryIds: (Value<string> | Value<string>[])[];
    limit: Value<number>;
    latestLimit?: Value<number>;
    now: Value<Date>;
  },
) {
  const branch = (section: number, categoryId?: Value<string>) =>
    db
      .select({ section: sql<number>`${sql.raw(String(section))}`.as('section'), ...cardColumns })
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .leftJoin(users, eq(users.id, articles.authorId))
      .leftJoin(media, eq(media.id, articles.imageMediaId))
      .where(
        and(
          isPublicArticle(opts.now),
          categoryId === undefined ? undefined : eq(articles.categoryId, categoryId),
        ),
      )
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(categoryId === undefined ? (opts.latestLimit ?? opts.limit) : opts.limit);
  const members = opts.categoryIds.flatMap((ids, i) =>
    (Array.isArray(ids) ? ids : [ids]).map((id) => branch(i + 1, id)),
  );
  const [latest, ...rest] = [branch(0), ...members];
  return rest.length === 0 ? latest! : unionAll(latest!, rest[0]!, ...rest.slice(1));
}

/**
 * listHomeSections as a prepared statement, one per shape (how many categories each section
 * reads): cards by section, each the newest `limit` (`latestLimit` for section 0).
 */
export async function homeSections(
  db: Db,
  opts: {
    categoryIds: (string | string[])[];
    limit: number;
    latestLimit?: number | undefined;
    now: Date;
  },
): Promise<CardRow[][]> {
  const families = opts.categoryIds.map((ids) => (Array.isArray(ids) ? ids : [ids]));
  const n = families.length;
  const shape = families.every((f) => f.length === 1)
    ? String(n)
    : `of_${families.map((f) => f.length).join('_')}`;
  let k = 0;
  const placeholders = families.map((f) => f.map(() => sql.placeholder(`c${k++}`)));
  const statement = prepared(db, `article_home_cards_${shape}`, (on, as) =>
    listHomeSections(on, {
      categoryIds: placeholders,
      limit: sql.placeholder('limit'),
      latestLimit: sql.placeholder('latestLimit'),
      now: sql.placeholder('now'),
    }).prepare(as),
  );
  const values: Record<string, unknown> = {
    limit: opts.limit,
    latestLimit: opts.latestLimit ?? opts.limit,
    now: opts.now,
  };
  families.flat().forEach((id, i) => (values[`c${i}`] = id));
  const rows = await statement.execute(values);
  const sections: CardRow[][] = Array.from({ length: n + 1 }, () => []);
  for (const { section, ...card } of rows) sections[Number(section)]!.push(card);
  // A union's rows have no order of their own: each section newest first, as its branch said;
  // a section of several categories keeps the newest `limit` of all its branches.
  return sections.map((list) =>
    list
      .sort(
        (a, b) =>
          b.publishedAt.getTime() - a.publishedAt.getTime() ||
          (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      )
      .slice(0, list === sections[0] ? (opts.latestLimit ?? opts.limit) : opts.limit),
  );
}
