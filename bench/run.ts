/*
 * `npm run bench`: a generated data set (default 10,000 articles, half Hindi) in a fresh
 * database, the built server started as in production, and autocannon against the pages and
 * API lists readers hit most. Prints a table and writes bench/results/<time>.json.
 *
 * Settings (environment): BENCH_ARTICLES (10000), BENCH_DURATION seconds per target (10),
 * BENCH_CONNECTIONS (10), BENCH_DATABASE_URL (a PostgreSQL database to fill instead of the
 * embedded one; it is emptied first), BENCH_REUSE=1 (with BENCH_DATABASE_URL: keep a database
 * an earlier run filled with at least BENCH_ARTICLES articles instead of generating it again),
 * BENCH_TARGETS (comma-separated words; only the targets whose name contains one, e.g. "search").
 */
import autocannon from 'autocannon';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { articleSearchColumns } from '../common/search/search-document';
import { slugify } from '../common/slug';
import { articles, categories } from '../db/schema/content';
import { seedDemoContent } from '../db/seed/seed';
import { loadConfig } from '../server/env';
import { createServices } from '../server/services';
import { ensureBuild, ROOT } from '../scripts/build-state';
import { freePort, startServer } from '../tests/setup/spawn-server';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const REUSE = process.env.BENCH_REUSE === '1' && Boolean(DATABASE_URL);
const TARGETS = (process.env.BENCH_TARGETS ?? '')
  .split(',')
  .map((t) => t.trim().toLowerCase())
  .filter(Boolean);

async function generate(dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    ...(DATABASE_URL ? { DATABASE_URL } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (REUSE) {
      const reused = await reuseGenerated(database.db);
      if (reused) return reused;
    }
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
    return await prepareTargets(database.db, templates);
  } finally {
    await database.close();
  }
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
type Template = { name: string; description: string };

/** The search queries, the index cost and a sample of article addresses, from filled data. */
async function prepareTargets(db: Db, templates: Template[]) {
  searchQueries = searchQueriesFrom(templates.map((t) => t.name));
  indexCostMs = indexCost(templates);
  const sample = await db.execute(
    sql`SELECT a.slug, c.slug AS category, c.id AS category_id FROM articles a JOIN categories c ON c.id = a.category_id ORDER BY random() LIMIT 200`,
  );
  return (sample as unknown as { rows: { slug: string; category: string; category_id: string }[] })
    .rows;
}

/** BENCH_REUSE: the data of an earlier run, when it has enough articles; else null. */
async function reuseGenerated(db: Db) {
  const [{ n } = { n: 0 }] = (
    (await db.execute(sql`SELECT count(*)::int AS n FROM articles`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  if (n < ARTICLES) return null;
  console.log(`bench: reusing the ${n} articles already in BENCH_DATABASE_URL`);
  // The demo articles are the templates the generated ones were made from.
  const templates = await db
    .select({ name: articles.name, description: articles.description })
    .from(articles)
    .where(sql`${articles.slug} NOT LIKE 'bench-article-%'`);
  return prepareTargets(db, templates);
}

let searchQueries: string[] = [];
let indexCostMs = 0;

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

const peakRss = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

async function measure(url: string, name: string, paths: string[]) {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }],
    headers: { 'accept-encoding': 'gzip, br' },
  });
  return {
    target: name,
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

async function main() {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-bench-'));
  try {
    console.log(
      `bench: generating ${ARTICLES} articles (${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})…`,
    );
    const started = Date.now();
    const sample = await generate(dataDir);
    console.log(
      `bench: data ready in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server`,
    );
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        // One load generator is one address: the per-address API ceiling would answer 429.
        API_RATE_LIMIT: '0',
        PORT: String(await freePort()),
        ...(DATABASE_URL ? { DATABASE_URL } : {}),
      },
      { timeoutMs: 180_000 },
    );
    const pid = server.process.pid!;
    try {
      const categorySlugs = [...new Set(sample.map((s) => s.category))];
      const categoryIds = [...new Set(sample.map((s) => s.category_id))];
      const targets: [string, string[]][] = [
        ['article page', sample.map((s) => `/${s.category}/${s.slug}`)],
        ['home page', ['/']],
        [
          'category page',
          categorySlugs.flatMap((c) => [
            `/category/${c}`,
            `/category/${c}?page=2`,
            `/category/${c}?page=5`,
          ]),
        ],
        ['API latest', ['/api/articles/latest?limit=3']],
        [
          'API search (two words)',
          searchQueries.map((q) => `/api/search?q=${encodeURIComponent(q)}&limit=9`),
        ],
        ['search page', searchQueries.map((q) => `/search?q=${encodeURIComponent(q)}`)],
        [
          'API category-detail',
          categoryIds.map((id) => `/api/articles/category-detail?categoryId=${id}&page=1&limit=9`),
        ],
      ];
      const rows = [];
      const chosen = targets.filter(
        ([name]) => TARGETS.length === 0 || TARGETS.some((t) => name.toLowerCase().includes(t)),
      );
      for (const [name, paths] of chosen) {
        // A short warm-up so the first numbers are not JIT and cold caches.
        await autocannon({
          url: server.url,
          connections: 2,
          amount: 50,
          requests: [{ path: paths[0]! }],
        });
        rows.push(await measure(server.url, name, paths));
      }
      const rssMb = peakRss(pid);
      console.table(rows.map((r) => ({ ...r, 'peak RSS MB': rssMb })));
      console.log(`bench: making an article's search columns takes ${indexCostMs} ms (median)`);
      const report = {
        date: new Date().toISOString(),
        machine: {
          cpus: cpus().length,
          cpuModel: cpus()[0]?.model,
          memoryGb: Math.round(totalmem() / 2 ** 30),
          node: process.version,
        },
        engine: DATABASE_URL ? 'postgres' : 'pglite',
        articles: ARTICLES,
        durationSeconds: DURATION,
        connections: CONNECTIONS,
        peakRssMb: rssMb,
        searchIndexMsPerSave: indexCostMs,
        results: rows,
      };
      mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
      const file = join(ROOT, 'bench', 'results', `${report.date.replace(/[:.]/g, '-')}.json`);
      writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`bench: written to ${file}`);
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
