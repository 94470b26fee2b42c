/*
 * `npm run bench:profile`: where an uncached render spends its time. The bench's data set, the
 * built server started as in production with a CPU profiler preloaded (bench/cpu-profile-
 * preload.cjs), and for each of the article, home and category pages: a warm-up, then
 * BENCH_PROFILE_REQUESTS requests one at a time with a cookie that skips the page cache, profiled
 * from the first to the last. Writes each profile as a flame graph to docs/perf/<page>.svg (the
 * .cpuprofile next to the bench results, for speedscope or DevTools) and prints the server time
 * per render and the heaviest frames.
 *
 * Settings: BENCH_ARTICLES (10000), BENCH_PROFILE_REQUESTS (300), BENCH_DATABASE_URL (a
 * PostgreSQL database to fill; it is emptied first; without it, the embedded engine).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, ROOT } from '../scripts/build-state';
import { AUTH_COOKIE } from '../server/plugins/auth';
import { startServer } from '../tests/setup/spawn-server';
import { waitUntil } from '../tests/setup/wait-until';
import { generate } from './data';
import { profileToSvg } from './flamegraph';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_PROFILE_REQUESTS ?? 300);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
/** A cookie named like the sign-in cookie skips the page cache; its bogus token signs no one in. */
/**
 * A process's CPU time so far (user + system) in ms, from /proc (a clock tick is 10 ms here);
 * 0 for a process that is gone.
 */
export function processCpuMs(pid: number): number {
  const fields = statFields(String(pid));
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : 0;
}

/**
 * The CPU (ms, user + system) of every PostgreSQL process on this machine so far: the server and
 * its backends, whoever they serve, and (in the server's own children's fields) those that ended,
 * whose CPU would otherwise leave with them (an autovacuum worker's, a closed connection's).
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry, 'postgres');
    // utime, stime, and the ended children's cutime and cstime (only the server has any).
    if (fields)
      total +=
        (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
  }
  return total;
}

/**
 * The fields of /proc/{pid}/stat after the command's name (state first), when the process is
 * there (and, with `command`, runs that command); undefined for one that is gone.
 */
function statFields(pid: string, command?: string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(') ');
    if (command !== undefined && stat.slice(stat.indexOf('(') + 1, close) !== command) return;
    return stat.slice(close + 2).split(' ');
  } catch {
    return undefined;
  }
}

export const SKIP_CACHE = { cookie: `${AUTH_COOKIE}=bench-skips-the-page-cache` };

/** Sends `paths` one at a time; answers each request's time in ms. */
export async function sequential(base: string, paths: string[], n: number, headers = {}) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${paths[i % paths.length]!}`, {
      headers: { 'accept-encoding': 'gzip', ...headers },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${paths[i % paths.length]} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * Starts or stops the CPU profiler preloaded in `server` (bench/cpu-profile-preload.cjs: each
 * SIGUSR2 toggles it) and waits until it says it has.
 */
export async function toggleProfiler(
  server: { process: { kill(signal: NodeJS.Signals): boolean }; output(): string },
  now: 'started' | 'written',
) {
  server.process.kill('SIGUSR2');
  await waitUntil(async () => server.output().includes(`cpu-profile-${now}`), {
    timeoutMs: now === 'started' ? 10_000 : 30_000,
    intervalMs: 20,
    message: now === 'started' ? 'the profiler did not start' : 'the profile was not written',
  });
}

export const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Number(
    (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(2),
  );
};

async function main() {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-profile-'));
  const outDir = join(ROOT, 'docs', 'perf');
  const rawDir = join(ROOT, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  mkdirSync(rawDir, { recursive: true });
  const engine = DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  try {
    console.log(`profile: generating ${ARTICLES} articles (${engine})…`);
    const { sample } = await generate(dataDir, { articles: ARTICLES, databaseUrl: DATABASE_URL });
    const categories = [...new Set(sample.map((s) => s.category))];
    const pages: [string, string[]][] = [
      ['article', sample.map((s) => `/${s.category}/${s.slug}`)],
      ['home', ['/']],
      ['category', categories.flatMap((c) => [`/category/${c}`, `/category/${c}?page=3`])],
    ];
    const rows = [];
    for (const [page, paths] of pages) {
      const profileFile = join(rawDir, `profile-${page}.cpuprofile`);
      const server = await startServer(
        {
          DATA_DIR: dataDir,
          SEED_DEMO: '0',
          API_RATE_LIMIT: '0',
          ...(DATABASE_URL ? { DATABASE_URL, WEB_CONCURRENCY: '1' } : {}),
          NODE_OPTIONS: `--require ${join(ROOT, 'bench', 'cpu-profile-preload.cjs')}`,
          BENCH_PROFILE_FILE: profileFile,
        },
        { timeoutMs: 180_000 },
      );
      try {
        await sequential(server.url, paths, 100, SKIP_CACHE); // warm-up: JIT, pools, caches
        await toggleProfiler(server, 'started');
        const times = await sequential(server.url, paths, REQUESTS, SKIP_CACHE);
        await toggleProfiler(server, 'written');
        const svg = join(outDir, `${page}.svg`);
        const { kinds, frames } = profileToSvg(
          profileFile,
          svg,
          `Uncached ${page} renders, ${engine}, ${ARTICLES} articles, ${REQUESTS} requests one at a time`,
        );
        console.log(`\nprofile: ${page} → ${svg}`);
        console.table(kinds);
        console.table(frames.slice(0, 12));
        rows.push({ page, p50ms: percentile(times, 0.5), p90ms: percentile(times, 0.9) });
      } finally {
        await server.stop('SIGTERM');
      }
    }
    console.log('\nprofile: time per uncached render (one connection, under the profiler)');
    console.table(rows);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('profile.ts')) await main();
