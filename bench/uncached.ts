/*
 * A quick measure of uncached renders on PostgreSQL, without rebuilding the data set each time:
 * `BENCH_DATABASE_URL=… node --import tsx bench/uncached.ts`. Fills the database with
 * BENCH_ARTICLES (10000) articles only when it has fewer published ones (or BENCH_FILL=1), starts
 * the built server with WEB_CONCURRENCY=BENCH_WORKERS (1 and 2 by default, comma separated),
 * and prints for the article, home and category pages: p50/p90 at one connection, then the
 * requests per second of uncached article pages at BENCH_CONNECTIONS (10) for BENCH_DURATION
 * (10) seconds. A sign-in cookie with a bogus token skips the page cache (bench/profile.ts).
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuild, ROOT } from '../scripts/build-state';
import { startServer } from '../tests/setup/spawn-server';
import { generate } from './data';
import { profileToSvg } from './flamegraph';
import { percentile, processCpuMs, sequential, SKIP_CACHE, toggleProfiler } from './profile';

const PROFILE = process.env.BENCH_PROFILE; // a page name: profile its renders (one worker)

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 300);

async function samplePaths() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const count = await client.query<{ n: string }>(
      `select count(*) as n from articles where status = 'published'`,
    );
    const articles = await client.query<{ category: string; slug: string }>(
      `select c.slug as category, a.slug from articles a join categories c on c.id = a.category_id
       where a.status = 'published' order by a.id limit 200`,
    );
    return { count: Number(count.rows[0]!.n), articles: articles.rows };
  } finally {
    await client.end();
  }
}

async function main() {
  if (!DATABASE_URL) throw new Error('set BENCH_DATABASE_URL');
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-uncached-'));
  try {
    let sample = await samplePaths().catch(() => ({ count: 0, articles: [] }));
    if (process.env.BENCH_FILL === '1' || sample.count < ARTICLES) {
      console.log(`filling ${ARTICLES} articles…`);
      await generate(dataDir, { articles: ARTICLES, databaseUrl: DATABASE_URL });
      sample = await samplePaths();
    }
    const articlePaths = sample.articles.map((a) => `/${a.category}/${a.slug}`);
    const cats = [...new Set(sample.articles.map((a) => a.category))];
    const pages: [string, string[]][] = [
      ['article', articlePaths],
      ['home', ['/']],
      ['category', cats.flatMap((c) => [`/category/${c}`, `/category/${c}?page=3`])],
    ];
    if (process.env.BENCH_DEEP === '1')
      pages.push(['category p.138', cats.map((c) => `/category/${c}?page=138`)]);
    console.log(`articles: ${sample.count}, load before: ${loadavg().map((l) => l.toFixed(2))}`);
    for (const workers of WORKERS) {
      const server = await startServer(
        {
          DATA_DIR: dataDir,
          SEED_DEMO: '0',
          API_RATE_LIMIT: '0',
          DATABASE_URL,
          WEB_CONCURRENCY: String(workers),
          ...(PROFILE
            ? {
                NODE_OPTIONS: `--require ${join(ROOT, 'bench', 'cpu-profile-preload.cjs')}`,
                BENCH_PROFILE_FILE: join(tmpdir(), `render-${PROFILE}.cpuprofile`),
              }
            : {}),
        },
        { timeoutMs: 180_000 },
      );
      try {
        const rows = [];
        for (const [page, paths] of pages) {
          if (PROFILE && page !== PROFILE) continue;
          await sequential(server.url, paths, 100, SKIP_CACHE);
          if (PROFILE) await toggleProfiler(server, 'started');
          const cpuBefore = workers === 1 ? processCpuMs(server.process.pid!) : 0;
          const times = await sequential(server.url, paths, SEQUENTIAL, SKIP_CACHE);
          const cpu =
            workers === 1 ? (processCpuMs(server.process.pid!) - cpuBefore) / SEQUENTIAL : NaN;
          rows.push({
            page,
            p50ms: percentile(times, 0.5),
            p90ms: percentile(times, 0.9),
            serverCpuMs: Number(cpu.toFixed(2)),
          });
          if (PROFILE) {
            await toggleProfiler(server, 'written');
            const file = join(tmpdir(), `render-${PROFILE}.cpuprofile`);
            const { kinds, frames } = profileToSvg(
              file,
              join(tmpdir(), `render-${PROFILE}.svg`),
              PROFILE,
            );
            console.table(kinds);
            console.table(frames.slice(0, 30));
            console.table(rows);
            return;
          }
        }
        let n = 0;
        const result = await autocannon({
          url: server.url,
          connections: CONNECTIONS,
          duration: DURATION,
          requests: [
            { setupRequest: (req) => ({ ...req, path: articlePaths[n++ % articlePaths.length]! }) },
          ],
          headers: { 'accept-encoding': 'gzip, br', ...SKIP_CACHE },
        });
        console.log(`\nWEB_CONCURRENCY=${workers}`);
        console.table(rows);
        console.log(
          `uncached article at ${CONNECTIONS} connections: ${Math.round(result.requests.average)} req/s, ` +
            `p50 ${result.latency.p50} ms, errors ${result.errors + result.non2xx + result.timeouts}; ` +
            `load ${loadavg().map((l) => l.toFixed(2))}`,
        );
      } finally {
        await server.stop('SIGTERM');
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
