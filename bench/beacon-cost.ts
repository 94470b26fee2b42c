/*
 * A beacon's server CPU beside the floor's, in one run (issue 70 item 1): the floor servers of
 * bench/beacon-floor.ts (node:http and Fastify with one route, each only parsing the JSON and
 * answering 204), then the built Patrika server, one process (WEB_CONCURRENCY=1) on the
 * scenario's PostgreSQL database, each sent BENCH_BEACONS (2,000) beacons a second for
 * BENCH_SECONDS (10) by the same sender (bench/beacon-sender.ts); Patrika's after 3 s of the
 * same beacons to warm up. The server's CPU is read from /proc over the sending, so it holds
 * all a beacon costs the process: the route, the counting and its share of the batched writes;
 * and over as long with no beacons just before and just after, whose mean is subtracted: a
 * server does work of its own (the minute's jobs, the outbox, a rehearsal's results every 2 s
 * on the scenario's database: 7 to 61 ms a second when measured) that the floor's server does
 * not, and no beacon causes it. Both figures are printed.
 * The machine may be shared: the figure to read is the ratio, the floor and Patrika measured
 * one after the other, BENCH_BEACON_ROUNDS (5) times in the same run to show its spread;
 * `npm run bench` prints it when BENCH_TARGETS names "beacons".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from '../tests/setup/spawn-server';
import { floorCosts } from './beacon-floor';
import { BEACON_RATE, beaconLoad, type BeaconResult } from './beacons';
import { postgresCpuMs, processCpuMs } from './profile';
import { setTimeout as sleep } from 'node:timers/promises';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
/** Rounds of floor-then-Patrika in one run (BENCH_BEACON_ROUNDS): the spread on a shared machine. */
const ROUNDS = Number(process.env.BENCH_BEACON_ROUNDS ?? 5);
/** The issue's line: a beacon's server CPU at most this many times the floor's. */
export const FLOOR_RATIO_GOAL = 2;

/** Up to 50 published stories of the database, as the beacons name them. */
async function storiesOf(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; slug: string }>(
      `SELECT id::text, slug FROM articles WHERE status = 'published' ORDER BY published_at DESC LIMIT 50`,
    );
    return rows.map((r) => ({ id: r.id, path: `/x/${r.slug}` }));
  } finally {
    await client.end();
  }
}

/**
 * A Patrika server, one process, on `databaseUrl`, to send beacons to (here, and election night's
 * with BENCH_BEACONS_APART): its port and process id, and a way to stop it.
 */
export async function beaconServer(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-beacon-server-'));
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: '1',
      SEED_DEMO: '0',
      API_RATE_LIMIT: '0',
      // Each beacon comes from an address of its own (X-Forwarded-For from loopback).
      TRUST_PROXY: 'loopback',
    },
    { timeoutMs: 180_000 },
  );
  return {
    port: Number(new URL(server.url).port),
    pid: server.process.pid!,
    async stop() {
      await server.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Patrika's server, one process, on `databaseUrl`; `measure` sends one round's beacons. */
async function patrikaServer(databaseUrl: string) {
  const stories = await storiesOf(databaseUrl);
  const { port, pid, stop } = await beaconServer(databaseUrl);
  return {
    /**
     * One round: the server's own CPU over `seconds` with no beacons (its jobs, a rehearsal's
     * results), then over `seconds` of beacons, then (their last count written) over `seconds`
     * with none again. A beacon's CPU is what the beacons add: the beacons' seconds less the
     * quiet ones' mean pace (`serverMs`); `grossMs` charges it all to them.
     */
    async measure(seconds: number) {
      // The server's CPU and PostgreSQL's, a ms of the clock, over `seconds` without beacons.
      const quiet = async () => {
        const cpu0 = processCpuMs(pid);
        const db0 = postgresCpuMs();
        const start = performance.now();
        await sleep(seconds * 1000);
        const ms = performance.now() - start;
        return { server: (processCpuMs(pid) - cpu0) / ms, db: (postgresCpuMs() - db0) / ms };
      };
      const before = await quiet();
      const cpu0 = processCpuMs(pid);
      const db0 = postgresCpuMs();
      const start = performance.now();
      let cpuMs = 0;
      let dbMs = 0;
      let spanMs = 0;
      const result = await beaconLoad({
        port,
        databaseUrl,
        stories,
        seconds,
        // The CPU ends with the last answer (the wait for the last count is no beacon's).
        onAnswered: () => {
          cpuMs = processCpuMs(pid) - cpu0;
          dbMs = postgresCpuMs() - db0;
          spanMs = performance.now() - start;
        },
      });
      const after = await quiet();
      const idlePerMs = (before.server + after.server) / 2;
      const dbIdlePerMs = (before.db + after.db) / 2;
      const answered = Math.max(1, result.answered);
      return {
        result,
        serverMs: Math.max(0, cpuMs - idlePerMs * spanMs) / answered,
        grossMs: cpuMs / answered,
        idleMsPerSecond: idlePerMs * 1000,
        // PostgreSQL's share: the batches' writes (and the bench's count of them every 2 s).
        databaseMs: Math.max(0, dbMs - dbIdlePerMs * spanMs) / answered,
      };
    },
    stop,
  };
}

export interface CostRound {
  floor: { server: string; answered: number; serverMs: number; benchMs: number }[];
  /** What the beacons added to the server's CPU, a beacon; all it spent, a beacon; its own pace. */
  patrika: {
    serverMs: number;
    grossMs: number;
    idleMsPerSecond: number;
    /** What the beacons added to PostgreSQL's CPU (every process of it), a beacon. */
    databaseMs: number;
    result: BeaconResult;
  };
  /** Patrika's server CPU a beacon ÷ each floor server's. */
  ratios: Record<string, number>;
}

export interface BeaconCost {
  rate: number;
  seconds: number;
  rounds: CostRound[];
}

/**
 * Measures the floor, then Patrika's beacon, ROUNDS times one after the other (Patrika's server
 * started once and warmed up first), on the database at `databaseUrl`.
 */
export async function beaconCost(opts: {
  databaseUrl: string;
  log: (line: string) => void;
}): Promise<BeaconCost> {
  const patrika = await patrikaServer(opts.databaseUrl);
  try {
    opts.log(`beacon cost: Patrika, one process, ${WARMUP_SECONDS} s to warm up`);
    await patrika.measure(WARMUP_SECONDS);
    const rounds: CostRound[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      opts.log(
        `beacon cost: round ${round} of ${ROUNDS}: the floor servers, then Patrika, ${BEACON_RATE} beacons a second for ${SECONDS} s each`,
      );
      const floor = await floorCosts(SECONDS);
      const ours = await patrika.measure(SECONDS);
      const ratios = Object.fromEntries(
        floor.map((f) => [f.server, Math.round((ours.serverMs / f.serverMs) * 100) / 100]),
      );
      rounds.push({ floor, patrika: ours, ratios });
    }
    return { rate: BEACON_RATE, seconds: SECONDS, rounds };
  } finally {
    await patrika.stop();
  }
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The figures as a README-ready table: each round's, and the ratio's median. */
export function beaconCostTable(c: BeaconCost): string {
  const ms = (n: number) => n.toFixed(4);
  const servers = c.rounds[0]?.floor.map((f) => f.server) ?? [];
  const name = (server: string) =>
    server === 'fastify' ? 'Fastify, one route' : "Node's node:http";
  const rows = c.rounds.map((r, i) => {
    const p = r.patrika.result;
    return [
      `${i + 1}`,
      ...r.floor.map((f) => ms(f.serverMs)),
      `${ms(r.patrika.serverMs)} (all it spent: ${ms(r.patrika.grossMs)}, ${Math.round(r.patrika.idleMsPerSecond)} ms a second without beacons, the mean of before and after; PostgreSQL ${ms(r.patrika.databaseMs)}; ${p.answered.toLocaleString('en')} answered, ${p.refused} refused, counted within ${p.longestWaitMs ?? '—'} ms)`,
      servers.map((s) => `${r.ratios[s]}×`).join(' / '),
    ];
  });
  // Against the cheaper floor: the stricter of the two.
  const worst = median(c.rounds.map((r) => Math.max(...Object.values(r.ratios))));
  const cheapest = (r: CostRound) => Math.min(...r.floor.map((f) => f.serverMs));
  const gross = median(c.rounds.map((r) => r.patrika.grossMs / cheapest(r)));
  return [
    `| round (${c.rate.toLocaleString('en')} beacons a second, ${c.seconds} s each, one after the other) | ${servers.map((s) => `floor: ${name(s)}, ms a beacon`).join(' | ')} | Patrika, one process, ms a beacon (its CPU beside the beacons less its CPU without them) | Patrika ÷ ${servers.map(name).join(' / ')} |`,
    `| --- | ${servers.map(() => '---').join(' | ')} | --- | --- |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    `Median of the rounds, against the cheaper floor: ${worst}× (at most ${FLOOR_RATIO_GOAL}×: ${worst <= FLOOR_RATIO_GOAL ? 'met' : 'NOT met'}); charging the server's own work in those seconds to the beacons too: ${gross.toFixed(2)}×.`,
  ].join('\n');
}

/*
 * Alone: `BENCH_DATABASE_URL=postgres://…/a_database_of_its_own node --import tsx
 * bench/beacon-cost.ts` fills that database (emptied first, BENCH_ARTICLES, 1,000 by default;
 * BENCH_REUSE=1 keeps what it holds) and prints the table, `npx node --import tsx` (the
 * project's Node: the sender's thread loads TypeScript).
 */
if (process.argv[1]?.endsWith('beacon-cost.ts')) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_DATABASE_URL: a PostgreSQL database of its own');
  const { generate } = await import('./data');
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-beacon-cost-data-'));
  try {
    await generate(dataDir, {
      articles: Number(process.env.BENCH_ARTICLES ?? 1_000),
      databaseUrl,
      reuse: process.env.BENCH_REUSE === '1',
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const cost = await beaconCost({ databaseUrl, log: (line) => console.log(`bench: ${line}`) });
  console.log(`\n${beaconCostTable(cost)}\n`);
}
