/*
 * The election-night scenario of `npm run bench` (issue 23 item 7; docs/decisions/029): the
 * built server on PostgreSQL with WEB_CONCURRENCY worker processes, anonymous readers, and an
 * editor saving while they read. Each round runs the readers twice (the same connections and
 * law, draws of their own), first alone, then beside the editor, and the two are printed side
 * by side (docs/perf/election-night.md has the method and the numbers).
 *
 * - Readers: BENCH_CONNECTIONS keep-alive connections, each asking for one page after another as
 *   fast as it is answered. Each page is drawn by a Zipf law over every published article's
 *   page, home and the categories' first and second pages, its exponent chosen so the first rank
 *   (the top story) takes a third of the requests. Ranks: the top story (the newest article),
 *   home, then the other 49 newest articles with a category's first page after every fifth, the
 *   categories' second pages, then every other article in a seeded shuffle. After each page
 *   the reader sends the page's analytics beacon on the same connection, as the page's script
 *   does (POST /api/analytics/event, a `view` naming the article on an article's page), from an
 *   address of its own (X-Forwarded-For, believed from loopback): views are counted, not
 *   refused as one address's repeats.
 * - The editor (signed in through the API) saves one of the 50 newest articles a second, in
 *   turn (a new title and body; the address stays), and publishes a new article every 30 s,
 *   the first 15 s in.
 * - Save to visible: each worker has one keep-alive connection of the bench's own, pinned to it
 *   (a connection stays with the worker that accepted it; which worker that is comes from the
 *   kernel: the server side of the socket in /proc/net/tcp, and which worker holds it in
 *   /proc/<pid>/fd). After each save's answer, the saved article's page is asked for through
 *   every worker's connection until it shows the new title: the time from the save's answer to
 *   the first answer with the new text, in each process, to within a tenth of itself (at least
 *   POLL_MS) and one request. The worker that answered the save is found the same way, so the
 *   time is given for it and for the others (which hear of the change by NOTIFY). Those
 *   connections also read each worker's /metrics.
 *
 * Printed per run: anonymous pages a second and their p50/p99 (page answers only, not views),
 * answers by `x-page-cache` as the readers got them, renders a second (miss + refresh from every
 * worker's /metrics: every render, the readers', the pollers' and the refreshes off the
 * readers' path), views a second, save to visible (p50 and max over saves of the slowest
 * process), each worker's CPU and event-loop delay, and the server time of the routes that
 * took the most.
 *
 * Before the runs, each worker is asked once for the first 1,000 ranks (as many answers as a
 * process keeps), least read first, and the readers then read alone for BENCH_ELECTION_WARMUP
 * seconds: the numbers are of a site that has been up, not of its cold start.
 *
 * Settings (environment) besides run.ts's: WEB_CONCURRENCY (2), BENCH_ELECTION_SECONDS per run
 * (60), BENCH_ELECTION_WARMUP (20), BENCH_ELECTION_ROUNDS (1: rounds alternate readers alone and
 * with the editor, so a machine whose speed wanders weighs on both alike).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { articlePath, categoryPath } from '../common/paths';
import { ARTICLE_NAME_MAX } from '../common/schemas/articles';
import { startServer, freePort } from '../tests/setup/spawn-server';
import { beaconServer } from './beacon-cost';
import { startFloor } from './beacon-floor';
import { beaconLoad, randomAddress, sendBeacons, type BeaconResult } from './beacons';
import { percentile, postgresCpuMs, processCpuMs } from './profile';
import { seeded } from './data';
import { adPositions, FEATURES, featuresOn, resultsComing, shownAds } from './election-features';

const WORKERS = Number(process.env.WEB_CONCURRENCY ?? 2);
const SECONDS = Number(process.env.BENCH_ELECTION_SECONDS ?? 60);
const WARMUP = Number(process.env.BENCH_ELECTION_WARMUP ?? 20);
const ROUNDS = Number(process.env.BENCH_ELECTION_ROUNDS ?? 1);
/**
 * BENCH_BEACONS_APART=1: Patrika's beacons go to a Patrika process of their own (one more
 * server, one process, on the same database, started before the runs so every run has it
 * beside), not to the readers' workers: what the readers lose when the beacons are answered off
 * their event loops, as a proxy sending the two beacon paths elsewhere would have it.
 */
const BEACONS_APART = process.env.BENCH_BEACONS_APART === '1';
/** The stories the editor keeps saving: the newest. */
const STORIES = 50;
const SAVE_EVERY_MS = 1_000;
const PUBLISH_EVERY_MS = 30_000;
const FIRST_PUBLISH_MS = 15_000;
/** Share of requests the first rank (the top story) takes. */
const TOP_SHARE = 1 / 3;
/** The shortest pause between two looks at one page in one worker (longer as the wait grows). */
const POLL_MS = 10;
/** Pages kept in each worker before the warm-up: as many as a process keeps (lib/page-store.ts). */
const PREFILL = 1000;
/** A save not visible in every process by then is counted as not seen. */
const VISIBLE_WITHIN_MS = 30_000;
const CACHE_KINDS = ['hit', 'stale', 'coalesced', 'miss'] as const;

/** The database the scenario fills when BENCH_DATABASE_URL is not given. */
export const ELECTION_DATABASE = 'patrika_bench_election';
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432';

/** BENCH_DATABASE_URL, or a database of the bench's own on the local PostgreSQL (made if absent). */
export async function electionDatabaseUrl(given: string | undefined): Promise<string> {
  if (given) return given;
  const admin = new pg.Client({ connectionString: `${LOCAL_POSTGRES}/postgres` });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      ELECTION_DATABASE,
    ]);
    if (rows.length === 0) await admin.query(`CREATE DATABASE ${ELECTION_DATABASE}`);
  } finally {
    await admin.end();
  }
  return `${LOCAL_POSTGRES}/${ELECTION_DATABASE}`;
}

// ---------------------------------------------------------------- the pages readers ask for

export interface Page {
  path: string;
  /** The article's id, for its view; absent for home and category pages. */
  articleId?: string;
}
interface Story {
  id: string;
  path: string;
  categoryId: string;
}

async function pagesOf(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const articles = await client.query<{
      id: string;
      slug: string;
      category: string | null;
      category_id: string | null;
    }>(`SELECT a.id, a.slug, c.slug AS category, a.category_id FROM articles a
        LEFT JOIN categories c ON c.id = a.category_id
        WHERE a.status = 'published' AND a.published_at <= now()
        ORDER BY a.published_at DESC, a.id`);
    const categories = await client.query<{ slug: string }>(
      'SELECT slug FROM categories ORDER BY slug',
    );
    const all = articles.rows.map((a) => ({
      id: a.id,
      categoryId: a.category_id ?? '',
      path: articlePath({ slug: a.slug, categorySlug: a.category }),
    }));
    const stories: Story[] = all.slice(0, STORIES);
    const firsts = categories.rows.map((c) => categoryPath(c.slug));
    const ranked: Page[] = [{ path: stories[0]!.path, articleId: stories[0]!.id }, { path: '/' }];
    let next = 0;
    stories.slice(1).forEach((s, i) => {
      ranked.push({ path: s.path, articleId: s.id });
      if (i % 5 === 4 && next < firsts.length) ranked.push({ path: firsts[next++]! });
    });
    for (const c of firsts.slice(next)) ranked.push({ path: c });
    for (const c of firsts) ranked.push({ path: `${c}?page=2` });
    const rest = all.slice(STORIES);
    const random = seeded(23);
    for (let i = rest.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [rest[i], rest[j]] = [rest[j]!, rest[i]!];
    }
    for (const a of rest) ranked.push({ path: a.path, articleId: a.id });
    return { ranked, stories };
  } finally {
    await client.end();
  }
}

/** The Zipf exponent s over n ranks that gives the first rank `share` of the draws. */
export function zipfExponent(n: number, share: number): number {
  const firstShare = (s: number) => {
    let sum = 0;
    for (let r = 1; r <= n; r++) sum += r ** -s;
    return 1 / sum;
  };
  let lo = 0.1;
  let hi = 5;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (firstShare(mid) < share) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Draws ranks 0…n-1 by a Zipf law of exponent s. */
export function zipfSampler(n: number, s: number, random: () => number) {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) cumulative[r] = sum += (r + 1) ** -s;
  return () => {
    const target = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

// ---------------------------------------------------------------- HTTP

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  ms: number;
  localPort: number;
}

export function send(
  port: number,
  agent: Agent,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
            : method === 'GET'
              ? {}
              : { 'content-length': '0' }),
          ...headers,
        },
      },
      (res) => {
        // The socket goes back to the agent at the end of the answer: read its port now.
        const localPort = res.socket?.localPort ?? 0;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
            localPort,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const text = (a: Answer) =>
  (a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body).toString('utf8');

// ---------------------------------------------------------------- which worker a connection reached

/** The worker processes of a cluster's primary. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * The process that holds the server's end of the loopback connection from `clientPort` to
 * `serverPort`: the socket's inode from /proc/net/tcp, then the process with that socket open.
 */
export function holderOf(
  serverPort: number,
  clientPort: number,
  pids: number[],
): number | undefined {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const inode = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(`:${hex(serverPort)}`) && f[2]?.endsWith(`:${hex(clientPort)}`))
    ?.at(9);
  if (!inode || inode === '0') return undefined;
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
        } catch {
          // closed meanwhile
        }
      }
    } catch {
      // not ours to read, or gone
    }
  }
  return undefined;
}

/** A keep-alive connection that stays with one worker. */
export interface Pinned {
  pid: number;
  agent: Agent;
  localPort: number;
  get(path: string, headers?: Record<string, string>): Promise<Answer>;
}

/** One connection per worker: new connections until every worker holds one (round robin). */
export async function pinWorkers(port: number, primary: number, count: number): Promise<Pinned[]> {
  const deadline = Date.now() + 60_000;
  let pids = childrenOf(primary);
  while (pids.length < count) {
    if (Date.now() > deadline) throw new Error(`only ${pids.length} of ${count} workers started`);
    await sleep(200);
    pids = childrenOf(primary);
  }
  const pinned = new Map<number, Pinned>();
  while (pinned.size < pids.length) {
    if (Date.now() > deadline) throw new Error('could not reach every worker');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await send(port, agent, 'GET', '/api/health');
    const pid = holderOf(port, first.localPort, pids);
    if (pid === undefined || pinned.has(pid)) {
      agent.destroy();
      continue;
    }
    const self: Pinned = {
      pid,
      agent,
      localPort: first.localPort,
      async get(path, headers = {}) {
        const answer = await send(port, agent, 'GET', path, headers);
        if (answer.localPort !== self.localPort) {
          // The connection was closed and another made: it counts only if it reached the same worker.
          const now = holderOf(port, answer.localPort, pids);
          if (now !== pid) throw new Error(`the connection pinned to worker ${pid} moved`);
          self.localPort = answer.localPort;
        }
        return answer;
      },
    };
    pinned.set(pid, self);
  }
  return [...pinned.values()];
}

// ---------------------------------------------------------------- /metrics of each worker

type Series = Map<string, number>;

function parseMetrics(body: string): Series {
  const series: Series = new Map();
  for (const line of body.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

const sumOf = (s: Series, prefix: string) => {
  let total = 0;
  for (const [key, value] of s) if (key.startsWith(prefix)) total += value;
  return total;
};

/** CPU time (user + system) of a process in seconds, from /proc. */
const cpuSeconds = (pid: number) => processCpuMs(pid) / 1000;

interface Snapshot {
  at: number;
  metrics: Series[];
  cpu: number[];
  benchCpu: number;
  /** Every PostgreSQL process's CPU so far, seconds. */
  databaseCpu: number;
}

export async function snapshot(workers: Pinned[], primary: number): Promise<Snapshot> {
  const metrics = await Promise.all(
    workers.map(async (w) => parseMetrics((await w.get('/metrics')).body.toString('utf8'))),
  );
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    metrics,
    cpu: [primary, ...workers.map((w) => w.pid)].map(cpuSeconds),
    benchCpu: (own.user + own.system) / 1e6,
    databaseCpu: postgresCpuMs() / 1000,
  };
}

/** What the workers did between two snapshots, summed over workers unless said. */
export function between(a: Snapshot, b: Snapshot) {
  const seconds = (b.at - a.at) / 1000;
  const delta = (prefix: string) =>
    b.metrics.reduce((n, m, i) => n + sumOf(m, prefix) - sumOf(a.metrics[i]!, prefix), 0);
  const cache = (result: string) => delta(`patrika_page_cache_requests_total{result="${result}"}`);
  // Server time by route: the seconds each took, summed over workers.
  const routes = new Map<string, { seconds: number; count: number }>();
  for (const [i, m] of b.metrics.entries()) {
    for (const [key, value] of m) {
      const match =
        /^patrika_http_request_duration_seconds_(sum|count)\{method="(\w+)",route="([^"]*)"\}$/.exec(
          key,
        );
      if (!match) continue;
      const name = `${match[2]} ${match[3]}`;
      const entry = routes.get(name) ?? { seconds: 0, count: 0 };
      const diff = value - (a.metrics[i]!.get(key) ?? 0);
      if (match[1] === 'sum') entry.seconds += diff;
      else entry.count += diff;
      routes.set(name, entry);
    }
  }
  return {
    seconds,
    rendersPerSecond: round((cache('miss') + cache('refresh')) / seconds, 1),
    refreshes: cache('refresh'),
    misses: cache('miss'),
    coalesced: cache('coalesced'),
    workers: b.metrics.map((m, i) => ({
      cpuPercent: Math.round(((b.cpu[i + 1]! - a.cpu[i + 1]!) / seconds) * 100),
      eventLoopP99ms: round((m.get('nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000, 1),
      eventLoopMaxMs: round((m.get('nodejs_eventloop_lag_max_seconds') ?? 0) * 1000, 1),
    })),
    primaryCpuPercent: Math.round(((b.cpu[0]! - a.cpu[0]!) / seconds) * 100),
    benchCpuPercent: Math.round(((b.benchCpu - a.benchCpu) / seconds) * 100),
    databaseCpuPercent: Math.round(((b.databaseCpu - a.databaseCpu) / seconds) * 100),
    routes: [...routes]
      .map(([route, r]) => ({
        route,
        requests: r.count,
        serverSeconds: round(r.seconds, 1),
        meanMs: r.count > 0 ? round((r.seconds / r.count) * 1000, 2) : 0,
      }))
      .filter((r) => r.requests > 0)
      .sort((x, y) => y.serverSeconds - x.serverSeconds)
      .slice(0, 6),
  };
}

// ---------------------------------------------------------------- readers

/** Appends `more` to `list` without passing it as arguments (no size limit). */
function append<T>(list: T[], more: readonly T[]) {
  for (const item of more) list.push(item);
}

export class ReaderTally {
  pages: number[] = [];
  byKind = new Map<string, number[]>();
  topStory = 0;
  errors = 0;
  views = 0;
  viewsCounted = 0;
  viewTimes: number[] = [];
  /** The page script's ad calls (election-features.ts): slots asked for, impressions sent. */
  adCalls = 0;
  adTimes: number[] = [];
  seconds = 0;

  add(other: ReaderTally) {
    // Appended one by one: spread into push(), a fast run's hundreds of thousands of times
    // overflow the call stack (arguments are passed on it).
    append(this.pages, other.pages);
    for (const [k, v] of other.byKind)
      append(this.byKind.get(k) ?? this.byKind.set(k, []).get(k)!, v);
    this.topStory += other.topStory;
    this.errors += other.errors;
    this.views += other.views;
    this.viewsCounted += other.viewsCounted;
    append(this.viewTimes, other.viewTimes);
    this.adCalls += other.adCalls;
    append(this.adTimes, other.adTimes);
    this.seconds += other.seconds;
  }
}

export interface Readers {
  port: number;
  /** One keep-alive connection per reader, spread evenly over the workers (openReaders). */
  agents: Agent[];
  ranked: Page[];
  exponent: number;
}

/**
 * `n` reader connections, as many on each worker as can be (new connections go to the workers
 * in turn, but the bench's other connections would tilt them): answers them and how many each
 * worker holds.
 */
export async function openReaders(port: number, pids: number[], n: number) {
  const share = Math.ceil(n / pids.length);
  const held = new Map<number, number>();
  const agents: Agent[] = [];
  const deadline = Date.now() + 30_000;
  while (agents.length < n) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await send(port, agent, 'GET', '/api/health');
    const pid = holderOf(port, first.localPort, pids) ?? 0;
    if ((held.get(pid) ?? 0) >= share && Date.now() < deadline) {
      agent.destroy();
      continue;
    }
    held.set(pid, (held.get(pid) ?? 0) + 1);
    agents.push(agent);
  }
  return { agents, perWorker: Object.fromEntries(held) };
}

/**
 * Readers of a site that has been up find its popular pages kept: each worker is asked for the
 * first `count` ranks once, least read first (so the most read are the freshest in its store).
 */
export async function prefill(workers: Pinned[], ranked: Page[], count: number) {
  await Promise.all(
    workers.map(async (w) => {
      for (let i = Math.min(count, ranked.length) - 1; i >= 0; i--)
        await w.get(ranked[i]!.path, { 'accept-encoding': 'gzip, br' });
    }),
  );
}

/**
 * The readers for `seconds`, their draws seeded by `seed`. Each run has a seed of its own: with
 * the same draws, the second run of a round would find kept the very pages of the Zipf tail
 * that the first one had to render.
 */
export async function read(r: Readers, seconds: number, seed: number): Promise<ReaderTally> {
  const tally = new ReaderTally();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    r.agents.map(async (agent, c) => {
      const random = seeded(seed * 1000 + c);
      const draw = zipfSampler(r.ranked.length, r.exponent, random);
      while (performance.now() < until) {
        const rank = draw();
        const page = r.ranked[rank]!;
        try {
          const answer = await send(r.port, agent, 'GET', page.path, {
            'accept-encoding': 'gzip, br',
          });
          if (answer.status !== 200) {
            tally.errors++;
            continue;
          }
          tally.pages.push(answer.ms);
          if (rank === 0) tally.topStory++;
          const kind = String(answer.headers['x-page-cache'] ?? 'none');
          const times = tally.byKind.get(kind) ?? [];
          times.push(answer.ms);
          tally.byKind.set(kind, times);
          // The page's own beacon (app/reader/beacon.ts): a view of every page, text/plain JSON
          // as navigator.sendBeacon sends it, naming the article on an article's page. Not from
          // the seeded draws: a repeat of an earlier run's address would not count.
          const address = randomAddress();
          const view = await send(
            r.port,
            agent,
            'POST',
            '/api/analytics/event',
            {
              'x-forwarded-for': address,
              'content-type': 'text/plain;charset=UTF-8',
              'sec-fetch-site': 'same-origin',
            },
            { type: 'view', path: page.path, articleId: page.articleId, referrer: '' },
          );
          tally.views++;
          tally.viewTimes.push(view.ms);
          if (view.status === 204) tally.viewsCounted++;
          if (FEATURES) await pageAds(r.port, agent, page.path, answer, tally, address);
        } catch {
          tally.errors++;
        }
      }
    }),
  );
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

/**
 * What a page's script asks after load when it shows ads: its slots, then their impressions,
 * from the reader's own address (the beacon's: one address for every reader would meet the
 * impressions' limit of 600 a minute and wait on one counter row).
 */
async function pageAds(
  port: number,
  agent: Agent,
  path: string,
  page: Answer,
  tally: ReaderTally,
  address: string,
) {
  const encoding = page.headers['content-encoding'];
  const positions = adPositions(
    path,
    page.body,
    typeof encoding === 'string' ? encoding : undefined,
  );
  if (positions.length === 0) return;
  const slots = await send(port, agent, 'GET', `/api/ads/slots?positions=${positions.join(',')}`);
  tally.adCalls++;
  tally.adTimes.push(slots.ms);
  if (slots.status !== 200) return void tally.errors++;
  const ids = shownAds(slots.body);
  if (ids.length === 0) return;
  const shown = await send(
    port,
    agent,
    'POST',
    '/api/ads/impressions',
    { 'x-forwarded-for': address, 'content-type': 'text/plain;charset=UTF-8' },
    { ids },
  );
  tally.adCalls++;
  tally.adTimes.push(shown.ms);
  if (shown.status >= 300) tally.errors++;
}

// ---------------------------------------------------------------- the editor and save-to-visible

interface Pending {
  path: string;
  token: string;
  answeredAt: number;
  /** The worker that answered the save (it applies its own change at once). */
  saver: number | undefined;
  seen: Map<number, number>;
}

export class Visibility {
  private pending = new Set<Pending>();
  /** Per save: ms from its answer to its text in each worker (undefined: not within the limit). */
  readonly done: { saver: number | undefined; perWorker: Map<number, number | undefined> }[] = [];
  private stopped = false;

  constructor(private readonly workers: Pinned[]) {}

  expect(path: string, token: string, answeredAt: number, saver: number | undefined) {
    this.pending.add({ path, token, answeredAt, saver, seen: new Map() });
  }

  private finish(p: Pending) {
    this.pending.delete(p);
    this.done.push({
      saver: p.saver,
      perWorker: new Map(this.workers.map((w) => [w.pid, p.seen.get(w.pid)])),
    });
  }

  /** Polls through each worker's own connection until every pending save is seen (or too old). */
  run() {
    return Promise.all(
      this.workers.map(async (w) => {
        while (!this.stopped || this.pending.size > 0) {
          for (const p of [...this.pending]) {
            if (p.seen.has(w.pid)) continue;
            const answer = await w.get(p.path, { 'accept-encoding': 'gzip' });
            const now = performance.now();
            if (answer.status === 200 && text(answer).includes(p.token))
              p.seen.set(w.pid, now - p.answeredAt);
            if (p.seen.size === this.workers.length) this.finish(p);
            else if (now - p.answeredAt > VISIBLE_WITHIN_MS && this.pending.has(p)) this.finish(p);
          }
          const oldest = Math.min(...[...this.pending].map((p) => p.answeredAt));
          await sleep(Math.min(100, Math.max(POLL_MS, (performance.now() - oldest) / 10)));
        }
      }),
    );
  }

  stop() {
    this.stopped = true;
  }
}

interface Editor {
  port: number;
  /** The workers' process ids, to tell which one answered a save. */
  pids: number[];
  token: string;
  stories: (Story & { name: string; description: string; imageUrl: string })[];
  runId: string;
}

/** A previous run's mark at the end of a title, taken off before this run adds its own. */
const MARK = / e[0-9a-z]+n\d+z$/;
const UPDATE_LINE = /^<p>Update e[0-9a-z]+n\d+z[^<]*<\/p>\n?/;

async function edit(e: Editor, seconds: number, visibility: Visibility, round: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  const auth = { authorization: `Bearer ${e.token}` };
  const saves: { ms: number; status: number; lateMs: number }[] = [];
  const publications: { ms: number; status: number }[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const publishing = (async () => {
    for (let j = 0; ; j++) {
      const at = started + FIRST_PUBLISH_MS + j * PUBLISH_EVERY_MS;
      if (at >= end) return;
      await sleep(at - performance.now());
      const story = e.stories[j % e.stories.length]!;
      const answer = await send(e.port, agent, 'POST', '/api/articles/article', auth, {
        name: `Election night ${e.runId} round ${round} new ${j + 1}`,
        description: `<p>Results from the counting centres, update ${j + 1} of round ${round}.</p>`,
        imageUrl: story.imageUrl,
        category: story.categoryId,
        status: 'published',
        language: j % 2 === 0 ? 'en' : 'hi',
      });
      publications.push({ ms: round1(answer.ms), status: answer.status });
    }
  })();
  for (let k = 0; ; k++) {
    const at = started + k * SAVE_EVERY_MS;
    if (at >= end) break;
    await sleep(at - performance.now());
    const story = e.stories[k % e.stories.length]!;
    const token = `e${e.runId}n${round * 100_000 + k}z`;
    const lateMs = performance.now() - at;
    const answer = await send(e.port, agent, 'PUT', `/api/articles/${story.id}`, auth, {
      name: `${story.name.slice(0, ARTICLE_NAME_MAX - token.length - 1)} ${token}`,
      description: `<p>Update ${token}: counting goes on.</p>\n${story.description}`,
      imageUrl: story.imageUrl,
      category: story.categoryId,
    });
    saves.push({ ms: round1(answer.ms), status: answer.status, lateMs: round1(lateMs) });
    const answeredAt = performance.now();
    if (answer.status === 200)
      visibility.expect(story.path, token, answeredAt, holderOf(e.port, answer.localPort, e.pids));
  }
  await publishing;
  agent.destroy();
  return { saves, publications };
}

/** Signs the editor in through the API (signing up first on a fresh database, the first account being the administrator). */
export async function signIn(port: number): Promise<string> {
  const agent = new Agent({ keepAlive: false });
  const account = {
    name: 'Election desk',
    email: 'election-desk@bench.invalid',
    password: 'election-night-bench-password',
  };
  const signIn = await send(
    port,
    agent,
    'POST',
    '/api/users/signin',
    {},
    {
      email: account.email,
      password: account.password,
    },
  );
  const answer =
    signIn.status === 200
      ? signIn
      : await send(port, agent, 'POST', '/api/users/signup', {}, account);
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`the editor could not sign in: ${answer.status} ${answer.body.toString()}`);
  const info = JSON.parse(answer.body.toString()) as { token: string; role: string };
  if (info.role !== 'administrator' && info.role !== 'editor')
    throw new Error(
      `the bench's editor account is a ${info.role}: empty the database (leave out BENCH_REUSE) so it is made first`,
    );
  return info.token;
}

async function loadStories(port: number, token: string, stories: Story[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const loaded = [];
  for (const s of stories) {
    const answer = await send(port, agent, 'GET', `/api/articles/article/${s.id}`, {
      authorization: `Bearer ${token}`,
    });
    const a = JSON.parse(answer.body.toString()) as {
      name: string;
      description: string;
      imageUrl: string;
    };
    let description = a.description;
    while (UPDATE_LINE.test(description)) description = description.replace(UPDATE_LINE, '');
    loaded.push({ ...s, name: a.name.replace(MARK, ''), description, imageUrl: a.imageUrl });
  }
  agent.destroy();
  return loaded;
}

// ---------------------------------------------------------------- the scenario

const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const round1 = (n: number) => round(n, 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export function summary(t: ReaderTally, m: ReturnType<typeof between>) {
  const pages = [...t.pages].sort((a, b) => a - b);
  const count = (k: string) => t.byKind.get(k)?.length ?? 0;
  const answers = pages.length;
  const kinds = Object.fromEntries(
    [...t.byKind].map(([k, v]) => {
      const s = [...v].sort((a, b) => a - b);
      return [
        k,
        {
          answers: v.length,
          percent: round((v.length / Math.max(1, answers)) * 100, 1),
          p50ms: round(percentile(s, 0.5), 2),
          p99ms: round(percentile(s, 0.99), 2),
        },
      ];
    }),
  );
  const views = [...t.viewTimes].sort((a, b) => a - b);
  return {
    seconds: round1(t.seconds),
    pagesPerSecond: round(answers / t.seconds),
    p50ms: round(percentile(pages, 0.5), 2),
    p99ms: round(percentile(pages, 0.99), 2),
    fromCachePercent: round(((count('hit') + count('stale')) / Math.max(1, answers)) * 100, 1),
    topStoryPercent: round((t.topStory / Math.max(1, answers)) * 100, 1),
    kinds,
    errors: t.errors,
    viewsPerSecond: round(t.views / t.seconds),
    viewsCountedPercent: round((t.viewsCounted / Math.max(1, t.views)) * 100, 1),
    viewP50ms: round(percentile(views, 0.5), 2),
    viewP99ms: round(percentile(views, 0.99), 2),
    adCallsPerSecond: round(t.adCalls / t.seconds),
    adP50ms: round(
      percentile(
        [...t.adTimes].sort((a, b) => a - b),
        0.5,
      ),
      2,
    ),
    server: m,
  };
}

function mergeServer(a: ReturnType<typeof between> | undefined, b: ReturnType<typeof between>) {
  if (!a) return b;
  const seconds = a.seconds + b.seconds;
  const weigh = (x: number, y: number) => round1((x * a.seconds + y * b.seconds) / seconds);
  return {
    ...b,
    seconds,
    rendersPerSecond: weigh(a.rendersPerSecond, b.rendersPerSecond),
    refreshes: a.refreshes + b.refreshes,
    misses: a.misses + b.misses,
    coalesced: a.coalesced + b.coalesced,
    primaryCpuPercent: Math.round(weigh(a.primaryCpuPercent, b.primaryCpuPercent)),
    benchCpuPercent: Math.round(weigh(a.benchCpuPercent, b.benchCpuPercent)),
    databaseCpuPercent: Math.round(weigh(a.databaseCpuPercent, b.databaseCpuPercent)),
    workers: b.workers.map((w, i) => ({
      cpuPercent: Math.round(weigh(a.workers[i]!.cpuPercent, w.cpuPercent)),
      eventLoopP99ms: Math.max(a.workers[i]!.eventLoopP99ms, w.eventLoopP99ms),
      eventLoopMaxMs: Math.max(a.workers[i]!.eventLoopMaxMs, w.eventLoopMaxMs),
    })),
  };
}

/** p50 and max of times in ms, and how many there were. */
function spread(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50ms: round1(percentile(sorted, 0.5)),
    maxMs: round1(sorted.at(-1) ?? 0),
  };
}

/**
 * Save to visible: in every worker (the slowest of them, per save), in the worker that
 * answered the save, and in the others; saves not seen everywhere within the limit are counted.
 */
export function visibleSummary(done: Visibility['done']) {
  const everywhere: number[] = [];
  const saver: number[] = [];
  const others: number[] = [];
  let notSeen = 0;
  for (const d of done) {
    const times = [...d.perWorker.values()];
    if (times.some((t) => t === undefined)) notSeen++;
    else everywhere.push(Math.max(...(times as number[])));
    for (const [pid, t] of d.perWorker) {
      if (t === undefined) continue;
      (pid === d.saver ? saver : others).push(t);
    }
  }
  return {
    saves: done.length,
    notSeenWithinMs: notSeen > 0 ? { saves: notSeen, limitMs: VISIBLE_WITHIN_MS } : undefined,
    everyWorker: spread(everywhere),
    workerThatSaved: spread(saver),
    otherWorkers: spread(others),
  };
}

export type ElectionResult = Awaited<ReturnType<typeof electionNight>>;

/**
 * Runs the scenario against a database already filled by `generate` (bench/data.ts) and
 * answers both runs' numbers.
 */
export async function electionNight(opts: {
  databaseUrl: string;
  dataDir: string;
  connections: number;
  log: (line: string) => void;
  /** Beacons a second beside the readers in a third run of each round (bench/beacons.ts); 0: none. */
  beacons?: number;
}) {
  const { ranked, stories } = await pagesOf(opts.databaseUrl);
  const exponent = zipfExponent(ranked.length, TOP_SHARE);
  opts.log(
    `election night: ${ranked.length} pages by a Zipf law of exponent ${exponent.toFixed(3)}; ${WORKERS} workers; ${ROUNDS} round(s) of ${SECONDS} s alone and ${SECONDS} s with the editor, after ${WARMUP} s of warm-up`,
  );
  const port = await freePort();
  const server = await startServer(
    {
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl,
      WEB_CONCURRENCY: String(WORKERS),
      SEED_DEMO: '0',
      // One load generator is one address: the per-address API ceiling would answer 429.
      API_RATE_LIMIT: '0',
      // Readers' views come with addresses of their own (X-Forwarded-For from loopback).
      TRUST_PROXY: 'loopback',
      PORT: String(port),
    },
    { timeoutMs: 180_000 },
  );
  const primary = server.process.pid!;
  try {
    const workers = await pinWorkers(port, primary, WORKERS);
    // Idle pinned connections would be closed by the server's keep-alive timeout.
    const keepAlive = setInterval(() => {
      for (const w of workers) void w.get('/api/health').catch(() => {});
    }, 10_000);
    let apart: Awaited<ReturnType<typeof beaconServer>> | undefined;
    try {
      apart = BEACONS_APART && opts.beacons ? await beaconServer(opts.databaseUrl) : undefined;
      const beaconPort = apart?.port ?? port;
      if (apart) opts.log(`election night: Patrika's beacons go to a process of their own`);
      const token = await signIn(port);
      if (FEATURES) await featuresOn(port, token);
      const editor: Editor = {
        port,
        pids: workers.map((w) => w.pid),
        token,
        stories: await loadStories(port, token, stories),
        runId: Date.now().toString(36),
      };
      const filling = performance.now();
      await prefill(workers, ranked, PREFILL);
      opts.log(
        `election night: the first ${PREFILL} pages kept in each worker in ${((performance.now() - filling) / 1000).toFixed(0)} s; ${WARMUP} s of readers to warm up`,
      );
      const open = await openReaders(
        port,
        workers.map((w) => w.pid),
        opts.connections,
      );
      const readers: Readers = { port, agents: open.agents, ranked, exponent };
      // Results saved every few seconds through every run, the warm-up's too: the replay lasts
      // 1.25 times the runs' planned seconds, so it is still going at the last run's end.
      const runs = ROUNDS * (opts.beacons ? 4 : 2);
      const speed = await resultsComing(port, token, Math.ceil((WARMUP + runs * SECONDS) * 1.25));
      opts.log(
        speed === undefined
          ? 'election night: no rehearsal in this database: no results coming in'
          : `election night: the demo's counting day replayed at ${speed} times real time through the runs`,
      );
      await read(readers, WARMUP, 999);
      const alone = new ReaderTally();
      const withEditor = new ReaderTally();
      let aloneServer: ReturnType<typeof between> | undefined;
      let withServer: ReturnType<typeof between> | undefined;
      const saves: Awaited<ReturnType<typeof edit>>['saves'] = [];
      const publications: Awaited<ReturnType<typeof edit>>['publications'] = [];
      const visibility = new Visibility(workers);
      const besideBeacons = new ReaderTally();
      const besideFloor = new ReaderTally();
      let floorServer: ReturnType<typeof between> | undefined;
      const beaconRuns: BeaconResult[] = [];
      let beaconsServer: ReturnType<typeof between> | undefined;
      for (let r = 1; r <= ROUNDS; r++) {
        opts.log(`election night: round ${r}, readers alone`);
        let before = await snapshot(workers, primary);
        alone.add(await read(readers, SECONDS, 2 * r));
        let after = await snapshot(workers, primary);
        aloneServer = mergeServer(aloneServer, between(before, after));

        opts.log(`election night: round ${r}, readers beside the editor`);
        const polling = new Visibility(workers);
        const polls = polling.run();
        before = await snapshot(workers, primary);
        const [tally, edits] = await Promise.all([
          read(readers, SECONDS, 2 * r + 1),
          edit(editor, SECONDS, polling, r),
        ]);
        after = await snapshot(workers, primary);
        polling.stop();
        await polls;
        withEditor.add(tally);
        withServer = mergeServer(withServer, between(before, after));
        saves.push(...edits.saves);
        publications.push(...edits.publications);
        visibility.done.push(...polling.done);
        if (opts.beacons) {
          const rate = opts.beacons;
          const toPatrika = async () => {
            opts.log(`election night: round ${r}, readers beside ${rate} beacons a second`);
            const before = await snapshot(workers, primary);
            // The server's figures end with the readers, not with the wait for the last counts.
            const [[tally, end], load] = await Promise.all([
              read(readers, SECONDS, 2 * r + 100).then(
                async (t) => [t, await snapshot(workers, primary)] as const,
              ),
              beaconLoad({ ...opts, port: beaconPort, stories, seconds: SECONDS, rate }),
            ]);
            besideBeacons.add(tally);
            beaconsServer = mergeServer(beaconsServer, between(before, end));
            beaconRuns.push(load);
          };
          // The same beacons to the floor (a node:http server that only answers 204): what this
          // machine loses to them before Patrika does any work (the sender, the kernel, the floor).
          const toFloor = async () => {
            opts.log(
              `election night: round ${r}, readers beside ${rate} beacons a second to the floor`,
            );
            const floor = await startFloor();
            try {
              const before = await snapshot(workers, primary);
              const [floorTally] = await Promise.all([
                read(readers, SECONDS, 2 * r + 200),
                sendBeacons({ port: floor.port, rate, seconds: SECONDS, stories }),
              ]);
              floorServer = mergeServer(
                floorServer,
                between(before, await snapshot(workers, primary)),
              );
              besideFloor.add(floorTally);
            } finally {
              floor.stop();
            }
          };
          // Odd rounds send to Patrika first, even rounds to the floor first: neither side
          // always gets the machine's later (or earlier) minutes.
          for (const step of r % 2 === 1 ? [toPatrika, toFloor] : [toFloor, toPatrika])
            await step();
        }
      }
      for (const agent of open.agents) agent.destroy();
      const visible = visibleSummary(visibility.done);
      const saveTimes = saves.map((s) => s.ms).sort((a, b) => a - b);
      return {
        workers: WORKERS,
        pages: ranked.length,
        zipfExponent: round(exponent, 3),
        seconds: SECONDS,
        warmupSeconds: WARMUP,
        rounds: ROUNDS,
        connections: opts.connections,
        pollMs: POLL_MS,
        alone: summary(alone, aloneServer!),
        withEditor: summary(withEditor, withServer!),
        ...(opts.beacons
          ? {
              beacons: {
                readers: summary(besideBeacons, beaconsServer!),
                floorReaders: summary(besideFloor, floorServer!),
                runs: beaconRuns,
              },
            }
          : {}),
        saves: {
          asked: saves.length,
          answered: saves.filter((s) => s.status === 200).length,
          statuses: [...new Set(saves.map((s) => s.status))],
          p50ms: round1(percentile(saveTimes, 0.5)),
          maxMs: round1(saveTimes.at(-1) ?? 0),
          maxLateMs: round1(Math.max(0, ...saves.map((s) => s.lateMs))),
        },
        publications: {
          asked: publications.length,
          answered: publications.filter((p) => p.status === 201).length,
          ms: publications.map((p) => p.ms),
        },
        visible,
        readerConnectionsPerWorker: open.perWorker,
      };
    } finally {
      clearInterval(keepAlive);
      for (const w of workers) w.agent.destroy();
      await apart?.stop();
    }
  } finally {
    await server.stop('SIGTERM');
  }
}

const fmt = (n: number) => n.toLocaleString('en');

/**
 * The scenario's table, readers alone beside readers with the editor; `beside` adds the rows
 * of other targets measured in the same run (the cached article against the static file, the
 * uncached render rate).
 */
export function electionTable(e: ElectionResult, beside: [string, string][] = []): string {
  const a = e.alone;
  const w = e.withEditor;
  const kinds = (s: typeof a) =>
    CACHE_KINDS.map((k) => `${s.kinds[k]?.percent ?? 0}`).join(' / ') +
    (s.kinds.none ? ` (+${s.kinds.none.percent} unmarked)` : '');
  const rows: [string, string, string][] = [
    ['anonymous pages a second', fmt(a.pagesPerSecond), fmt(w.pagesPerSecond)],
    ['anonymous p50 / p99 ms', `${a.p50ms} / ${a.p99ms}`, `${w.p50ms} / ${w.p99ms}`],
    ['from the cache (hit + stale)', `${a.fromCachePercent} %`, `${w.fromCachePercent} %`],
    ['hit / stale / coalesced / miss, %', kinds(a), kinds(w)],
    [
      'renders a second (miss + refresh, all workers)',
      `${a.server.rendersPerSecond}`,
      `${w.server.rendersPerSecond}`,
    ],
    [
      'view beacons a second (answered 204)',
      `${fmt(a.viewsPerSecond)} (${a.viewsCountedPercent} %)`,
      `${fmt(w.viewsPerSecond)} (${w.viewsCountedPercent} %)`,
    ],
    [
      "the page script's ad calls a second, p50 ms",
      `${fmt(a.adCallsPerSecond)}, ${a.adP50ms}`,
      `${fmt(w.adCallsPerSecond)}, ${w.adP50ms}`,
    ],
    [
      'save answered → new title in every worker, p50 / max ms',
      '—',
      `${e.visible.everyWorker.p50ms} / ${e.visible.everyWorker.maxMs} (${e.visible.everyWorker.n} of ${e.saves.asked} saves)`,
    ],
    [
      '… in the worker that saved / in the others, p50 ms',
      '—',
      `${e.visible.workerThatSaved.p50ms} / ${e.visible.otherWorkers.p50ms}`,
    ],
    [
      'worker CPU %',
      a.server.workers.map((x) => x.cpuPercent).join(' + '),
      w.server.workers.map((x) => x.cpuPercent).join(' + '),
    ],
    ...beside.map(([name, value]): [string, string, string] => [name, value, '']),
  ];
  return [
    `| ${e.workers} workers, ${fmt(e.pages)} pages, ${e.connections} readers, ${e.rounds} × ${e.seconds} s | readers alone | with one save a second and a new article every 30 s |`,
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/** Lines that say whether issue 23's lines are met (printed, never asserted). */
export function electionGoals(e: ElectionResult, cachedOverStatic?: number): string[] {
  const ratio = e.alone.p99ms > 0 ? e.withEditor.p99ms / e.alone.p99ms : NaN;
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  return [
    `from the cache with saves: ${e.withEditor.fromCachePercent} % (at least 95 %: ${mark(e.withEditor.fromCachePercent >= 95)})`,
    `p99 with saves ÷ alone: ${ratio.toFixed(2)} (at most 1.5: ${mark(ratio <= 1.5)})`,
    ...(cachedOverStatic === undefined
      ? []
      : [
          `cached article ÷ static file: ${cachedOverStatic} (at least 0.5: ${mark(cachedOverStatic >= 0.5)})`,
        ]),
  ];
}
