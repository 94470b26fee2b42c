/*
 * `npm run bench`: a generated data set (default 10,000 articles, half Hindi) in a fresh
 * database, the built server started as in production, and in one run:
 * - one article page's bytes served as a static file (nginx when installed, else a minimal
 *   node:http server sending one Buffer) next to Patrika serving that page from its cache and
 *   rendering article pages uncached (a sign-in cookie skips the cache), with the ratios;
 * - the pages and API lists readers hit most, cached and uncached;
 * - p50 at one connection, the JavaScript, CSS and image bytes each page type downloads, and
 *   the server's peak RSS;
 * - a live blog polled by open pages while two writers post (bench/live-blog.ts);
 * - when BENCH_TARGETS names it (it takes many minutes: not run by default), one newsletter
 *   issue to 100,000 subscribers through an SMTP sink (bench/newsletter.ts, "newsletter";
 *   BENCH_SUBSCRIBERS, BENCH_NEWSLETTER_RATE);
 * - when BENCH_TARGETS names it ("counting day", minutes), readers on an election's results
 *   pages beside one desk save a second: answers from the cache and a save's time to show
 *   (bench/election-results.ts, docs/perf/elections.md);
 * - when BENCH_TARGETS names it ("co-editing", over a minute), ten writers typing into one shared
 *   document on two processes relayed through Redis (bench/co-editing.ts);
 * - Varnish in front of Patrika against nginx serving the same bytes, and a save's time to show
 *   through Varnish (bench/front-cache.ts, "front cache"; PostgreSQL, a server of its own);
 * - search relevance: recall at 10 and MRR of the judged queries (bench/relevance.ts), on a site
 *   of its own;
 * - last, the election-night scenario (bench/election-night.ts: PostgreSQL, WEB_CONCURRENCY
 *   workers, Zipf readers beside an editor saving once a second), on a server of its own; when
 *   BENCH_TARGETS names "beacons", a third run of readers beside BENCH_BEACONS (2,000) analytics
 *   beacons a second (bench/beacons.ts), after a beacon's server CPU on one process beside the
 *   floor's, measured in the same run (bench/beacon-cost.ts);
 * then prints README-ready tables and writes bench/results/<time>.json (docs/perf/README.md).
 * `npm run bench -- --scale=N` (or BENCH_SCALE=N) runs bench/scale.ts instead: N stories built
 * by bulk SQL on PostgreSQL and every page, list and sitemap measured (docs/perf/scale.md).
 *
 * Settings (environment): BENCH_ARTICLES (10000; 100000 adds a deep category page), BENCH_DURATION
 * seconds per target (10), BENCH_WARMUP seconds of the same load before each target is measured
 * (3: a server runs for days, so the numbers are of its steady state, not of its JIT compiling
 * the code or its first reads), BENCH_CONNECTIONS (10), BENCH_DATABASE_URL (a PostgreSQL database to
 * fill instead of the embedded one; it is emptied first), BENCH_REUSE=1 (with BENCH_DATABASE_URL:
 * keep what an earlier run filled there when it holds at least BENCH_ARTICLES articles),
 * BENCH_TARGETS (comma-separated name fragments: only the targets whose name contains one, such
 * as "search", which also runs the relevance set; "relevance" for that set alone; "lighthouse"
 * for the Lighthouse scores; "election" for the scenario alone),
 * BENCH_MACHINE (a note on the machine, such as "quiet" or "loaded by 8 other jobs", printed
 * with the numbers). The scenario has settings of its own (bench/election-night.ts).
 */
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get as httpGet, type Server } from 'node:http';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuild, ROOT } from '../scripts/build-state';
import { freePort, startServer } from '../tests/setup/spawn-server';
import { generate } from './data';
import {
  electionDatabaseUrl,
  electionGoals,
  electionNight,
  electionTable,
  signIn,
} from './election-night';
import { FEATURES } from './election-features';
import { frontCacheScenario, frontCacheTable, nginxServing } from './front-cache';
import { liveBlogScenario, liveBlogTable } from './live-blog';
import { coEditingScenario, coEditingTable } from './co-editing';
import { editionsDatabaseUrl, editionsScenario, editionsTable } from './editions';
import { resultsDatabaseUrl, resultsScenario, resultsTable } from './election-results';
import { newsletterScenario, newsletterTable } from './newsletter';
import { BEACON_RATE, beaconsTable } from './beacons';
import { beaconCost, beaconCostTable } from './beacon-cost';
import { relevanceScenario } from './relevance';
import { lighthouseScores } from './lighthouse';
import { uploadLatencies, type UploadFigures } from './uploads';
import { percentile, sequential, SKIP_CACHE } from './profile';
import { engineAsked, scaleAsked, scaleBench } from './scale';
import { compareTable, type ScaleReport } from './scale-table';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const MACHINE_NOTE = process.env.BENCH_MACHINE ?? '';
const REUSE = process.env.BENCH_REUSE === '1';
const TARGETS = (process.env.BENCH_TARGETS ?? '')
  .split(',')
  .map((t) => t.trim().toLowerCase())
  .filter(Boolean);
/** Whether BENCH_TARGETS asks for a target of this name (all of them when it is not set). */
const chosen = (name: string) =>
  TARGETS.length === 0 || TARGETS.some((t) => name.toLowerCase().includes(t));
/** Whether BENCH_TARGETS names a target that takes many minutes (never run by default). */
const named = (name: string) => TARGETS.some((t) => name.toLowerCase().includes(t));
/** The election-night scenario's name as BENCH_TARGETS finds it ("election" runs it alone). */
const ELECTION = 'election night';
/** The other targets' names, without the parts that vary (the static server, a page number). */
const CLASSIC = ['static file', 'article page', 'home page', 'category page', 'search page'];
CLASSIC.push('sitemap index', 'api latest', 'api search', 'api category-detail', 'lighthouse');
CLASSIC.push('uploads');
/** The live-blog scenario's name as BENCH_TARGETS finds it (bench/live-blog.ts, its own server). */
const LIVE_BLOG = 'live blog';
/** One newsletter issue to many subscribers through an SMTP sink (bench/newsletter.ts). */
const NEWSLETTER = 'newsletter';
/** Ten writers in one shared document on two processes (bench/co-editing.ts): named only. */
const CO_EDITING = 'co-editing';
/** 60 editions, readers over their pages, a save a second (bench/editions.ts): named only. */
const EDITIONS = 'editions';
/** Readers on an election's results pages, a desk save a second (bench/election-results.ts): named only. */
const COUNTING_DAY = 'counting day';
/** Analytics beacons beside the election-night readers (bench/beacons.ts): named, never by default. */
const BEACONS = 'beacons';
/** Varnish in front of Patrika against nginx's gzip_static (bench/front-cache.ts, its own server). */
const FRONT_CACHE = 'front cache varnish';
/** The relevance set's name as BENCH_TARGETS finds it: "search" runs it with the timings. */
const RELEVANCE = 'search relevance';
/** Whether any target besides the scenarios on servers of their own is asked for. */
const classicChosen =
  TARGETS.length === 0 ||
  TARGETS.some(
    (t) =>
      ![
        ELECTION,
        LIVE_BLOG,
        RELEVANCE,
        FRONT_CACHE,
        NEWSLETTER,
        BEACONS,
        CO_EDITING,
        EDITIONS,
        COUNTING_DAY,
      ].some((own) => own.includes(t)) || CLASSIC.some((name) => name.includes(t)),
  );

/** Peak resident memory (VmHWM) of a process and of its children (a cluster's workers), in MB. */
function peakRss(pid: number): { processMb: number; totalMb: number; processes: number } {
  const hwm = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  };
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
  const all = [pid, ...children].map(hwm);
  return {
    processMb: Math.round(Math.max(...all)),
    totalMb: Math.round(all.reduce((s, n) => s + n, 0)),
    processes: all.length,
  };
}

/** CONNECTIONS clients asking for `paths` in turn for `seconds`, as browsers do (gzip, br). */
function load(url: string, paths: string[], headers: Record<string, string>, seconds: number) {
  let n = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }],
    headers: { 'accept-encoding': 'gzip, br', ...headers },
  });
}

async function measure(
  url: string,
  name: string,
  paths: string[],
  headers: Record<string, string> = {},
) {
  const result = await load(url, paths, headers, DURATION);
  return {
    target: name,
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

/** Raw bytes of a response as sent (compressed when the server compresses), and its body. */
function fetchRaw(url: string, encoding = 'gzip, br') {
  return new Promise<{ status: number; bytes: number; body: Buffer; type: string }>(
    (resolve, reject) => {
      httpGet(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            bytes: body.length,
            body,
            type: String(res.headers['content-type'] ?? ''),
          });
        });
      }).on('error', reject);
    },
  );
}

/**
 * What one page makes a phone download besides its HTML: scripts (src and modulepreload),
 * stylesheets, and each image once, taking from a srcset the candidate a 400 px wide screen at
 * 2× would pick (the smallest at least 800 w wide, else the widest); AVIF sources first.
 */
export function assetsOf(html: string): { scripts: string[]; styles: string[]; images: string[] } {
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replace(/&amp;/g, '&');
  const tags = (name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];
  const scripts = [
    ...tags('script').flatMap((t) => attr(t, 'src') ?? []),
    ...tags('link')
      .filter((t) => /rel="modulepreload"/i.test(t))
      .flatMap((t) => attr(t, 'href') ?? []),
  ];
  const styles = tags('link')
    .filter((t) => /rel="stylesheet"/i.test(t))
    .flatMap((t) => attr(t, 'href') ?? []);
  const pick = (srcset: string) => {
    const candidates = srcset
      .split(',')
      .map((c) => c.trim().split(/\s+/))
      .map(([url, w]) => ({ url: url!, w: Number(w?.replace(/w$/, '')) || 0 }))
      .sort((a, b) => a.w - b.w);
    return (candidates.find((c) => c.w >= 800) ?? candidates.at(-1))?.url;
  };
  const images: string[] = [];
  for (const picture of html.match(/<picture\b[\s\S]*?<\/picture>/gi) ?? []) {
    const sources = picture.match(/<source\b[^>]*>/gi) ?? [];
    const best =
      sources.find((s) => /image\/avif/.test(s)) ??
      sources.find((s) => /image\/webp/.test(s)) ??
      sources[0];
    const srcset = best && attr(best, 'srcset');
    const img = /<img\b[^>]*>/i.exec(picture)?.[0] ?? '';
    const chosen = srcset ? pick(srcset) : (attr(img, 'src') ?? undefined);
    if (chosen) images.push(chosen);
  }
  const outside = html.replace(/<picture\b[\s\S]*?<\/picture>/gi, '');
  for (const img of outside.match(/<img\b[^>]*>/gi) ?? []) {
    const srcset = attr(img, 'srcset');
    const chosen = srcset ? pick(srcset) : attr(img, 'src');
    if (chosen) images.push(chosen);
  }
  return { scripts, styles, images: [...new Set(images)] };
}

async function pageWeight(base: string, path: string) {
  const page = await fetchRaw(`${base}${path}`);
  const html = (await fetchRaw(`${base}${path}`, 'identity')).body.toString('utf8');
  const { scripts, styles, images } = assetsOf(html);
  const sum = async (urls: string[]) => {
    let total = 0;
    for (const u of urls) {
      // Absolute addresses elsewhere (an image URL on another site) are not ours to measure.
      if (/^https?:\/\//.test(u) && !u.startsWith(base)) continue;
      total += (await fetchRaw(u.startsWith('http') ? u : `${base}${u}`)).bytes;
    }
    return total;
  };
  return {
    htmlKb: kb(page.bytes),
    jsKb: kb(await sum(scripts)),
    cssKb: kb(await sum(styles)),
    imageKb: kb(await sum(images)),
    images: images.length,
  };
}
const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/** The article page's own bytes, served as a static file: nginx when it is installed. */
async function staticServer(html: Buffer): Promise<{ url: string; kind: string; stop(): void }> {
  const gz = gzipSync(html, { level: 9 });
  const nginx = await nginxServing(html, gz);
  if (nginx)
    return {
      url: nginx.url.replace(/\/$/, ''),
      kind: `nginx (nginx version: ${nginx.version})`,
      stop: nginx.stop,
    };
  const port = await freePort();
  // No nginx: one Buffer, precompressed, the least a Node server can do per request.
  const server: Server = createServer((req, res) => {
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': gzip ? gz.length : html.length,
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? gz : html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    kind: 'node:http, one Buffer (nginx is not installed)',
    stop: () => server.close(),
  };
}

const fmt = (n: number) => n.toLocaleString('en');

/**
 * Where one serving process's memory is now, from its /metrics (loopback needs no token): the
 * JavaScript heap, and memory outside it (Buffers and ArrayBuffers: the embedded engine's
 * WebAssembly memory is one of them), in MB. With workers, one worker answers.
 */
async function memoryNow(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) =>
    Math.round(Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0) / 2 ** 20);
  return {
    rssMb: value('process_resident_memory_bytes'),
    heapTotalMb: value('nodejs_heap_size_total_bytes'),
    heapUsedMb: value('nodejs_heap_size_used_bytes'),
    externalMb: value('nodejs_external_memory_bytes'),
  };
}

/** The machine the numbers are of, and its load when they were taken. */
const machineNow = () => ({
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  memoryGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  loadAverageAtEnd: loadavg()[0]!.toFixed(1),
  note: MACHINE_NOTE,
});

/** The targets other than the election-night scenario, on one server; the lines it adds to the report. */
async function classicTargets() {
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-bench-'));
  const engine = DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  try {
    console.log(`bench: generating ${ARTICLES} articles (${engine})…`);
    const started = Date.now();
    const { sample, searchQueries, indexCostMs } = await generate(dataDir, {
      articles: ARTICLES,
      databaseUrl: DATABASE_URL,
      reuse: REUSE,
    });
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
    // The serving process right after start, before any load (issue 24 item 5).
    const memoryAtStart = await memoryNow(server.url);
    console.log(
      `bench: one serving process at start: RSS ${memoryAtStart.rssMb} MB, JS heap ${memoryAtStart.heapUsedMb} of ${memoryAtStart.heapTotalMb} MB, outside the heap ${memoryAtStart.externalMb} MB`,
    );
    try {
      const articles = sample.map((s) => `/${s.category}/${s.slug}`);
      const one = articles[0]!;
      const categorySlugs = [...new Set(sample.map((s) => s.category))];
      const categoryIds = [...new Set(sample.map((s) => s.category_id))];
      const categories = categorySlugs.flatMap((c) => [
        `/category/${c}`,
        `/category/${c}?page=2`,
        `/category/${c}?page=5`,
      ]);
      // The deepest page every category has, up to 500 (BENCH_ARTICLES=100000 reaches 500).
      const deepPage = Math.max(1, Math.min(500, Math.floor(ARTICLES / categorySlugs.length / 9)));
      const search = searchQueries.map((q) => `/search?q=${encodeURIComponent(q)}`);
      const apiSearch = searchQueries.map((q) => `/api/search?q=${encodeURIComponent(q)}&limit=9`);

      // 1. The same bytes three ways: a static file server, Patrika's cache, Patrika rendering.
      const page = await fetchRaw(`${server.url}${one}`, 'identity');
      const stat = await staticServer(page.body);
      /** The target's own load, unmeasured, so that what is measured is the steady state. */
      const warm = (url: string, paths: string[], headers = {}) =>
        load(url, paths, headers, WARMUP);
      const rows: Awaited<ReturnType<typeof measure>>[] = [];
      try {
        if (chosen(`static file: ${stat.kind}`)) {
          await warm(stat.url, ['/']);
          rows.push(await measure(stat.url, `static file: ${stat.kind}`, ['/']));
        }
      } finally {
        stat.stop();
      }
      const targets: [string, string[], Record<string, string>?][] = [
        ['article page, cached (one URL)', [one]],
        ['article page, uncached (200 URLs)', articles, SKIP_CACHE],
        ['article page, cached (200 URLs)', articles],
        ['home page, cached', ['/']],
        ['home page, uncached', ['/'], SKIP_CACHE],
        ['category page, cached', categories],
        ['category page, uncached', categories, SKIP_CACHE],
        [
          `category page ${deepPage}, uncached`,
          categorySlugs.map((c) => `/category/${c}?page=${deepPage}`),
          SKIP_CACHE,
        ],
        ['search page, uncached', search, SKIP_CACHE],
        ['sitemap index', ['/sitemap.xml']],
        ['API latest', ['/api/articles/latest?limit=3']],
        ['API search (two words)', apiSearch],
        [
          'API category-detail',
          categoryIds.map((id) => `/api/articles/category-detail?categoryId=${id}&page=1&limit=9`),
        ],
      ];
      for (const [name, paths, headers] of targets.filter(([name]) => chosen(name))) {
        await warm(server.url, paths, headers);
        rows.push(await measure(server.url, name, paths, headers));
      }
      const rps = (prefix: string) =>
        rows.find((r) => r.target.startsWith(prefix))?.requestsPerSecond ?? 0;
      const staticRps = rps('static file');
      const cachedRps = rps('article page, cached (one URL)');
      const uncachedRps = rps('article page, uncached');

      // 2. One connection, one request at a time: what one reader waits for.
      const single: { target: string; p50ms: number; p90ms: number }[] = [];
      for (const [name, paths, headers] of [
        ['article page, cached', [one], {}],
        ['article page, uncached', articles, SKIP_CACHE],
        ['home page, uncached', ['/'], SKIP_CACHE],
        ['category page, uncached', categories, SKIP_CACHE],
        ['search page, uncached', search, SKIP_CACHE],
        // Issue 10's goal is a two-word search's p50 (20 ms over 100,000 articles).
        ['API search (two words)', apiSearch, {}],
      ] as [string, string[], Record<string, string>][]) {
        if (!chosen(name)) continue;
        await sequential(server.url, paths, 20, headers);
        const times = await sequential(server.url, paths, 200, headers);
        single.push({
          target: name,
          p50ms: percentile(times, 0.5),
          p90ms: percentile(times, 0.9),
        });
      }

      // 3. What each page type makes a phone download.
      const weights = [];
      for (const [type, path] of [
        ['home', '/'],
        ['category', categories[0]!],
        ['article', one],
        ['static page', '/about-us'],
        ['search', search[0]!],
      ] as [string, string][])
        if (chosen(`${type} page`))
          weights.push({ page: type, ...(await pageWeight(server.url, path)) });

      // 4. An editor's uploads, one after another (bench/uploads.ts), last: they add media.
      let uploads: UploadFigures | undefined;
      if (chosen('uploads')) {
        uploads = await uploadLatencies(server.url);
        console.log(
          `bench: ${uploads.uploads} uploads of ${uploads.photoKb} KB photos (4000 × 3000), one at a time: p50 ${uploads.p50ms} ms, p99 ${uploads.p99ms} ms, max ${uploads.maxMs} ms, ${uploads.errors} errors`,
        );
      }

      const rss = peakRss(pid);
      const memory = await memoryNow(server.url);
      const machine = machineNow();
      console.table(rows);
      console.log('bench: one connection, one request at a time');
      console.table(single);
      console.log('bench: bytes a page downloads (KB as sent, gzip/br)');
      console.table(weights);
      const ratio = (a: number, b: number) => (a > 0 && b > 0 ? (a / b).toFixed(2) : '—');
      console.log(
        `bench: cached article ÷ static file = ${ratio(cachedRps, staticRps)}; uncached ÷ static = ${ratio(uncachedRps, staticRps)}; uncached ÷ cached = ${ratio(uncachedRps, cachedRps)}`,
      );
      console.log(
        `bench: peak RSS ${rss.processMb} MB (largest process), ${rss.totalMb} MB over ${rss.processes} process(es)`,
      );
      console.log(
        `bench: one serving process now: RSS ${memory.rssMb} MB, JS heap ${memory.heapUsedMb} of ${memory.heapTotalMb} MB, outside the heap (Buffers, ArrayBuffers, WebAssembly memory) ${memory.externalMb} MB`,
      );
      console.log(`bench: making an article's search columns takes ${indexCostMs} ms (median)`);

      // README-ready.
      const md = [
        `Measured ${new Date().toISOString().slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GiB, Node ${machine.node.slice(1)}; ${engine}; ${fmt(ARTICLES)} articles; ${CONNECTIONS} connections, ${DURATION} s per target after ${WARMUP} s of warm-up; load average ${machine.loadAverageAtEnd} at the end${MACHINE_NOTE ? ` (${MACHINE_NOTE})` : ''}.`,
        '',
        '| target | req/s | p50 / p99 ms | errors |',
        '| --- | --- | --- | --- |',
        ...rows.map(
          (r) =>
            `| ${r.target} | ${fmt(r.requestsPerSecond)} | ${r.p50ms} / ${r.p99ms} | ${r.errors} |`,
        ),
        '',
        `Cached article ÷ static file: ${ratio(cachedRps, staticRps)}; uncached ÷ static: ${ratio(uncachedRps, staticRps)}.`,
        '',
        '| one connection | p50 ms | p90 ms |',
        '| --- | --- | --- |',
        ...single.map((s) => `| ${s.target} | ${s.p50ms} | ${s.p90ms} |`),
        '',
        '| page | HTML KB | JS KB | CSS KB | images KB (count) |',
        '| --- | --- | --- | --- | --- |',
        ...weights.map(
          (w) =>
            `| ${w.page} | ${w.htmlKb} | ${w.jsKb} | ${w.cssKb} | ${w.imageKb} (${w.images}) |`,
        ),
        '',
        ...(uploads
          ? [
              `Uploads: ${uploads.uploads} photos of ${uploads.photoKb} KB (4000 × 3000 JPEG), one at a time, answered at p50 ${uploads.p50ms} ms and p99 ${uploads.p99ms} ms (max ${uploads.maxMs} ms, ${uploads.errors} errors).`,
              '',
            ]
          : []),
        `Peak RSS: ${rss.processMb} MB for the largest process, ${rss.totalMb} MB over ${rss.processes} process(es). One serving process at start: RSS ${memoryAtStart.rssMb} MB; at the end: RSS ${memory.rssMb} MB, JS heap ${memory.heapUsedMb} of ${memory.heapTotalMb} MB, outside the heap ${memory.externalMb} MB.`,
      ].join('\n');
      console.log(`\n${md}\n`);
      const report = {
        engine: DATABASE_URL ? 'postgres' : 'pglite',
        durationSeconds: DURATION,
        warmupSeconds: WARMUP,
        connections: CONNECTIONS,
        staticServer: rows.find((r) => r.target.startsWith('static file'))?.target ?? null,
        ratios: {
          cachedOverStatic: Number(ratio(cachedRps, staticRps)),
          uncachedOverStatic: Number(ratio(uncachedRps, staticRps)),
        },
        peakRss: rss,
        memoryAtStart,
        memoryAtEnd: memory,
        searchIndexMsPerSave: indexCostMs,
        uploads,
        results: rows,
        oneConnection: single,
        pageWeights: weights,
        markdown: md,
      };
      // Mobile performance of home, a category and a Hindi article (ADR 028), and the article
      // again with this wave's house ads and metered wall (BENCH_FEATURES=0 leaves it out).
      if (chosen('lighthouse'))
        await lighthouseScores(
          server.url,
          FEATURES ? { token: await signIn(Number(new URL(server.url).port)) } : undefined,
        );
      return {
        report,
        md,
        cachedOverStatic:
          cachedRps > 0 && staticRps > 0 ? Number(ratio(cachedRps, staticRps)) : undefined,
        uncachedRps: uncachedRps > 0 ? uncachedRps : undefined,
      };
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Varnish in front of Patrika on PostgreSQL (bench/front-cache.ts), on the scenario's database. */
async function frontCacheTarget() {
  const databaseUrl = await electionDatabaseUrl(DATABASE_URL);
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-bench-front-'));
  try {
    console.log(`bench: front cache: ${ARTICLES} articles on PostgreSQL…`);
    await generate(dataDir, {
      articles: ARTICLES,
      databaseUrl,
      reuse: REUSE || (DATABASE_URL !== undefined && classicChosen),
    });
    return await frontCacheScenario({
      databaseUrl,
      dataDir,
      connections: CONNECTIONS,
      seconds: DURATION,
      warmup: WARMUP,
      log: (line) => console.log(`bench: ${line}`),
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The editions scenario (bench/editions.ts) on a PostgreSQL database of its own. */
async function editionsTarget() {
  const databaseUrl = await editionsDatabaseUrl(process.env.BENCH_EDITIONS_DATABASE_URL);
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-bench-editions-'));
  try {
    console.log(`bench: editions: ${ARTICLES} articles on PostgreSQL…`);
    await generate(dataDir, { articles: ARTICLES, databaseUrl, reuse: REUSE });
    const log = (line: string) => console.log(`bench: ${line}`);
    return await editionsScenario({ databaseUrl, dataDir, connections: CONNECTIONS, log });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The counting-day scenario (bench/election-results.ts) on a PostgreSQL database of its own. */
async function countingDayTarget() {
  const databaseUrl = await resultsDatabaseUrl(process.env.BENCH_RESULTS_DATABASE_URL);
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-bench-results-'));
  try {
    const log = (line: string) => console.log(`bench: ${line}`);
    return await resultsScenario({ databaseUrl, dataDir, connections: CONNECTIONS, log });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The election-night scenario (bench/election-night.ts) on PostgreSQL. */
async function electionTarget(filled: boolean) {
  const databaseUrl = await electionDatabaseUrl(DATABASE_URL);
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-bench-election-'));
  try {
    console.log(`bench: election night: ${ARTICLES} articles on PostgreSQL…`);
    // A database the other targets just filled is kept (they only read it).
    await generate(dataDir, {
      articles: ARTICLES,
      databaseUrl,
      reuse: REUSE || filled || (DATABASE_URL !== undefined && classicChosen),
    });
    const log = (line: string) => console.log(`bench: ${line}`);
    // A beacon's CPU beside the floor's, on this database, before the readers (bench/beacon-cost.ts).
    const cost = named(BEACONS) ? await beaconCost({ databaseUrl, log }) : undefined;
    if (cost) console.log(`\n${beaconCostTable(cost)}\n`);
    const night = await electionNight({
      databaseUrl,
      dataDir,
      connections: CONNECTIONS,
      log,
      beacons: named(BEACONS) ? BEACON_RATE : 0,
    });
    return { ...night, ...(cost ? { beaconCost: cost } : {}) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  ensureBuild();
  const date = new Date().toISOString();
  const classic = classicChosen ? await classicTargets() : undefined;
  const live = chosen(LIVE_BLOG) ? await liveBlogScenario(CONNECTIONS) : undefined;
  if (live) console.table([live]);
  const newsletter = named(NEWSLETTER) ? await newsletterScenario() : undefined;
  if (newsletter) console.log(`\n${newsletterTable(newsletter)}\n`);
  const coEditing = named(CO_EDITING) ? await coEditingScenario() : undefined;
  if (coEditing) console.log(`\n${coEditingTable(coEditing)}\n`);
  const editions = named(EDITIONS) ? await editionsTarget() : undefined;
  if (editions) console.log(`\n${editionsTable(editions)}\n`);
  const countingDay = named(COUNTING_DAY) ? await countingDayTarget() : undefined;
  if (countingDay) console.log(`\n${resultsTable(countingDay)}\n`);
  const relevance = chosen(RELEVANCE) ? await relevanceScenario() : undefined;
  if (relevance) console.log(`bench: ${relevance.lines.join('\n')}`);
  const front = chosen(FRONT_CACHE) ? await frontCacheTarget() : undefined;
  if (front) console.log(`\n${frontCacheTable(front)}\n`);
  // The scenario reuses the database the front cache filled.
  const election =
    chosen(ELECTION) || named(BEACONS) ? await electionTarget(front !== undefined) : undefined;
  const beaconTables = election?.beacons
    ? [
        ...(election.beaconCost ? [beaconCostTable(election.beaconCost)] : []),
        beaconsTable(
          election.alone,
          election.beacons.readers,
          election.beacons.runs,
          election.beacons.floorReaders,
        ),
      ].join('\n\n')
    : undefined;
  if (beaconTables) console.log(`\n${beaconTables}\n`);
  const machine = machineNow();
  const parts = [
    classic?.md,
    relevance?.lines.join('\n'),
    live ? liveBlogTable(live) : undefined,
    newsletter ? newsletterTable(newsletter) : undefined,
    coEditing ? coEditingTable(coEditing) : undefined,
    editions ? editionsTable(editions) : undefined,
    countingDay ? resultsTable(countingDay) : undefined,
    front
      ? `Front cache, measured ${date.slice(0, 10)}; load average ${machine.loadAverageAtEnd} at the end${MACHINE_NOTE ? ` (${MACHINE_NOTE})` : ''}.\n\n${frontCacheTable(front)}`
      : undefined,
  ];
  if (election) {
    const beside: [string, string][] = [];
    if (classic?.cachedOverStatic !== undefined)
      beside.push([
        'cached article ÷ static file (their own targets)',
        String(classic.cachedOverStatic),
      ]);
    if (classic?.uncachedRps !== undefined)
      beside.push([
        'uncached article renders a second (information, not a goal)',
        fmt(classic.uncachedRps),
      ]);
    const table = electionTable(election, beside);
    const goals = electionGoals(election, classic?.cachedOverStatic);
    console.log('bench: election night, per kind of answer (readers alone, then with the editor)');
    const kinds = new Set([
      ...Object.keys(election.alone.kinds),
      ...Object.keys(election.withEditor.kinds),
    ]);
    const perKind = (k: { answers: number; p50ms: number; p99ms: number } | undefined) =>
      k ? `${fmt(k.answers)}: ${k.p50ms} / ${k.p99ms}` : '—';
    console.table(
      [...kinds].map((kind) => ({
        kind,
        'alone: answers: p50 / p99 ms': perKind(election.alone.kinds[kind]),
        'with the editor: answers: p50 / p99 ms': perKind(election.withEditor.kinds[kind]),
      })),
    );
    console.log('bench: election night, server time by route with the editor (all workers)');
    console.table(election.withEditor.server.routes);
    console.log(`bench: ${goals.join('; ')}`);
    parts.push(
      [
        `Election night, measured ${date.slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node.slice(1)}; PostgreSQL; ${fmt(ARTICLES)} articles; load average ${machine.loadAverageAtEnd} at the end${MACHINE_NOTE ? ` (${MACHINE_NOTE})` : ''}.`,
        '',
        table,
        '',
        ...goals.map((g) => `- ${g}`),
        ...(beaconTables ? ['', beaconTables] : []),
      ].join('\n'),
    );
  }
  const md = parts.filter(Boolean).join('\n\n');
  if (election) console.log(`\n${md}\n`);
  const report = {
    date,
    machine,
    articles: ARTICLES,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP,
    ...classic?.report,
    ...(live ? { liveBlog: live } : {}),
    ...(newsletter ? { newsletter } : {}),
    ...(coEditing ? { coEditing } : {}),
    ...(editions ? { editions } : {}),
    ...(countingDay ? { countingDay } : {}),
    ...(front ? { frontCache: front } : {}),
    ...(relevance
      ? { searchRelevance: { overall: relevance.report.overall, groups: relevance.report.groups } }
      : {}),
    ...(election ? { electionNight: election } : {}),
    markdown: md,
  };
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  const file = join(ROOT, 'bench', 'results', `${date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`bench: written to ${file}`);
}

/** `--scale=N` or BENCH_SCALE=N: the scale bench alone (bench/scale.ts, issue 71). */
const SCALE = scaleAsked(process.argv, process.env);
/** `--scale-compare=a.json,b.json`: scale runs of several sizes side by side (docs/perf/scale.md). */
const COMPARE = process.argv.find((a) => a.startsWith('--scale-compare='))?.split('=')[1];
if (process.argv[1]?.endsWith('run.ts'))
  if (COMPARE)
    console.log(
      compareTable(
        COMPARE.split(',').map((f) => JSON.parse(readFileSync(f, 'utf8')) as ScaleReport),
      ),
    );
  else
    await (SCALE
      ? scaleBench(
          SCALE,
          REUSE || process.argv.includes('--scale-reuse'),
          engineAsked(process.argv),
        )
      : main());
