/*
 * The shipped front cache against the physical limit (issue 23 item 6), part of `npm run bench`
 * ("front cache"): the built server on PostgreSQL, purging Debian's Varnish with
 * docs/deploy/varnish.vcl in front of it (CDN_PURGE=varnish), beside nginx serving the very bytes
 * Varnish serves as a precompressed static file (`gzip_static`).
 *
 * 1. Rate: one article page through Varnish (every answer a hit) and the same gzip bytes from
 *    nginx, each loaded by the same client for BENCH_DURATION seconds after BENCH_WARMUP. The
 *    client is wrk when installed (C; one thread, so the servers keep the other core), else
 *    autocannon, which tops out well below either server: its figures then compare the client.
 * 2. Save to visible through Varnish: readers keep asking Varnish for the 50 newest stories and
 *    home while an editor saves one of those stories a second (a new title); after each save's
 *    answer the page is asked for through Varnish until it shows the new title. Varnish hears of
 *    the change only by Patrika's purge.
 *
 * Settings besides run.ts's: BENCH_FRONT_SAVES (30).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { articlePath } from '../common/paths';
import { freePort, startServer } from '../tests/setup/spawn-server';
import { findVarnishd, startVarnish } from '../tests/setup/varnish';
import { signIn } from './election-night';
import { percentile } from './profile';

const SAVES = Number(process.env.BENCH_FRONT_SAVES ?? 30);
const STORIES = 50;
/** A save not served through Varnish by then is counted as not seen. */
const VISIBLE_WITHIN_MS = 30_000;

interface Rate {
  client: string;
  requestsPerSecond: number;
  p50ms: number;
  p99ms: number;
  errors: number;
}

/** One answer's status, headers and raw (still compressed) bytes. */
function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      httpGet(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    },
  );
}

const hasWrk = () => spawnSync('sh', ['-c', 'command -v wrk']).status === 0;

/** wrk's "Latency Distribution" line for a percentile, in ms. */
function wrkMs(out: string, pct: string): number {
  const m = new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

/** CONNECTIONS clients asking `url` for `seconds`, as browsers do (gzip, br). */
async function rate(url: string, connections: number, seconds: number): Promise<Rate> {
  if (hasWrk()) {
    const run = spawnSync(
      'wrk',
      [
        '-t1',
        `-c${connections}`,
        `-d${seconds}s`,
        '--latency',
        '-H',
        'accept-encoding: gzip, br',
        url,
      ],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
    const out = run.stdout;
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    const errors = non2xx + (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0);
    return {
      client: 'wrk, 1 thread',
      requestsPerSecond: Math.round(rps),
      p50ms: wrkMs(out, '50'),
      p99ms: wrkMs(out, '99'),
      errors,
    };
  }
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, br' },
  });
  return {
    client: 'autocannon (wrk is not installed)',
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** nginx serving `html` and its gzip `gz` as one precompressed static file (also run.ts's static target). */
export async function nginxServing(html: Buffer, gz: Buffer) {
  const version = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
  if (version.status !== 0) return undefined;
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'patrika-bench-nginx-'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'index.html.gz'), gz);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  default_type text/html;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location / { try_files /index.html =404; }
  }
}
`,
  );
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await raw(url, {})).status === 200) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    version: (version.stderr || version.stdout).trim().replace(/^nginx version: /, ''),
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function newestStories(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: string;
      slug: string;
      category: string | null;
      category_id: string;
    }>(
      `SELECT a.id, a.slug, c.slug AS category, a.category_id FROM articles a
       LEFT JOIN categories c ON c.id = a.category_id
       WHERE a.status = 'published' AND a.published_at <= now()
       ORDER BY a.published_at DESC, a.id LIMIT ${STORIES}`,
    );
    return rows.map((r) => ({
      id: r.id,
      categoryId: r.category_id,
      path: articlePath({ slug: r.slug, categorySlug: r.category }),
    }));
  } finally {
    await client.end();
  }
}

export type FrontCacheResult = Awaited<ReturnType<typeof frontCacheScenario>>;

/** Runs both parts against a database already filled by `generate` (bench/data.ts). */
export async function frontCacheScenario(opts: {
  databaseUrl: string;
  dataDir: string;
  connections: number;
  seconds: number;
  warmup: number;
  log: (line: string) => void;
}) {
  if (!findVarnishd()) {
    opts.log(
      'front cache: skipped, varnishd is not installed (apt-get install varnish varnish-modules)',
    );
    return undefined;
  }
  const stories = await newestStories(opts.databaseUrl);
  const port = await freePort();
  const varnishPort = await freePort();
  const server = await startServer(
    {
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl,
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '2',
      SEED_DEMO: '0',
      API_RATE_LIMIT: '0',
      TRUST_PROXY: 'loopback',
      CDN_PURGE: 'varnish',
      CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}/`,
      PUBLIC_URL: `http://127.0.0.1:${varnishPort}`,
      PORT: String(port),
    },
    { timeoutMs: 180_000 },
  );
  const varnish = await startVarnish({ backendPort: port, port: varnishPort });
  try {
    // 1. The same bytes from Varnish's memory and from nginx's disk.
    const top = `${varnish.url}${stories[0]!.path}`;
    let first = await raw(top, { 'accept-encoding': 'gzip' });
    for (let i = 0; i < 50 && (first.headers['x-varnish'] as string)?.split(' ').length !== 2; i++)
      first = await raw(top, { 'accept-encoding': 'gzip' });
    if (first.status !== 200 || first.headers['content-encoding'] !== 'gzip')
      throw new Error(
        `Varnish answered ${first.status} ${String(first.headers['content-encoding'])}`,
      );
    const gz = first.body;
    const html = gunzipSync(gz);
    const nginx = await nginxServing(html, gz);
    let nginxRate: Rate | undefined;
    let varnishRate: Rate;
    try {
      if (nginx) {
        const check = await raw(nginx.url, { 'accept-encoding': 'gzip' });
        if (!check.body.equals(gz)) throw new Error('nginx did not serve the same gzip bytes');
      }
      opts.log(`front cache: ${gz.length} gzip bytes (${html.length} HTML) from Varnish and nginx`);
      if (opts.warmup > 0) await rate(top, opts.connections, opts.warmup);
      varnishRate = await rate(top, opts.connections, opts.seconds);
      if (nginx) {
        if (opts.warmup > 0) await rate(nginx.url, opts.connections, opts.warmup);
        nginxRate = await rate(nginx.url, opts.connections, opts.seconds);
      }
    } finally {
      nginx?.stop();
    }
    const hitsBefore = varnish.stats();

    // 2. Save to visible through Varnish, readers reading beside the editor.
    const token = await signIn(port);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const paths = ['/', ...stories.map((s) => s.path)];
    let n = 0;
    const readers = autocannon({
      url: varnish.url,
      connections: opts.connections,
      duration: Math.ceil(SAVES * 1.2 + 10),
      requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }],
      headers: { 'accept-encoding': 'gzip, br' },
    });
    const visibleMs: number[] = [];
    let unseen = 0;
    const runId = Date.now().toString(36);
    for (let i = 0; i < SAVES; i++) {
      const startedAt = performance.now();
      const story = stories[i % stories.length]!;
      const current = (await (
        await fetch(`http://127.0.0.1:${port}/api/articles/article/${story.id}`, { headers: auth })
      ).json()) as { name: string; description: string; imageUrl: string };
      const mark = `f${runId}n${i}z`;
      const name = `${current.name.replace(/ f[0-9a-z]+n\d+z$/, '').slice(0, 150)} ${mark}`;
      const saved = await fetch(`http://127.0.0.1:${port}/api/articles/${story.id}`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({
          name,
          description: current.description,
          imageUrl: current.imageUrl,
          category: story.categoryId,
        }),
      });
      await saved.arrayBuffer();
      if (saved.status !== 200) throw new Error(`the save answered ${saved.status}`);
      const answered = performance.now();
      let seen = false;
      while (performance.now() - answered < VISIBLE_WITHIN_MS) {
        const page = await fetch(`${varnish.url}${story.path}`, {
          headers: { 'accept-encoding': 'gzip' },
        });
        if ((await page.text()).includes(mark)) {
          seen = true;
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      if (seen) visibleMs.push(performance.now() - answered);
      else unseen++;
      const rest = 1000 - (performance.now() - startedAt);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
    const read = await readers;
    const after = varnish.stats();
    const hits = (after['MAIN.cache_hit'] ?? 0) - (hitsBefore['MAIN.cache_hit'] ?? 0);
    const misses = (after['MAIN.cache_miss'] ?? 0) - (hitsBefore['MAIN.cache_miss'] ?? 0);
    const graced = (after['MAIN.cache_hit_grace'] ?? 0) - (hitsBefore['MAIN.cache_hit_grace'] ?? 0);
    const sorted = [...visibleMs].sort((a, b) => a - b);
    const round1 = (x: number) => Math.round(x * 10) / 10;
    return {
      varnish: varnishRate,
      nginx: nginxRate ? { ...nginxRate, version: nginx!.version } : undefined,
      varnishOverNginx: nginxRate
        ? Number((varnishRate.requestsPerSecond / nginxRate.requestsPerSecond).toFixed(2))
        : undefined,
      gzipBytes: gz.length,
      saves: SAVES,
      visible: {
        p50ms: round1(percentile(sorted, 0.5)),
        maxMs: round1(sorted.at(-1) ?? NaN),
        seen: visibleMs.length,
        unseen,
      },
      readers: {
        answers: read.requests.total,
        requestsPerSecond: Math.round(read.requests.average),
        p50ms: read.latency.p50,
        p99ms: read.latency.p99,
        errors: read.errors + read.timeouts + read.non2xx,
        varnishHitShare:
          hits + misses > 0 ? Number((hits / (hits + misses)).toFixed(3)) : undefined,
        graceHits: graced,
      },
    };
  } finally {
    await varnish.stop();
    await server.stop('SIGTERM');
  }
}

export function frontCacheTable(f: NonNullable<FrontCacheResult>): string {
  const rows: [string, string][] = [
    [
      `article through Varnish (${f.varnish.client}), req/s · p50 / p99 ms`,
      `${f.varnish.requestsPerSecond.toLocaleString('en')} · ${f.varnish.p50ms} / ${f.varnish.p99ms}`,
    ],
    [
      `same ${f.gzipBytes.toLocaleString('en')} gzip bytes from nginx ${f.nginx?.version ?? '(not installed)'} gzip_static`,
      f.nginx
        ? `${f.nginx.requestsPerSecond.toLocaleString('en')} · ${f.nginx.p50ms} / ${f.nginx.p99ms}`
        : '—',
    ],
    [
      'Varnish ÷ nginx (goal ≥ 0.8)',
      f.varnishOverNginx === undefined ? '—' : String(f.varnishOverNginx),
    ],
    [
      `save answered → new title through Varnish, p50 / max ms (${f.saves} saves, one a second)`,
      `${f.visible.p50ms} / ${f.visible.maxMs} (${f.visible.seen} seen, ${f.visible.unseen} not within 30 s)`,
    ],
    [
      'readers through Varnish meanwhile: req/s · p50 / p99 ms · Varnish hits',
      `${f.readers.requestsPerSecond.toLocaleString('en')} · ${f.readers.p50ms} / ${f.readers.p99ms} · ${f.readers.varnishHitShare === undefined ? '—' : `${(f.readers.varnishHitShare * 100).toFixed(1)} %`}`,
    ],
  ];
  return [
    '| front cache | figure |',
    '| --- | --- |',
    ...rows.map(([a, b]) => `| ${a} | ${b} |`),
  ].join('\n');
}
