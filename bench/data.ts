/*
 * The bench's data set: the demo content, then generated published articles (half Hindi) up to
 * the number asked for, indexed for search as a save indexes them. Used by `npm run bench` and
 * `npm run bench:profile`.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { articleSearchColumns } from '../common/search/search-document';
import { slugify } from '../common/slug';
import { articles, categories } from '../db/schema/content';
import { seedDemoContent } from '../db/seed/seed';
import { loadConfig } from '../server/env';
import { createServices } from '../server/services';

export type BenchData = Awaited<ReturnType<typeof generate>>;

export async function generate(
  dataDir: string,
  opts: { articles: number; databaseUrl?: string | undefined },
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
    if (DATABASE_URL)
      await database.db.execute(
        sql`TRUNCATE articles, categories, media, media_blobs, users, article_redirects, article_daily_views, rate_limits CASCADE`,
      );
    const services = await createServices(config, database);
    await seedDemoContent({
      db: database.db,
      storeImage: (d) => services.media.storeImage(d),
      now: new Date(),
    });
    const cats = await database.db.select({ id: categories.id }).from(categories);
    const templates = await database.db
      .select({
        description: articles.description,
        imageUrl: articles.imageUrl,
        imageMediaId: articles.imageMediaId,
        language: articles.language,
        name: articles.name,
      })
      .from(articles);
    const now = Date.now();
    const batch = 500;
    for (let start = 0; start < ARTICLES - templates.length; start += batch) {
      const rows = Array.from(
        { length: Math.min(batch, ARTICLES - templates.length - start) },
        (_, k) => {
          const i = start + k;
          // Alternate Hindi and English templates so the set stays half Hindi.
          const t = templates[(i * 2 + (i % 2)) % templates.length]!;
          const publishedAt = new Date(now - (i + 1) * 7 * 60_000);
          return {
            name: `${t.name} (${i + 1})`,
            slug: `bench-article-${i + 1}`,
            categoryId: cats[i % cats.length]!.id,
            imageUrl: t.imageUrl,
            imageMediaId: t.imageMediaId,
            description: t.description,
            metaTitle: t.name,
            metaDescription: `Benchmark article ${i + 1}`,
            metaKeywords: 'bench, patrika',
            // Indexed as a save indexes it, so search has every article from the start.
            ...articleSearchColumns({
              name: `${t.name} (${i + 1})`,
              metaKeywords: 'bench, patrika',
              description: t.description,
            }),
            status: 'published' as const,
            publishedAt,
            language: t.language,
            createdAt: publishedAt,
            updatedAt: publishedAt,
          };
        },
      );
      await database.db.insert(articles).values(rows);
    }
    await database.analyze();
    const searchQueries = searchQueriesFrom(templates.map((t) => t.name));
    const indexCostMs = indexCost(templates);
    const sample = await database.db.execute(
      sql`SELECT a.slug, c.slug AS category, c.id AS category_id FROM articles a JOIN categories c ON c.id = a.category_id ORDER BY random() LIMIT 200`,
    );
    return {
      sample: (
        sample as unknown as { rows: { slug: string; category: string; category_id: string }[] }
      ).rows,
      searchQueries,
      indexCostMs,
    };
  } finally {
    await database.close();
  }
}

/**
 * Two-word queries as readers type them: pairs of neighbouring words from the titles (Hindi as
 * written, and the same words in Latin letters), so each one finds something.
 */
function searchQueriesFrom(titles: string[]): string[] {
  const pairs = titles.flatMap((title) => {
    const words = title.split(/[\s:,.?!—-]+/).filter((w) => w.length > 2);
    return words.length >= 2 ? [`${words[0]} ${words[1]}`] : [];
  });
  const latin = pairs.map((p) =>
    p
      .split(' ')
      .map((w) => slugify(w))
      .join(' '),
  );
  return [...pairs, ...latin].filter((q) => q.trim().length > 0);
}

/** What indexing costs one save: the median time to make an article's search columns. */
function indexCost(templates: { name: string; description: string }[]): number {
  const times: number[] = [];
  for (let round = 0; round < 5; round++)
    for (const t of templates) {
      const start = performance.now();
      articleSearchColumns({
        name: t.name,
        metaKeywords: 'bench, patrika',
        description: t.description,
      });
      times.push(performance.now() - start);
    }
  times.sort((a, b) => a - b);
  return Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(2));
}
