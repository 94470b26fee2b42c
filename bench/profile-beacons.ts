/*
 * Where a beacon's time goes (issue 38 item 7): the built server on PostgreSQL, one process
 * (WEB_CONCURRENCY=1) on a copy of BENCH_TEMPLATE_DB (any database of a site with published
 * articles on the local PostgreSQL, such as the journeys' seeded template), BENCH_BEACONS (2,000)
 * beacons a second for BENCH_SECONDS (10) after 3 s of warm-up, with V8's profiler on. Prints the
 * beacons' figures, the server's CPU per answered beacon (from /proc), the profile's parts and
 * heaviest frames, and draws bench/results/beacons.svg (the .cpuprofile beside it).
 *
 *   BENCH_TEMPLATE_DB=patrika_e2e_seed_… node --import tsx bench/profile-beacons.ts
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuild, ROOT } from '../scripts/build-state';
import { startServer } from '../tests/setup/spawn-server';
import { beaconLoad } from './beacons';
import { profileToSvg } from './flamegraph';
import { processCpuMs, toggleProfiler } from './profile';

const BASE = 'postgres://postgres@127.0.0.1:5432';
const TEMPLATE = process.env.BENCH_TEMPLATE_DB;
if (!TEMPLATE) throw new Error('BENCH_TEMPLATE_DB: the database to copy (a site with articles)');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DB = 'patrika_beacon_profile';

ensureBuild();
const admin = new pg.Client({ connectionString: `${BASE}/postgres` });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB} TEMPLATE ${TEMPLATE}`);
const databaseUrl = `${BASE}/${DB}`;
const site = new pg.Client({ connectionString: databaseUrl });
await site.connect();
const { rows } = await site.query<{ id: string; slug: string }>(
  `SELECT id::text, slug FROM articles WHERE status = 'published' LIMIT 50`,
);
await site.end();
const stories = rows.map((r) => ({ id: r.id, path: `/x/${r.slug}` }));
const rawDir = join(ROOT, 'bench', 'results');
mkdirSync(rawDir, { recursive: true });
const profileFile = join(rawDir, 'profile-beacons.cpuprofile');
const server = await startServer(
  {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'patrika-beacons-')),
    DATABASE_URL: databaseUrl,
    WEB_CONCURRENCY: '1',
    SEED_DEMO: '0',
    API_RATE_LIMIT: '0',
    TRUST_PROXY: 'loopback',
    NODE_OPTIONS: `--require ${join(ROOT, 'bench', 'cpu-profile-preload.cjs')}`,
    BENCH_PROFILE_FILE: profileFile,
  },
  { timeoutMs: 180_000 },
);
try {
  const port = Number(new URL(server.url).port);
  await beaconLoad({ port, databaseUrl, stories, seconds: 3 });
  const cpu0 = processCpuMs(server.process.pid!);
  await toggleProfiler(server, 'started');
  const result = await beaconLoad({ port, databaseUrl, stories, seconds: SECONDS });
  // Before the profile is written: its writing is no beacon's (the profiler's sampling is).
  const cpuMs = processCpuMs(server.process.pid!) - cpu0;
  await toggleProfiler(server, 'written');
  console.log(result, `server CPU per answered beacon: ${(cpuMs / result.answered).toFixed(3)} ms`);
  const { kinds, frames } = profileToSvg(
    profileFile,
    join(rawDir, 'beacons.svg'),
    `${result.answered} beacons in ${SECONDS} s, one worker`,
  );
  console.table(kinds);
  console.table(frames.slice(0, 40));
} finally {
  await server.stop('SIGTERM');
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.end();
}
