/*
 * The editions scenario of `npm run bench` (issue 65 item 8; BENCH_TARGETS=editions, named only:
 * it takes minutes): the built server on PostgreSQL with WEB_CONCURRENCY workers, 60 editions
 * and every story in one to three of them (bench/edition-data.ts), election-night readers
 * spread over the edition pages, and an editor saving a story in three editions once a second.
 *
 * - Readers: as election night's (bench/election-night.ts `read`: keep-alive connections, a
 *   Zipf law whose first rank takes a third of the draws, each page's view beacon after it),
 *   over these ranks: the first city's page, home, then the other 59 edition pages with one of
 *   the 50 newest stories after each, their second pages, then every other story.
 * - The editor saves one of the 50 newest stories a second, in turn: a new title and body
 *   (each of those stories is in three cities of two states; its editions stay).
 * - Save to visible: after each save's answer, the story's page and its three edition pages are
 *   asked for through every worker's own connection until they show the new title.
 *
 * Printed: pages a second and p50/p99, answers from the cache (hit + stale) and by kind, renders
 * a second, save to visible in every worker (p50 and max over pages), and each worker's CPU.
 * Settings: WEB_CONCURRENCY (2), BENCH_EDITIONS_SECONDS (30), BENCH_EDITIONS_WARMUP (10).
 */
import { Agent } from 'node:http';
import pg from 'pg';
import { ARTICLE_NAME_MAX } from '../common/schemas/articles';
import { freePort, startServer } from '../tests/setup/spawn-server';
import { placeStories, SAVED, type Placed } from './edition-data';
import {
  between,
  holderOf,
  openReaders,
  pinWorkers,
  prefill,
  read,
  send,
  signIn,
  snapshot,
  summary,
  Visibility,
  visibleSummary,
  zipfExponent,
  type Page,
} from './election-night';

const WORKERS = Number(process.env.WEB_CONCURRENCY ?? 2);
const SECONDS = Number(process.env.BENCH_EDITIONS_SECONDS ?? 30);
const WARMUP = Number(process.env.BENCH_EDITIONS_WARMUP ?? 10);
const TOP_SHARE = 1 / 3;
/** Pages kept in each worker before the warm-up: every edition page and the newest stories. */
const PREFILL = 300;
const SAVE_EVERY_MS = 1_000;
/** A previous run's mark at the end of a title, taken off before this run adds its own. */
const MARK = / d[0-9a-z]+n\d+z$/;

/** The scenario's database on the local PostgreSQL (made if absent), unless one is given. */
export const EDITIONS_DATABASE = 'patrika_bench_editions';
export async function editionsDatabaseUrl(given: string | undefined): Promise<string> {
  if (given) return given;
  const local = 'postgres://postgres@127.0.0.1:5432';
  const admin = new pg.Client({ connectionString: `${local}/postgres` });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      EDITIONS_DATABASE,
    ]);
    if (rows.length === 0) await admin.query(`CREATE DATABASE ${EDITIONS_DATABASE}`);
  } finally {
    await admin.end();
  }
  return `${local}/${EDITIONS_DATABASE}`;
}

/** The readers' ranks (see the file's comment). */
function rankedPages({ editions, stories }: Placed): Page[] {
  const cities = editions.filter((e) => !e.state);
  const order = [...cities, ...editions.filter((e) => e.state)];
  const page = (s: Placed['stories'][number]): Page => ({ path: s.path, articleId: s.id });
  const ranked: Page[] = [{ path: order[0]!.path }, { path: '/' }];
  order.slice(1).forEach((e, i) => {
    ranked.push({ path: e.path });
    if (stories[i]) ranked.push(page(stories[i]));
  });
  for (const e of order) ranked.push({ path: `${e.path}?page=2` });
  for (const s of stories.slice(order.length - 1)) ranked.push(page(s));
  return ranked;
}

interface Saved {
  id: string;
  path: string;
  pages: string[];
  name: string;
  description: string;
  imageUrl: string;
  categoryId: string;
}

async function loadSaved(port: number, token: string, placed: Placed): Promise<Saved[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const pathOf = new Map(placed.editions.map((e) => [e.id, e.path]));
  const saved = [];
  for (const s of placed.stories.slice(0, SAVED)) {
    const answer = await send(port, agent, 'GET', `/api/articles/article/${s.id}`, {
      authorization: `Bearer ${token}`,
    });
    const a = JSON.parse(answer.body.toString()) as Omit<Saved, 'pages'>;
    saved.push({
      ...s,
      name: a.name.replace(MARK, ''),
      description: a.description.replace(/^<p>Update d[0-9a-z]+n\d+z[^<]*<\/p>\n?/, ''),
      imageUrl: a.imageUrl,
      pages: s.editions.map((id) => pathOf.get(id)!),
    });
  }
  agent.destroy();
  return saved;
}

/** One save a second for `seconds`, each expected on the story's page and its editions'. */
async function edit(
  e: { port: number; pids: number[]; token: string; runId: string },
  saved: Saved[],
  seconds: number,
  visibility: Visibility,
) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const saves: { ms: number; status: number }[] = [];
  const started = performance.now();
  for (let k = 0; started + k * SAVE_EVERY_MS < started + seconds * 1000; k++) {
    await sleep(started + k * SAVE_EVERY_MS - performance.now());
    const story = saved[k % saved.length]!;
    const token = `d${e.runId}n${k}z`;
    const answer = await send(
      e.port,
      agent,
      'PUT',
      `/api/articles/${story.id}`,
      { authorization: `Bearer ${e.token}` },
      {
        name: `${story.name.slice(0, ARTICLE_NAME_MAX - token.length - 1)} ${token}`,
        description: `<p>Update ${token}: counting goes on.</p>\n${story.description}`,
        imageUrl: story.imageUrl,
        category: story.categoryId,
      },
    );
    saves.push({ ms: answer.ms, status: answer.status });
    const at = performance.now();
    const saver = holderOf(e.port, answer.localPort, e.pids);
    if (answer.status === 200)
      for (const path of [story.path, ...story.pages]) visibility.expect(path, token, at, saver);
  }
  agent.destroy();
  return saves;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export type EditionsResult = Awaited<ReturnType<typeof editionsScenario>>;

export async function editionsScenario(opts: {
  databaseUrl: string;
  dataDir: string;
  connections: number;
  log: (line: string) => void;
}) {
  const placed = await placeStories(opts.databaseUrl);
  const ranked = rankedPages(placed);
  const exponent = zipfExponent(ranked.length, TOP_SHARE);
  opts.log(
    `editions: ${placed.editions.length} editions, ${placed.stories.length} stories in 1–3 each; ${ranked.length} pages by a Zipf law of exponent ${exponent.toFixed(3)}; ${WORKERS} workers; ${SECONDS} s with the editor after ${WARMUP} s of warm-up`,
  );
  const port = await freePort();
  const server = await startServer(
    {
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl,
      WEB_CONCURRENCY: String(WORKERS),
      SEED_DEMO: '0',
      API_RATE_LIMIT: '0',
      TRUST_PROXY: 'loopback',
      PORT: String(port),
    },
    { timeoutMs: 180_000 },
  );
  const primary = server.process.pid!;
  try {
    const workers = await pinWorkers(port, primary, WORKERS);
    const keepAlive = setInterval(() => {
      for (const w of workers) void w.get('/api/health').catch(() => {});
    }, 10_000);
    try {
      const token = await signIn(port);
      const saved = await loadSaved(port, token, placed);
      await prefill(workers, ranked, PREFILL);
      const pids = workers.map((w) => w.pid);
      const open = await openReaders(port, pids, opts.connections);
      const readers = { port, agents: open.agents, ranked, exponent };
      await read(readers, WARMUP, 65);
      opts.log('editions: readers beside the editor');
      const polling = new Visibility(workers);
      const polls = polling.run();
      const before = await snapshot(workers, primary);
      const runId = Date.now().toString(36);
      const [tally, saves] = await Promise.all([
        read(readers, SECONDS, 66),
        edit({ port, pids, token, runId }, saved, SECONDS, polling),
      ]);
      const after = await snapshot(workers, primary);
      polling.stop();
      await polls;
      for (const agent of open.agents) agent.destroy();
      return {
        workers: WORKERS,
        editions: placed.editions.length,
        stories: placed.stories.length,
        pages: ranked.length,
        connections: opts.connections,
        withEditor: summary(tally, between(before, after)),
        saves: { asked: saves.length, answered: saves.filter((s) => s.status === 200).length },
        visible: visibleSummary(polling.done),
      };
    } finally {
      clearInterval(keepAlive);
      for (const w of workers) w.agent.destroy();
    }
  } finally {
    await server.stop('SIGTERM');
  }
}

/** The scenario's table (README-ready). */
export function editionsTable(e: EditionsResult): string {
  const w = e.withEditor;
  const kind = (k: string) => w.kinds[k]?.percent ?? 0;
  const rows: [string, string][] = [
    ['anonymous pages a second', String(w.pagesPerSecond)],
    ['anonymous p50 / p99 ms', `${w.p50ms} / ${w.p99ms}`],
    ['from the cache (hit + stale)', `${w.fromCachePercent} %`],
    [
      'hit / stale / coalesced / miss, %',
      ['hit', 'stale', 'coalesced', 'miss'].map(kind).join(' / '),
    ],
    ['renders a second (miss + refresh, all workers)', String(w.server.rendersPerSecond)],
    [
      'save answered → new title on its page and its 3 edition pages, every worker, p50 / max ms',
      `${e.visible.everyWorker.p50ms} / ${e.visible.everyWorker.maxMs} (${e.visible.everyWorker.n} pages of ${e.saves.answered} saves)`,
    ],
    ['worker CPU %', w.server.workers.map((x) => x.cpuPercent).join(' + ')],
  ];
  return [
    `| ${e.workers} workers, ${e.editions} editions, ${e.stories.toLocaleString('en')} stories, ${e.connections} readers, ${w.seconds} s | one save a second of a story in 3 editions |`,
    '| --- | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
