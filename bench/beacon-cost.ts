/*
 * A beacon's server CPU beside the floor's, in one run (issue 70 item 1): the floor servers of
 * bench/beacon-floor.ts (node:http and Fastify with one route, each only parsing the JSON and
 * answering 204), then the built Patrika server, one process (WEB_CONCURRENCY=1) on the
 * scenario's PostgreSQL database, each sent BENCH_BEACONS (2,000) beacons a second for
 * BENCH_SECONDS (10) by the same sender (bench/beacon-sender.ts); Patrika's after 3 s of the
 * same beacons to warm up. The server's CPU is read from /proc over the sending, so it holds
 * all a beacon costs the process: the route, the counting and its share of the batched writes.
 * The machine may be shared: the figure to read is the ratio, both sides measured minutes apart
 * in the same run; `npm run bench` prints it when BENCH_TARGETS names "beacons".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from '../tests/setup/spawn-server';
import { floorCosts } from './beacon-floor';
import { BEACON_RATE, beaconLoad, type BeaconResult } from './beacons';
import { processCpuMs } from './profile';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
/** The line: a beacon's server CPU at most this many times the floor's. */
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

/** Patrika's beacon alone on one process: the beacons' figures and its CPU per answered one. */
async function patrikaCost(databaseUrl: string, log: (line: string) => void) {
  const stories = await storiesOf(databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-beacon-cost-'));
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
  try {
    const port = Number(new URL(server.url).port);
    log(`beacon cost: Patrika, one process, ${WARMUP_SECONDS} s to warm up`);
    await beaconLoad({ port, databaseUrl, stories, seconds: WARMUP_SECONDS });
    log(`beacon cost: Patrika, ${BEACON_RATE} beacons a second for ${SECONDS} s`);
    const pid = server.process.pid!;
    const cpu0 = processCpuMs(pid);
    let cpuMs = 0;
    const result = await beaconLoad({
      port,
      databaseUrl,
      stories,
      seconds: SECONDS,
      // The CPU ends with the last answer (the wait for the last count is no beacon's).
      onAnswered: () => (cpuMs = processCpuMs(pid) - cpu0),
    });
    return { result, serverMs: cpuMs / Math.max(1, result.answered) };
  } finally {
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface BeaconCost {
  rate: number;
  seconds: number;
  floor: { server: string; answered: number; serverMs: number; benchMs: number }[];
  patrika: { serverMs: number; result: BeaconResult };
  /** Patrika's server CPU a beacon ÷ each floor server's. */
  ratios: Record<string, number>;
}

/** Measures the floor, then Patrika's beacon, on the database at `databaseUrl`. */
export async function beaconCost(opts: {
  databaseUrl: string;
  log: (line: string) => void;
}): Promise<BeaconCost> {
  opts.log(`beacon cost: the floor servers, ${BEACON_RATE} beacons a second for ${SECONDS} s each`);
  const floor = await floorCosts(SECONDS);
  const patrika = await patrikaCost(opts.databaseUrl, opts.log);
  const ratios = Object.fromEntries(
    floor.map((f) => [f.server, Math.round((patrika.serverMs / f.serverMs) * 100) / 100]),
  );
  return { rate: BEACON_RATE, seconds: SECONDS, floor, patrika, ratios };
}

/** The figures as a README-ready table. */
export function beaconCostTable(c: BeaconCost): string {
  const ms = (n: number) => `${n.toFixed(4)} ms`;
  const rows: [string, string, string][] = c.floor.map((f) => [
    `floor: ${f.server === 'fastify' ? 'Fastify, one route, no plugins' : "Node's own node:http"}`,
    `${f.answered.toLocaleString('en')}`,
    ms(f.serverMs),
  ]);
  const r = c.patrika.result;
  rows.push([
    'Patrika, one process (PostgreSQL)',
    `${r.answered.toLocaleString('en')} (${r.refused} refused, counted within ${r.longestWaitMs ?? '—'} ms)`,
    ms(c.patrika.serverMs),
  ]);
  const ratio = Object.entries(c.ratios)
    .map(([server, x]) => `${x}× ${server}'s`)
    .join(', ');
  // Against the cheaper floor: the stricter of the two.
  const worst = Math.max(...Object.values(c.ratios));
  return [
    `| ${c.rate.toLocaleString('en')} beacons a second for ${c.seconds} s, same sender, one run | answered 204 | server CPU a beacon |`,
    '| --- | --- | --- |',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    `| Patrika ÷ the floor | | ${ratio} (at most ${FLOOR_RATIO_GOAL}× the floor: ${worst <= FLOOR_RATIO_GOAL ? 'met' : 'NOT met'}) |`,
  ].join('\n');
}

/*
 * Alone: `BENCH_DATABASE_URL=postgres://…/a_database_of_its_own node --import tsx
 * bench/beacon-cost.ts` fills that database (emptied first, BENCH_ARTICLES, 1,000 by default;
 * BENCH_REUSE=1 keeps what it holds) and prints the table, BENCH_BEACON_ROUNDS times (1).
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
  for (let round = 1; round <= Number(process.env.BENCH_BEACON_ROUNDS ?? 1); round++) {
    const cost = await beaconCost({ databaseUrl, log: (line) => console.log(`bench: ${line}`) });
    console.log(`\n${beaconCostTable(cost)}\n`);
  }
}
