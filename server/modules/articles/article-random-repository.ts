/*
 * Random picks of published articles ("more to read"): a sample of recent ids, then their cards.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, gte, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { articles, isPublicArticle } from '../../../db/schema/content';
import { cards, type Value } from './articles-repository';

/**
 * The draws of one list of picks: fresh random ones, or, with a `seed`, the same for every
 * process and render that gives it (a story's suggestions: its cached page is the same bytes
 * in every process). `uuid(i)` is the i-th point of the id index, `fraction(i)` a number in [0, 1).
 */
function draws(seed: string | undefined) {
  const digest = (i: number) => createHash('sha256').update(`${seed}\n${i}`).digest('hex');
  return {
    uuid: (i: number) => {
      if (seed === undefined) return randomUUID();
      const h = digest(i);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
    },
    fraction: (i: number) =>
      seed === undefined ? Math.random() : parseInt(digest(1000 + i).slice(0, 12), 16) / 2 ** 48,
  };
}

/** Cards of the articles whose ids are in `ids` (a PostgreSQL array literal), prepared. */
const cardsByIds = (db: Db) =>
  prepared(db, 'article_cards_by_ids', (on, as) =>
    cards(on)
      .where(sql`${articles.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
      .prepare(as),
  );

/**
 * Which articles is this: public, in the language asked for if any, and not the one to leave
 * out or one already taken.
 */
const eligibleForRandom = (
  opts: {
    excludeId?: Value<string> | undefined;
    language?: Value<string> | undefined;
    now: Value<Date>;
  },
  taken: string[] = [],
) =>
  and(
    isPublicArticle(opts.now),
    opts.excludeId ? ne(articles.id, opts.excludeId) : undefined,
    opts.language ? sql`${articles.language} = ${opts.language}` : undefined,
    taken.length > 0 ? notInArray(articles.id, taken) : undefined,
  );

/** The query of randomPicks, with its values given or as placeholders. */
function randomPicksQuery(
  db: Db,
  opts: {
    pivots: Value<string>[];
    excludeId?: Value<string> | undefined;
    language?: Value<string> | undefined;
    now: Value<Date>;
  },
) {
  const ordered = () =>
    db.select({ id: articles.id }).from(articles).orderBy(articles.id).limit(1).$dynamic();
  const atOrAfter = ordered().where(
    and(eligibleForRandom(opts), gte(articles.id, sql.raw('p.pivot'))),
  );
  const first = ordered().where(eligibleForRandom(opts));
  const pivots = opts.pivots.map((p) => sql`${p}::uuid`);
  return db
    .selectDistinct({ id: sql<string | null>`coalesce((${atOrAfter}), (${first}))` })
    .from(sql`unnest(ARRAY[${sql.join(pivots, sql`, `)}]) AS p(pivot)`);
}

/** The cards of randomPicksQuery's picks: the usual suggestions in one statement. */
const randomCardsQuery = (db: Db, opts: Parameters<typeof randomPicksQuery>[1]) =>
  cards(db).where(sql`${articles.id} IN (${randomPicksQuery(db, opts)})`);

/**
 * The first pick of listRandomPublished, with the picks' cards: one random point per wanted
 * article, each answered by the first eligible id at or after it (or the first of all, past the
 * last id). A query builder, so tests can read its plan.
 */
export function randomCards(
  db: Db,
  opts: { limit: number; excludeId?: string | undefined; language?: string; now: Date },
) {
  return randomCardsQuery(db, {
    pivots: Array.from({ length: opts.limit }, () => randomUUID()),
    excludeId: opts.excludeId,
    language: opts.language,
    now: opts.now,
  });
}

/** randomCards as a prepared statement (one per number of picks, with or without exclusion). */
function randomCardsPrepared(
  db: Db,
  opts: { limit: number; excludeId?: string | undefined; language?: string | undefined; now: Date },
  draw: ReturnType<typeof draws>,
) {
  const name = `article_random_cards_${opts.limit}_${opts.excludeId ? 'but_one' : 'all'}${opts.language ? '_in_language' : ''}`;
  const statement = prepared(db, name, (on, as) =>
    randomCardsQuery(on, {
      pivots: Array.from({ length: opts.limit }, (_, i) => sql.placeholder(`p${i}`)),
      excludeId: opts.excludeId ? sql.placeholder('excludeId') : undefined,
      language: opts.language ? sql.placeholder('language') : undefined,
      now: sql.placeholder('now'),
    }).prepare(as),
  );
  const values: Record<string, unknown> = {
    now: opts.now,
    excludeId: opts.excludeId,
    language: opts.language,
  };
  for (let i = 0; i < opts.limit; i++) values[`p${i}`] = draw.uuid(i);
  return statement.execute(values);
}

/**
 * Random published articles (the article page's suggestions), without sorting the whole table:
 * each wanted article is the first public one at or after a random point of the id index (ids
 * are random UUIDs, so the points land on random articles), wrapping round past the last id.
 * Each pick is one index probe, so the cost does not grow with the number of articles, where
 * `ORDER BY random()` reads every published id (docs/perf/query-notes.md). Two points landing on one
 * article, or a site with fewer articles than asked for, are topped up from one more point in
 * id order, so a small site still gets every public article it has.
 */
export async function listRandomPublished(
  db: Db,
  opts: {
    limit: number;
    excludeId?: string | undefined;
    language?: string | undefined;
    now: Date;
    /** The same picks in the same order for the same seed and articles (see `draws`). */
    seed?: string | undefined;
  },
) {
  const draw = draws(opts.seed);
  // The usual case is one round trip: the picks and their cards in one statement.
  const rows = await randomCardsPrepared(db, opts, draw);
  if (rows.length < opts.limit) {
    const ids = rows.map((r) => r.id);
    const found = ids.length;
    const pivot = draw.uuid(opts.limit);
    const more = (where: SQL, n: number) =>
      db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eligibleForRandom(opts, ids), where))
        .orderBy(articles.id)
        .limit(n);
    ids.push(...(await more(gte(articles.id, pivot), opts.limit - ids.length)).map((r) => r.id));
    if (ids.length < opts.limit)
      ids.push(...(await more(lt(articles.id, pivot), opts.limit - ids.length)).map((r) => r.id));
    const extra = ids.slice(found);
    if (extra.length > 0)
      rows.push(...(await cardsByIds(db).execute({ ids: `{${extra.join(',')}}` })));
  }
  // Shuffled from id order, not the order the database answered in (which a row's update
  // changes, as it moves the row): with a seed, the same picks come in the same order.
  rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(draw.fraction(i) * (i + 1));
    [rows[i], rows[j]] = [rows[j]!, rows[i]!];
  }
  return rows;
}

/** Articles whose first byline is `authorId`. */
