/*
 * Two commits' uncached article renders, measured side by side on one PostgreSQL database
 * (docs/perf/rendering-paths.md): `BENCH_DATABASE_URL=… BENCH_OTHER=/path/to/other/checkout
 * node --import tsx bench/alternate.ts`. BENCH_OTHER is a copy of the other commit with its own
 * build (`git archive <commit> | tar -x -C DIR`, node_modules linked, `npx react-router build`).
 *
 * Both servers are started at once (WEB_CONCURRENCY=BENCH_WORKERS, 2 by default) and measured in
 * turns, their order swapped every round, so that a machine whose speed wanders, or which other
 * jobs load, weighs on both alike. Each turn: uncached article pages at BENCH_CONNECTIONS (10)
 * for BENCH_DURATION (5) seconds (autocannon, gzip/br, as `npm run bench`'s "article page,
 * uncached" target), the server's CPU per request over that load (user + system of the primary
 * and its workers, from /proc), then BENCH_SEQUENTIAL (200) requests one at a time (the p50 of
 * `npm run bench`'s "one connection" table). A sign-in cookie with a bogus token skips the page
 * cache (bench/profile.ts). The database must hold the bench's articles already (bench/data.ts;
 * bench/uncached.ts fills one).
 *
 * BENCH_PROFILE=1: one worker each, with V8's profiler preloaded (bench/cpu-profile-preload.cjs);
 * after the rounds, each server is profiled over one more turn of the same load, one right after
 * the other, and the time per request is split into the parts an uncached render is made of
 * (the profiles stay in bench/results/ for speedscope or DevTools).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuild, ROOT } from '../scripts/build-state';
import { freePort } from '../tests/setup/spawn-server';
import { waitUntil } from '../tests/setup/wait-until';
import { percentile, processCpuMs, sequential, SKIP_CACHE, toggleProfiler } from './profile';

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const OTHER = process.env.BENCH_OTHER;
const PROFILE = process.env.BENCH_PROFILE === '1';
const WORKERS = PROFILE ? '1' : (process.env.BENCH_WORKERS ?? '2');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);

/** CPU time (user + system) of a process and its children (a cluster's workers), in ms. */
function cpuMs(pid: number): number {
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
  return [pid, ...children].reduce((sum, p) => sum + processCpuMs(p), 0);
}

const profileFile = (name: string) =>
  join(ROOT, 'bench', 'results', `alternate-${name}.cpuprofile`);

async function start(name: string, dir: string, dataDir: string) {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL,
      SEED_DEMO: '0',
      API_RATE_LIMIT: '0',
      WEB_CONCURRENCY: WORKERS,
      ...(PROFILE
        ? {
            NODE_OPTIONS: `--require ${join(ROOT, 'bench', 'cpu-profile-preload.cjs')}`,
            BENCH_PROFILE_FILE: profileFile(name),
          }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited:\n${output}`);
      return fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    },
    { timeoutMs: 180_000, intervalMs: 200, message: `${name} did not start`, detail: () => output },
  );
  return {
    name,
    url,
    pid: child.pid!,
    process: child,
    output: () => output,
    stop: () => child.kill('SIGTERM'),
  };
}

async function articlePaths(): Promise<string[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ category: string; slug: string }>(
      `select c.slug as category, a.slug from articles a join categories c on c.id = a.category_id
       where a.status = 'published' order by a.id limit 200`,
    );
    return rows.map((r) => `/${r.category}/${r.slug}`);
  } finally {
    await client.end();
  }
}

function load(url: string, paths: string[], seconds: number) {
  let n = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }],
    headers: { 'accept-encoding': 'gzip, br', ...SKIP_CACHE },
  });
}

const median = (values: number[]) => percentile(values, 0.5);

async function main() {
  if (!DATABASE_URL || !OTHER) throw new Error('set BENCH_DATABASE_URL and BENCH_OTHER');
  ensureBuild();
  const paths = await articlePaths();
  if (paths.length < 200) throw new Error('the database holds too few articles (bench/data.ts)');
  const dirs = [
    mkdtempSync(join(tmpdir(), 'patrika-alt-')),
    mkdtempSync(join(tmpdir(), 'patrika-alt-')),
  ];
  const servers = [await start('this', ROOT, dirs[0]!), await start('other', OTHER, dirs[1]!)];
  const rows: {
    round: number;
    server: string;
    rps: number;
    cpuMs: number;
    p50: number;
    load: number;
  }[] = [];
  /** Requests each server answered while it was profiled. */
  const profiled = new Map<string, number>();
  try {
    for (const s of servers) {
      await sequential(s.url, paths, 100, SKIP_CACHE);
      await load(s.url, paths, 3);
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const s of order) {
        const before = cpuMs(s.pid);
        const result = await load(s.url, paths, DURATION);
        const cpu = cpuMs(s.pid) - before;
        const errors = result.errors + result.non2xx + result.timeouts;
        if (errors > 0) throw new Error(`${s.name}: ${errors} errors`);
        const times = await sequential(s.url, paths, SEQUENTIAL, SKIP_CACHE);
        rows.push({
          round,
          server: s.name,
          rps: Math.round(result.requests.average),
          cpuMs: Number((cpu / result.requests.total).toFixed(2)),
          p50: percentile(times, 0.5),
          load: Number(loadavg()[0]!.toFixed(1)),
        });
      }
    }
    if (PROFILE) {
      mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
      for (const s of servers) {
        await toggleProfiler(s, 'started');
        const result = await load(s.url, paths, DURATION);
        await toggleProfiler(s, 'written');
        profiled.set(s.name, result.requests.total);
      }
    }
  } finally {
    for (const s of servers) s.stop();
    await new Promise((r) => setTimeout(r, 3000));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
  console.table(rows);
  console.table(
    servers.map(({ name }) => {
      const mine = rows.filter((r) => r.server === name);
      return {
        server: name,
        dir: name === 'this' ? ROOT : OTHER,
        'uncached articles/s (median)': median(mine.map((r) => r.rps)),
        'p50 ms at one connection (median)': median(mine.map((r) => r.p50)),
        'server CPU ms per request (median)': median(mine.map((r) => r.cpuMs)),
      };
    }),
  );
  if (PROFILE)
    console.table(
      Object.fromEntries(
        PARTS.map(([part]) => [
          part,
          Object.fromEntries(
            servers.map(({ name }) => [
              `${name}: ms per request`,
              partsOf(profileFile(name), profiled.get(name)!).get(part)!,
            ]),
          ),
        ]),
      ),
    );
}

type CallFrame = { functionName: string; url: string };
/** Parts of a render, each the time of samples with a matching frame anywhere on their stack. */
const PARTS: [string, (frame: CallFrame) => boolean][] = [
  ['all (busy samples)', () => true],
  ['React render (renderToString)', (f) => f.functionName === 'renderToStringImpl'],
  [
    '… ServerRouter: route tree made per page',
    (f) => f.functionName === 'createServerRoutes' || f.functionName === 'createStaticRouter',
  ],
  ['… <Meta> and <Links>', (f) => /^(Reading)?(Meta|Links)$/.test(f.functionName)],
  ['… header and footer', (f) => /^Public(Header|Footer)$/.test(f.functionName)],
  ['loader data as turbo-stream', (f) => f.functionName === 'encodeViaTurboStream'],
  [
    'settings read and validated',
    (f) => f.functionName === 'get' && f.url.endsWith('settings-service.ts'),
  ],
  ['drizzle', (f) => f.url.includes('/node_modules/drizzle-orm/')],
  ['node-postgres', (f) => /\/node_modules\/pg(-protocol)?\//.test(f.url)],
  ['compression', (f) => f.functionName === 'zlibBufferSync' || f.functionName === 'gzipAround'],
  ['socket writes (writev)', (f) => f.functionName === 'writev'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
];

function partsOf(file: string, requests: number): Map<string, number> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const totals = new Map(PARTS.map(([part]) => [part, 0]));
  profile.samples.forEach((id, i) => {
    const leaf = byId.get(id)!.callFrame.functionName;
    if (leaf === '(idle)' || leaf === '(program)') return;
    const us = profile.timeDeltas[i + 1] ?? 0;
    for (const [part, matches] of PARTS) {
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
        if (matches(byId.get(at)!.callFrame)) {
          totals.set(part, totals.get(part)! + us);
          break;
        }
    }
  });
  return new Map(
    [...totals].map(([part, us]) => [part, Number((us / 1000 / requests).toFixed(3))]),
  );
}

await main();
