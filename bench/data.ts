/*
 * The bench's data set: the demo content, then generated published articles (half Hindi) up to
 * the number asked for, indexed for search as a save indexes them. Used by `npm run bench` and
 * `npm run bench:profile`.
 *
 * Generated texts are not copies of the demo articles: each title, keyword list and body is
 * drawn word by word from the demo bodies' vocabulary of its language, frequent words often and
 * rare ones seldom (Zipf's law, as in real text), from a seeded generator so every run makes the
 * same articles. A rare word then matches a handful of articles and a common one thousands, as
 * in a newsroom's archive.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { articleSearchColumns } from '../common/search/search-document';
import { isStopWord, normaliseText } from '../common/search/search-text';
import { slugify } from '../common/slug';
import { stripHtml } from '../common/text';
import { articles, categories } from '../db/schema/content';
import { articleSearch } from '../db/schema/search';
import { demoArticles } from '../db/seed/demo-content';
import { seedDemoContent } from '../db/seed/seed';
import { loadConfig } from '../server/env';
import { createServices } from '../server/services';

export type BenchData = Awaited<ReturnType<typeof generate>>;
type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
type Language = 'hi' | 'en';

/** Generated articles' addresses: `bench-article-<n>`, n from 1. */
const BENCH_SLUG = 'bench-article-';
/** Minutes between two generated articles' publication: 100,000 span about 16 months. */
const EVERY_MINUTES = 7;

export async function generate(
  dataDir: string,
  opts: { articles: number; databaseUrl?: string | undefined; reuse?: boolean | undefined },
) {
  const ARTICLES = opts.articles;
  const DATABASE_URL = opts.databaseUrl;
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    ...(DATABASE_URL ? { DATABASE_URL } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (opts.reuse && DATABASE_URL) {
      const n = await articleCount(database.db);
      if (n >= ARTICLES) {
        console.log(`bench: BENCH_REUSE: keeping the ${n} articles in BENCH_DATABASE_URL`);
        // Rows a previous normaliser indexed (SEARCH_VERSION) are re-made now, not by the
        // server in the background while its search is measured.
        const reindexed = await (await createServices(config, database)).search.reindex();
        if (reindexed > 0) console.log(`bench: re-indexed ${reindexed} articles for search`);
        return await prepareTargets(database.db, ARTICLES);
      }
      console.log(`bench: BENCH_REUSE: only ${n} articles there; generating`);
    }
    if (DATABASE_URL)
      await database.db.execute(
        sql`TRUNCATE articles, categories, media, media_blobs, users, article_redirects, article_daily_views, rate_limits CASCADE`,
      );
    const services = await createServices(config, database);
    await seedDemoContent({
      db: database.db,
      storeImage: (d) => services.media.storeImage(d),
      // The demo's counting day: Lighthouse judges its results page too (bench/lighthouse.ts).
      seedElection: services.elections.seedDemo,
      now: new Date(),
    });
    await services.search.reindex();
    const cats = await database.db.select({ id: categories.id }).from(categories);
    const images = await database.db
      .select({
        imageUrl: articles.imageUrl,
        imageMediaId: articles.imageMediaId,
      })
      .from(articles);
    const vocabulary = vocabularies();
    const random = seeded(20261122);
    const now = Date.now();
    const toMake = ARTICLES - images.length;
    // The search indexes are built once at the end: one build is many times faster than
    // growing a GIN index row by row (the definitions are read back, so they stay the schema's).
    const gin = await withoutGinIndexes(database.db);
    const batch = 500;
    for (let start = 0; start < toMake; start += batch) {
      const rows = Array.from({ length: Math.min(batch, toMake - start) }, (_, k) => {
        const i = start + k;
        const language: Language = i % 2 === 0 ? 'hi' : 'en';
        const text = articleText(vocabulary[language], language, random);
        const image = images[i % images.length]!;
        const publishedAt = new Date(now - (i + 1) * EVERY_MINUTES * 60_000);
        return {
          name: text.name,
          slug: `${BENCH_SLUG}${i + 1}`,
          categoryId: cats[i % cats.length]!.id,
          imageUrl: image.imageUrl,
          imageMediaId: image.imageMediaId,
          description: text.description,
          metaTitle: text.name,
          metaDescription: `Benchmark article ${i + 1}`,
          metaKeywords: text.metaKeywords,
          search: articleSearchColumns(text),
          status: 'published' as const,
          publishedAt,
          language,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        };
      });
      // Indexed as a save indexes it, so search has every article from the start.
      const made = await database.db
        .insert(articles)
        .values(rows.map(({ search: _search, ...row }) => row))
        .returning({ id: articles.id });
      await database.db.insert(articleSearch).values(
        rows.map((row, k) => ({
          articleId: made[k]!.id,
          status: row.status,
          publishedAt: row.publishedAt,
          language: row.language,
          ...row.search,
        })),
      );
      if ((start / batch) % 40 === 39)
        console.log(`bench: ${start + rows.length} of ${toMake} articles generated`);
    }
    await gin.restore();
    await database.analyze();
    return await prepareTargets(database.db, ARTICLES);
  } finally {
    await database.close();
  }
}

const articleCount = async (db: Db) => {
  const { rows } = (await db.execute(sql`SELECT count(*)::int AS n FROM articles`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(rows[0]?.n ?? 0);
};

/** Drops the articles' GIN indexes; `restore` creates them again from their definitions. */
async function withoutGinIndexes(db: Db) {
  const { rows } = (await db.execute(sql`
    SELECT indexname, indexdef FROM pg_indexes
    WHERE tablename = 'article_search' AND indexdef LIKE '% USING gin %'`)) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  for (const r of rows) await db.execute(sql.raw(`DROP INDEX "${r.indexname}"`));
  return {
    async restore() {
      for (const r of rows) await db.execute(sql.raw(r.indexdef));
    },
  };
}

/** What the targets need from a filled database: search queries, index cost, sample addresses. */
async function prepareTargets(db: Db, total: number) {
  const sample = await db.execute(
    sql`SELECT a.slug, c.slug AS category, c.id AS category_id FROM articles a JOIN categories c ON c.id = a.category_id ORDER BY random() LIMIT 200`,
  );
  // Titles spread over the whole archive, old and new.
  const generated = Math.max(0, total - demoArticles.length);
  const picks = Array.from(
    { length: 16 },
    (_, k) => `${BENCH_SLUG}${1 + Math.floor((k * generated) / 16)}`,
  );
  const titles = await db
    .select({ name: articles.name })
    .from(articles)
    .where(
      sql`${articles.slug} IN (${sql.join(
        picks.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
  return {
    sample: (
      sample as unknown as { rows: { slug: string; category: string; category_id: string }[] }
    ).rows,
    searchQueries: searchQueriesFrom(
      titles.length ? titles.map((t) => t.name) : demoArticles.map((a) => a.name),
    ),
    indexCostMs: indexCost(),
  };
}

/**
 * Two-word queries as readers type them: neighbouring words of titles across the archive
 * (Hindi as written, and the same words in Latin letters), so each one finds something; and
 * pairs of the commonest words of each language, which match most of the archive: the hard
 * case, where the newest 1,000 matches are ranked (articles-repository SEARCH_CANDIDATES).
 */
function searchQueriesFrom(titles: string[]): string[] {
  const pairs = titles.flatMap((title) => {
    const words = title
      .split(/[\s:,.?!—-]+/)
      .filter((w) => w.length > 2 && !isStopWord(normaliseText(w)));
    return words.length >= 2 ? [`${words[0]} ${words[1]}`] : [];
  });
  const latin = pairs
    .filter((p) => /[\u0900-\u097f]/.test(p))
    .map((p) =>
      p
        .split(' ')
        .map((w) => slugify(w))
        .join(' '),
    );
  const vocabulary = vocabularies();
  const common = (['hi', 'en'] as const).flatMap((language) => {
    const words = vocabulary[language].filter((w) => !isStopWord(normaliseText(w)));
    return [`${words[0]} ${words[1]}`, `${words[2]} ${words[4]}`];
  });
  return [...pairs, ...latin, ...common].filter((q) => q.trim().length > 0);
}

/** What indexing costs one save: the median time to make a demo article's search columns. */
function indexCost(): number {
  const times: number[] = [];
  for (let round = 0; round < 5; round++)
    for (const a of demoArticles) {
      const start = performance.now();
      articleSearchColumns({ name: a.name, metaKeywords: a.metaKeywords, description: a.html });
      times.push(performance.now() - start);
    }
  times.sort((a, b) => a - b);
  return Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(2));
}

/** Each language's words in the demo bodies, titles and keywords, most frequent first. */
let vocabularyCache: Record<Language, string[]> | undefined;
export function vocabularies(): Record<Language, string[]> {
  if (vocabularyCache) return vocabularyCache;
  const counts: Record<Language, Map<string, number>> = { hi: new Map(), en: new Map() };
  for (const a of demoArticles) {
    const text = `${a.name} ${a.metaKeywords} ${stripHtml(a.html)}`;
    for (const w of text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) {
      if (w.length < 2 || /^\d+$/.test(w)) continue;
      // The demo articles are Hindi and English only.
      if (a.language !== 'hi' && a.language !== 'en') continue;
      const m = counts[a.language];
      m.set(w, (m.get(w) ?? 0) + 1);
    }
  }
  const byFrequency = (m: Map<string, number>) =>
    [...m].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([w]) => w);
  vocabularyCache = { hi: byFrequency(counts.hi), en: byFrequency(counts.en) };
  return vocabularyCache;
}

/** A small, fast, seeded generator (mulberry32): the same articles on every run. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cumulative Zipf weights (1/rank) over a vocabulary, cached per vocabulary. */
const zipfCache = new WeakMap<string[], Float64Array>();
export function zipfWord(words: string[], random: () => number, from = 0): string {
  let cumulative = zipfCache.get(words);
  if (!cumulative) {
    cumulative = new Float64Array(words.length);
    let sum = 0;
    for (let r = 0; r < words.length; r++) cumulative[r] = sum += 1 / (r + 1);
    zipfCache.set(words, cumulative);
  }
  const low = from > 0 ? cumulative[from - 1]! : 0;
  const target = low + random() * (cumulative[words.length - 1]! - low);
  let lo = from;
  let hi = words.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return words[lo]!;
}

/**
 * One article's title (5 to 9 words, the commonest function words left out), keywords (3) and
 * body (3 to 5 paragraphs of 40 to 90 words, about the demo articles' length).
 */
function articleText(words: string[], language: Language, random: () => number) {
  const some = (n: number, from: number) =>
    Array.from({ length: n }, () => zipfWord(words, random, from));
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const name = some(between(5, 9), 30).join(' ');
  const paragraphs = Array.from(
    { length: between(3, 5) },
    () => `<p>${some(between(40, 90), 0).join(' ')}${language === 'hi' ? '।' : '.'}</p>`,
  );
  return { name, metaKeywords: some(3, 30).join(', '), description: paragraphs.join('\n') };
}
