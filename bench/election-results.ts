/*
 * The counting-day scenario of `npm run bench` (issue 69 item 5; BENCH_TARGETS=results, named
 * only: it takes minutes): the built server on PostgreSQL with WEB_CONCURRENCY workers, the
 * Lok Sabha election of 2024 as the demo ships it (543 seats with their declared results,
 * server/modules/elections/elections-demo.ts), election-night readers on its results pages and
 * one desk save a second.
 *
 * - Readers: as election night's (bench/election-night.ts `read`: keep-alive connections, a
 *   Zipf law whose first rank takes a third of the draws, each page's view beacon after it),
 *   over these ranks: the results page, its map (one SVG), the tally's JSON, then the states'
 *   pages and maps, then every seat's page (the desk's seats first).
 * - The desk saves a seat's result once a second (POST /api/elections/{slug}/results against
 *   the snapshot it saw), over 30 seats in turn, the lead alternating between the winner and
 *   the runner-up, the votes new each time.
 * - Save to visible: after each save's answer, the seat's page is asked for through every
 *   worker's own connection until it shows the new votes.
 *
 * Printed: pages a second and p50/p99, answers from the cache (hit + stale: issue 69 asks 95 %
 * or more) and by kind, renders a second, save to visible in every worker (p50 and max), and
 * each worker's CPU. Settings: WEB_CONCURRENCY (2), BENCH_RESULTS_SECONDS (30),
 * BENCH_RESULTS_WARMUP (10).
 */
import { Agent } from 'node:http';
import pg from 'pg';
import { electionMapPath, electionPath, electionSeatPath } from '../common/paths';
import { shippedImports, DEMO_ELECTION } from '../server/modules/elections/elections-demo';
import { stateOf } from '../server/modules/elections/elections-states';
import { freePort, startServer } from '../tests/setup/spawn-server';
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
const SECONDS = Number(process.env.BENCH_RESULTS_SECONDS ?? 30);
const WARMUP = Number(process.env.BENCH_RESULTS_WARMUP ?? 10);
const TOP_SHARE = 1 / 3;
const PREFILL = 700;
const SAVE_EVERY_MS = 1_000;
/** The seats the desk saves in turn. */
const DESK_SEATS = 30;
/** Issue 69's share of answers from the cache with one save a second. */
export const RESULTS_CACHE_TARGET = 95;
const SLUG = DEMO_ELECTION;

/** The scenario's database on the local PostgreSQL (made if absent), unless one is given. */
export const RESULTS_DATABASE = 'patrika_bench_results';
export async function resultsDatabaseUrl(given: string | undefined): Promise<string> {
  if (given) return given;
  const local = 'postgres://postgres@127.0.0.1:5432';
  const admin = new pg.Client({ connectionString: `${local}/postgres` });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      RESULTS_DATABASE,
    ]);
    if (rows.length === 0) await admin.query(`CREATE DATABASE ${RESULTS_DATABASE}`);
  } finally {
    await admin.end();
  }
  return `${local}/${RESULTS_DATABASE}`;
}

interface SeatRow {
  _id: string;
  state: string;
  number: number;
  name: { en: string; hi: string };
  result: { _id: string } | null;
}
interface DeskSeat {
  id: string;
  path: string;
  candidates: string[];
  seen: string | null;
}

/** The election made and filled through the API, unless an earlier run did. */
async function ensureElection(port: number, token: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const auth = { authorization: `Bearer ${token}` };
  const made = await send(port, agent, 'POST', '/api/elections', auth, {
    slug: SLUG,
    name: { hi: 'लोकसभा चुनाव 2024', en: 'Lok Sabha election 2024' },
    kind: 'lok-sabha',
    countingDate: '2024-06-04',
    majority: 272,
  });
  if (made.status === 201) {
    const files = await shippedImports();
    const url = `/api/elections/${SLUG}/import`;
    for (const body of [
      { kind: 'constituencies', shipped: true },
      { kind: 'parties', csv: files.parties },
      { kind: 'candidates', csv: files.candidates },
      { kind: 'results', csv: files.results },
    ]) {
      const answer = await send(port, agent, 'POST', url, auth, body);
      if (answer.status !== 200) throw new Error(`${body.kind}: ${answer.body.toString()}`);
    }
  } else if (made.status !== 409) throw new Error(`election: ${made.body.toString()}`);
  const seats = JSON.parse(
    (await send(port, agent, 'GET', `/api/elections/${SLUG}/seats`)).body.toString(),
  ) as { seats: SeatRow[] };
  const desk: DeskSeat[] = [];
  for (const seat of seats.seats.slice(0, DESK_SEATS)) {
    const detail = JSON.parse(
      (await send(port, agent, 'GET', `/api/elections/${SLUG}/seats/${seat._id}`)).body.toString(),
    ) as { candidates: { _id: string }[]; result: { _id: string } | null };
    desk.push({
      id: seat._id,
      path: seatPath(seat),
      candidates: detail.candidates.map((c) => c._id),
      seen: detail.result?._id ?? null,
    });
  }
  agent.destroy();
  return { seats: seats.seats, desk };
}

const seatPath = (seat: SeatRow) =>
  electionSeatPath(SLUG, stateOf(seat.state).slug, { number: seat.number, name: seat.name });

/** The readers' ranks (see the file's comment). */
function rankedPages(seats: SeatRow[]): Page[] {
  const states = [...new Set(seats.map((s) => stateOf(s.state).slug))];
  return [
    { path: electionPath(SLUG) },
    { path: electionMapPath(SLUG) },
    { path: `/api/elections/${SLUG}/tally` },
    ...states.flatMap((state) => [
      { path: electionPath(SLUG, state) },
      { path: electionMapPath(SLUG, state) },
    ]),
    ...seats.map((seat) => ({ path: seatPath(seat) })),
  ];
}

/** The votes as the seat's page writes them (Indian grouping, Latin digits). */
const shown = (votes: number) => new Intl.NumberFormat('en-IN').format(votes);

/** One desk save a second for `seconds`, each expected on the seat's page. */
async function desk(
  e: { port: number; pids: number[]; token: string },
  seats: DeskSeat[],
  seconds: number,
  visibility: Visibility,
) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const saves: { ms: number; status: number }[] = [];
  const started = performance.now();
  const base = 700_000 + (Date.now() % 100_000) * 3;
  for (let k = 0; k * SAVE_EVERY_MS < seconds * 1000; k++) {
    await sleep(started + k * SAVE_EVERY_MS - performance.now());
    const seat = seats[k % seats.length]!;
    const votes = base + k * 7;
    const leader = seat.candidates[Math.floor(k / seats.length) % seat.candidates.length]!;
    const answer = await send(
      e.port,
      agent,
      'POST',
      `/api/elections/${SLUG}/results`,
      { authorization: `Bearer ${e.token}` },
      {
        seat: seat.id,
        leader,
        votes,
        margin: 1000 + k,
        round: 1 + k,
        status: 'leading',
        basedOn: seat.seen,
      },
    );
    saves.push({ ms: answer.ms, status: answer.status });
    const at = performance.now();
    if (answer.status === 201) {
      seat.seen = (JSON.parse(answer.body.toString()) as { _id: string })._id;
      visibility.expect(seat.path, shown(votes), at, holderOf(e.port, answer.localPort, e.pids));
    } else if (answer.status === 409) {
      seat.seen = (JSON.parse(answer.body.toString()) as { newer: { _id: string } }).newer._id;
    }
  }
  agent.destroy();
  return saves;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export type ResultsScenario = Awaited<ReturnType<typeof resultsScenario>>;

export async function resultsScenario(opts: {
  databaseUrl: string;
  dataDir: string;
  connections: number;
  log: (line: string) => void;
}) {
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
    const token = await signIn(port);
    const election = await ensureElection(port, token);
    const ranked = rankedPages(election.seats);
    const exponent = zipfExponent(ranked.length, TOP_SHARE);
    opts.log(
      `results: ${election.seats.length} seats; ${ranked.length} pages by a Zipf law of exponent ${exponent.toFixed(3)}; ${WORKERS} workers; ${SECONDS} s with the desk after ${WARMUP} s of warm-up`,
    );
    const workers = await pinWorkers(port, primary, WORKERS);
    const keepAlive = setInterval(() => {
      for (const w of workers) void w.get('/api/health').catch(() => {});
    }, 10_000);
    try {
      await prefill(workers, ranked, PREFILL);
      const pids = workers.map((w) => w.pid);
      const open = await openReaders(port, pids, opts.connections);
      const readers = { port, agents: open.agents, ranked, exponent };
      await read(readers, WARMUP, 69);
      opts.log('results: readers beside the desk');
      const polling = new Visibility(workers);
      const polls = polling.run();
      const before = await snapshot(workers, primary);
      const [tally, saves] = await Promise.all([
        read(readers, SECONDS, 70),
        desk({ port, pids, token }, election.desk, SECONDS, polling),
      ]);
      const after = await snapshot(workers, primary);
      polling.stop();
      await polls;
      for (const agent of open.agents) agent.destroy();
      return {
        workers: WORKERS,
        seats: election.seats.length,
        pages: ranked.length,
        connections: opts.connections,
        withDesk: summary(tally, between(before, after)),
        saves: {
          asked: saves.length,
          answered: saves.filter((s) => s.status === 201).length,
          p50ms: Math.round(saves.map((s) => s.ms).sort((a, b) => a - b)[saves.length >> 1] ?? 0),
        },
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
export function resultsTable(e: ResultsScenario): string {
  const w = e.withDesk;
  const kind = (k: string) => w.kinds[k]?.percent ?? 0;
  const rows: [string, string][] = [
    ['anonymous answers a second (pages, maps, JSON)', String(w.pagesPerSecond)],
    ['anonymous p50 / p99 ms', `${w.p50ms} / ${w.p99ms}`],
    [`from the cache (hit + stale; asked ≥ ${RESULTS_CACHE_TARGET} %)`, `${w.fromCachePercent} %`],
    [
      'hit / stale / coalesced / miss, %',
      ['hit', 'stale', 'coalesced', 'miss'].map(kind).join(' / '),
    ],
    ['renders a second (miss + refresh, all workers)', String(w.server.rendersPerSecond)],
    ['desk saves answered, p50 ms', `${e.saves.answered} of ${e.saves.asked}, ${e.saves.p50ms}`],
    [
      'save answered → new votes on the seat’s page, every worker, p50 / max ms',
      `${e.visible.everyWorker.p50ms} / ${e.visible.everyWorker.maxMs} (${e.visible.everyWorker.n} saves)`,
    ],
    ['worker CPU %', w.server.workers.map((x) => x.cpuPercent).join(' + ')],
  ];
  return [
    `| ${e.workers} workers, ${e.seats} seats, ${e.pages} pages, ${e.connections} readers, ${w.seconds} s | one desk save a second |`,
    '| --- | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
