/*
 * `npm run bench -- --scale=N` (or BENCH_SCALE=N npm run bench): how every part's cost grows
 * with the archive (issue 71). Builds a site of N published stories on PostgreSQL with bulk
 * statements (bench/scale-data.ts, its build time printed), starts the built server on it with
 * one worker, and measures, one request at a time and uncached (a cookie skips the page cache):
 * - item 2: p50 of the home, an edition page, a category's first page and a page deep in it by
 *   key (the story 45,000 in, page 5,000's place, or as deep as the section goes), a tag page,
 *   an author page, articles across the archive; search in Hindi, English, Latin (p50, p99);
 * - item 3: p50 of the admin article list alone and with each filter, the media library, the
 *   comments queue (held and shown) and the audit trail, with the counts they show;
 * - item 4: the sitemap index's time and each month file's first making (p50 and max), with
 *   the most addresses in one file;
 * - item 6: the worker's peak RSS and its RSS after each phase (what grows where); and the
 *   server's start (spawn to first answer) with its RSS.
 * Prints a table and writes bench/results/scale-<N>-<time>.json (docs/perf/scale.md).
 *
 * `--scale-engine=pglite` (item 5): the same site on the embedded engine, built by the same
 * statements in a data folder, the server started on it alone, and then moved to PostgreSQL
 * by `npm run export` and `npm run import`, timed (bench/scale-pglite.ts;
 * bench/results/scale-pglite-<N>-<time>.json); BENCH_SCALE_MOVE=0 measures it without the move.
 *
 * Settings: BENCH_SCALE_REQUESTS (requests per page, 40; searches 150 per language),
 * BENCH_MACHINE (a note printed with the figures, such as "shared with 3 other jobs"),
 * `--scale-reuse` or BENCH_REUSE=1 (measure the site of N an earlier run built, as it stands),
 * BENCH_MEMORY_LOG=<file> (the server's V8 heap and buffers after each phase, as JSON lines:
 * bench/memory-preload.cjs).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { keyParam } from '../common/list-keys';
import { articlePath, authorPath, categoryPath, editionPath, tagSlugPath } from '../common/paths';
import { ensureBuild, ROOT } from '../scripts/build-state';
import { freePort, startServer } from '../tests/setup/spawn-server';
import { percentile, sequential, SKIP_CACHE } from './profile';
import type { Engine } from '../db/client';
import type { BulkClient } from './bulk-client';
import { scaleSite, SCALE_ADMIN } from './scale-data';
import {
  buildPgliteSite,
  folderMb,
  moveToPostgres,
  pgliteDataDir,
  withPglite,
} from './scale-pglite';
import { currentRss, peakRss, phaseMarks } from './scale-process';
import { sitemapFigures } from './scale-sitemaps';
import { searchQueries } from './scale-texts';
import { scaleTable, type ScaleReport } from './scale-table';

const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 40);
const SEARCHES = 150;
/** Page 5,000's first story: 4,999 pages of 9 before it. */
const DEEP = 4_999 * 9;

/** The N of `--scale=N` or BENCH_SCALE, if asked for. */
export function scaleAsked(argv: string[], env: NodeJS.ProcessEnv): number | undefined {
  const arg = argv.find((a) => a.startsWith('--scale='))?.slice('--scale='.length);
  const n = Number(arg ?? env.BENCH_SCALE ?? NaN);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The addresses and ids the targets need, read from the built site. */
async function targets(client: BulkClient, total: number) {
  const one = async <T>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows[0] as T;
  const city = await one<{ id: string; state: string; slug: string }>(`
      SELECT e.id, p.slug AS state, e.slug FROM editions e JOIN editions p ON p.id = e.parent_id
      WHERE e.kind = 'city' ORDER BY (SELECT count(*) FROM article_editions x WHERE x.edition_id = e.id) DESC LIMIT 1`);
  const section = await one<{ id: string; n: number }>(
    `SELECT c.id, (SELECT count(*)::int FROM articles a WHERE a.category_id = c.id) AS n
       FROM categories c WHERE c.slug = 'section-1'`,
  );
  const depth = Math.max(0, Math.min(DEEP, section.n - 20));
  const deep = await one<{ at: Date; id: string }>(
    `SELECT published_at AS at, id FROM articles WHERE category_id = $1 AND status = 'published'
       ORDER BY published_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [section.id, depth],
  );
  const writer = await one<{ id: string }>(`SELECT id FROM users WHERE slug = 'writer-1'`);
  // Stories n and n + 1 every `step`: as many Hindi as English (n's parity is its language).
  const step = Math.max(2, Math.floor(total / 20));
  const spread = await client.query<{ slug: string; category: string; name: string }>(
    `SELECT a.slug, c.slug AS category, a.name, a.language FROM articles a
       JOIN categories c ON c.id = a.category_id WHERE a.legacy_id % $1 IN (1, 2)`,
    [step],
  );
  const named = await client.query<{ name: string; language: string }>(
    `SELECT name, language FROM articles WHERE legacy_id % $1 IN (0, 1)`,
    [Math.max(2, Math.floor(total / 120))],
  );
  const articles = spread.rows.map((r) => articlePath({ slug: r.slug, categorySlug: r.category }));
  const words = named.rows.find((r) => r.language === 'en')!.name.split(' ')[0]!;
  return {
    city: { id: city.id, path: editionPath([city.state, city.slug]) },
    section: { id: section.id, stories: section.n },
    deep: { depth, path: `${categoryPath('section-1')}?before=${keyParam(deep)}` },
    writerId: writer.id,
    articles,
    queries: searchQueries(named.rows),
    adminWord: words,
  };
}

type Targets = Awaited<ReturnType<typeof targets>>;

/** p50 (and p99) of `paths` asked in turn, after a few unmeasured requests. */
async function timed(base: string, paths: string[], n: number, headers: object = SKIP_CACHE) {
  await sequential(base, paths, Math.min(5, n), headers);
  const times = await sequential(base, paths, n, headers);
  // The three slowest requests, with what they asked (the p99 of 150 is the second slowest).
  const slowest = times
    .map((ms, i) => ({ path: paths[i % paths.length]!, ms: Math.round(ms * 10) / 10 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), slowest };
}

async function readersFigures(base: string, t: Targets, mark: (phase: string) => void) {
  const search = (qs: string[]) => qs.map((q) => `/api/search?q=${encodeURIComponent(q)}&limit=9`);
  const pages: [string, string[]][] = [
    ['home', ['/']],
    ['edition page (busiest city)', [t.city.path]],
    ['category page 1 (busiest section)', [categoryPath('section-1')]],
    // How deep: the report's section.depth (page 5,000's place, or as deep as the section goes).
    ['category deep page by key', [t.deep.path]],
    ['tag page (busiest tag)', [tagSlugPath('topic-1')]],
    ['author page (busiest writer)', [authorPath('writer-1')]],
    ['article (40 across the archive)', t.articles],
  ];
  const rows: Record<string, { p50: number; p99?: number; slowest?: unknown }> = {};
  for (const [name, paths] of pages) rows[name] = { p50: (await timed(base, paths, REQUESTS)).p50 };
  mark('pages');
  // The API's search, as bench/run.ts measures it (issue 10's goal): not kept by the page cache.
  rows['search, Hindi'] = await timed(base, search(t.queries.hi), SEARCHES, {});
  rows['search, English'] = await timed(base, search(t.queries.en), SEARCHES, {});
  rows['search, Latin typing'] = await timed(base, search(t.queries.latin), SEARCHES, {});
  return rows;
}

/** The count a list's answer shows ("about" when estimated), or its pages when it shows those. */
function shownCount(answer: Record<string, unknown>): string {
  const estimated = answer.estimated;
  const about =
    estimated === true || (Array.isArray(estimated) && estimated.length > 0) ? 'about ' : '';
  const n = answer.totalArticles ?? answer.totalMedia ?? answer.total ?? answer.articles;
  if (typeof n === 'number') return `${about}${n}`;
  return typeof answer.totalPages === 'number' ? `${about}${answer.totalPages} pages` : '';
}

async function newsroomFigures(base: string, t: Targets) {
  const signIn = await fetch(`${base}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SCALE_ADMIN),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const { token } = (await signIn.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const list = '/api/articles/admin-article';
  const lists: [string, string][] = [
    ['admin list', list],
    ['admin list, status published', `${list}?status=published`],
    ['admin list, status draft', `${list}?status=draft`],
    ['admin list, edition', `${list}?edition=${t.city.id}`],
    ['admin list, category', `${list}?categoryId=${t.section.id}`],
    ['admin list, author', `${list}?authorId=${t.writerId}`],
    ['admin list, language hi', `${list}?language=hi`],
    ['admin list, text', `${list}?q=${encodeURIComponent(t.adminWord)}`],
    ['media library', '/api/media'],
    ['comments queue (held)', '/api/comments'],
    ['comments, shown', '/api/comments?status=approved'],
    ['audit trail', '/api/audit'],
    ['dashboard counters (/api/stats)', '/api/stats'],
    ['dashboard lists (/api/stats/dashboard)', '/api/stats/dashboard'],
  ];
  const rows: Record<string, { p50: number; count: string }> = {};
  for (const [name, path] of lists) {
    const answer = (await (await fetch(`${base}${path}`, { headers: auth })).json()) as Record<
      string,
      unknown
    >;
    rows[name] = {
      p50: (await timed(base, [path], REQUESTS, auth)).p50,
      count: shownCount(answer),
    };
  }
  return rows;
}

/** `--scale-engine=pglite`: the embedded engine (bench/scale-pglite.ts); PostgreSQL by default. */
export const engineAsked = (argv: string[]): Engine =>
  argv.includes('--scale-engine=pglite') ? 'pglite' : 'postgres';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function withPg<T>(databaseUrl: string, work: (c: BulkClient) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return work(client).finally(() => client.end());
}

/** The site of N on `engine`, built (or with `reuse` as an earlier run left it). */
async function site(stories: number, engine: Engine, dataDir: string, reuse: boolean) {
  if (engine === 'postgres') return scaleSite(stories, dataDir, console.log, reuse);
  if (reuse) return { dataDir, databaseUrl: '', steps: {}, buildSeconds: 0 };
  return buildPgliteSite(stories, console.log);
}

/** Writes the report to bench/results/scale-[pglite-]<N>-<time>.json; answers the file. */
function written(report: ScaleReport): string {
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-');
  const engine = report.engine === 'pglite' ? 'pglite-' : '';
  const file = join(ROOT, 'bench', 'results', `scale-${engine}${report.stories}-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

export async function scaleBench(
  stories: number,
  reuse = false,
  engine: Engine = 'postgres',
): Promise<ScaleReport> {
  ensureBuild();
  const embedded = engine === 'pglite';
  const dataDir = embedded ? pgliteDataDir(stories) : mkdtempSync(join(tmpdir(), 'patrika-scale-'));
  const machine = { loadBefore: load(), note: process.env.BENCH_MACHINE ?? '' };
  try {
    const built = await site(stories, engine, dataDir, reuse);
    console.log(`scale: ${stories.toLocaleString('en')} stories built in ${built.buildSeconds} s`);
    const t = embedded
      ? await withPglite(dataDir, (c) => targets(c, stories))
      : await withPg(built.databaseUrl, (c) => targets(c, stories));
    const port = await freePort();
    const spawned = performance.now();
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        ...(embedded ? {} : { DATABASE_URL: built.databaseUrl }),
        WEB_CONCURRENCY: '1',
        SEED_DEMO: '0',
        API_RATE_LIMIT: '0',
        PORT: String(port),
        // BENCH_MEMORY_LOG=<file>: the server's own figures (heap, buffers) after each phase.
        ...(process.env.BENCH_MEMORY_LOG
          ? { NODE_OPTIONS: `--require ${join(ROOT, 'bench', 'memory-preload.cjs')}` }
          : {}),
      },
      // The embedded engine vacuums and analyses every table at its start: at a million, minutes.
      { timeoutMs: embedded ? 3_600_000 : 600_000 },
    );
    const start = {
      seconds: Number(((performance.now() - spawned) / 1000).toFixed(1)),
      rssMb: currentRss(server.process.pid!),
    };
    let report: ScaleReport;
    try {
      const base = `http://127.0.0.1:${port}`;
      const pid = server.process.pid!;
      const { memory, mark } = phaseMarks(pid, process.env.BENCH_MEMORY_LOG !== undefined);
      mark('ready');
      const readers = await readersFigures(base, t, mark);
      mark('search');
      const newsroom = await newsroomFigures(base, t);
      mark('newsroom');
      const sitemaps = await sitemapFigures(base);
      mark('sitemaps');
      const rssMb = peakRss(pid);
      const section = { ...t.section, depth: t.deep.depth };
      report = {
        date: new Date().toISOString(),
        stories,
        engine,
        machine: { ...machine, loadAfter: load() },
        build: built,
        section,
        readers,
        newsroom,
        sitemaps,
        rssMb,
        memory,
        start,
      };
    } finally {
      await server.stop('SIGTERM');
    }
    const file = written(report);
    if (embedded && process.env.BENCH_SCALE_MOVE !== '0') {
      // Written before the move too: the figures are kept should the move fail or be stopped.
      const dataDirMb = folderMb(dataDir);
      console.log(`scale: moving ${dataDirMb} MB to PostgreSQL (export, import)…`);
      report.move = { dataDirMb, ...(await moveToPostgres(stories, dataDir)), load: load() };
      writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    }
    console.log(`\n${scaleTable(report)}\n\nscale: written to ${file}`);
    return report;
  } finally {
    if (!embedded) rmSync(dataDir, { recursive: true, force: true });
  }
}
