/*
 * The WordPress importer's rate at scale (issue 71 item 4: at 100,000 posts, at least 200
 * stories a second):
 *
 *   node --import tsx bench/wordpress-rate.ts [--posts=N] [--cpu-prof] [--keep]
 *
 * Writes a WXR 1.2 export of N posts (100,000 unless told; bench/wordpress-wxr.ts says what is
 * in it) and its uploads folder into a temporary folder, makes a PostgreSQL database of its
 * own (patrika_bench_wprate_…, on BENCH_DATABASE_URL's server, default the local one) and runs
 * the import there as `npm run import:wordpress -- export.xml --media-dir uploads` runs it (the
 * compiled command on plain node, built first if stale). Prints the stories a second overall
 * and by phase (reading the file, writing rows, storing images, search indexing, from the
 * report's "Took" line), the command's peak RSS and the load average, then drops the
 * database and the folder. It also prints the CPU time the command used, and the CPU time of
 * the PostgreSQL backends serving its database (read from /proc while it runs, when the server
 * is on this machine): on a machine shared with other work, seconds of CPU a story say what a
 * story costs where the rate also says how busy the machine was. `--cpu-prof` writes the command's V8 CPU profile into
 * bench/results/; `--keep` keeps the database and the folder (their names are printed).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { commandBundle, ensureBuild, ROOT } from '../scripts/build-state';
import { withDatabase } from '../tests/setup/database-url';
import { writeWxr } from './wordpress-wxr';

const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const POSTS = Number(arg('posts') ?? 100_000);
const CPU_PROF = process.argv.includes('--cpu-prof');
const KEEP = process.argv.includes('--keep');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Runs the command; answers its output, exit code and peak RSS (MB, VmHWM read at its end). */
function runImport(args: string[], env: NodeJS.ProcessEnv) {
  const preload = join(ROOT, 'bench', 'max-rss-preload.cjs');
  const node = [
    '--require',
    preload,
    ...(CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', join(ROOT, 'bench', 'results')] : []),
    '--enable-source-maps',
    commandBundle('import-wordpress'),
    ...args,
  ];
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, node, { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS = 100;

/**
 * Watches the PostgreSQL backends serving `database` (polled from pg_stat_activity, each one's
 * CPU read from /proc): `stop()` answers their CPU seconds, or undefined when the server's
 * processes cannot be read here (another machine).
 */
function watchBackends(admin: pg.Client, database: string) {
  const ticks = new Map<number, number>();
  let readable = true;
  const poll = async () => {
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    for (const { pid } of rows) {
      try {
        // Fields 14 and 15 (utime, stime), after the command's name in parentheses.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ticks.set(pid, Number(fields[11]) + Number(fields[12]));
      } catch (error) {
        // A backend that has ended since (the migrations' connections) is passed over.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') readable = false;
      }
    }
  };
  let polling = poll();
  const timer = setInterval(() => {
    polling = polling.then(poll, poll);
  }, 100);
  return async () => {
    clearInterval(timer);
    await polling.catch(() => undefined);
    if (!readable || ticks.size === 0) return undefined;
    return [...ticks.values()].reduce((a, b) => a + b, 0) / TICKS;
  };
}

/** The report's "Took" line as seconds by phase. */
function phases(stdout: string) {
  const took =
    /Took ([\d.]+) s: reading ([\d.]+) s, writing ([\d.]+) s, images ([\d.]+) s, search indexing ([\d.]+) s/.exec(
      stdout,
    );
  if (!took) throw new Error(`no "Took" line in the import's report:\n${stdout.slice(-2000)}`);
  const [, all, reading, writing, media, indexing] = took.map(Number);
  return { all, reading, writing, media, indexing } as Record<string, number>;
}

async function main() {
  if (!Number.isInteger(POSTS) || POSTS < 1) throw new Error('--posts=N takes a whole number');
  ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), 'patrika-bench-wprate-'));
  const file = join(dir, 'export.xml');
  const uploads = join(dir, 'uploads');
  const dataDir = join(dir, 'data');
  mkdirSync(uploads);
  mkdirSync(dataDir);
  const name = `patrika_bench_wprate_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  try {
    let at = performance.now();
    const counts = await writeWxr(file, uploads, POSTS);
    const mb = statSync(file).size / 1024 / 1024;
    console.log(
      `export of ${POSTS} posts (${counts.published} published, ${counts.pages} pages, ${counts.comments} comments): ${mb.toFixed(0)} MB, written in ${((performance.now() - at) / 1000).toFixed(1)} s`,
    );
    await admin.query(`CREATE DATABASE ${name}`);
    const env = {
      ...process.env,
      DATABASE_URL: withDatabase(POSTGRES, name),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
    const loadBefore = load();
    at = performance.now();
    const backends = watchBackends(admin, name);
    const run = await runImport([file, '--media-dir', uploads], env);
    const wall = (performance.now() - at) / 1000;
    const backendCpu = await backends();
    if (run.code !== 0) throw new Error(`the import failed (${run.code}):\n${run.stderr}`);
    const peak = /max-rss-mb (\d+)/.exec(run.stderr)?.[1];
    const cpu = Number(/cpu-s ([\d.]+)/.exec(run.stderr)?.[1]);
    const took = phases(run.stdout);
    const rate = (s: number | undefined) => (s ? Math.round(POSTS / s) : 0);
    console.log(
      run.stdout
        .split('\n')
        .filter((l) => /^\S.*\d+: /.test(l) || /created,|Took/.test(l))
        .join('\n'),
    );
    console.log(
      `\nWordPress import of ${POSTS} posts (load average before ${loadBefore}, after ${load()})`,
    );
    console.log(`  command, start to end   ${wall.toFixed(1)} s   ${rate(wall)} stories/s`);
    for (const [phase, label] of [
      ['all', 'import (report)'],
      ['reading', 'reading the file'],
      ['writing', 'writing rows'],
      ['media', 'storing images'],
      ['indexing', 'search indexing'],
    ] as const)
      console.log(
        `  ${label.padEnd(22)}  ${took[phase]!.toFixed(1).padStart(6)} s   ${rate(took[phase])} stories/s`,
      );
    console.log(`  peak RSS of the command  ${peak ?? '?'} MB`);
    const perStory = (s: number) => `${((s * 1000) / POSTS).toFixed(2)} ms a story`;
    console.log(`  CPU of the command       ${cpu.toFixed(1)} s   ${perStory(cpu)}`);
    if (backendCpu !== undefined)
      console.log(
        `  CPU of its PostgreSQL    ${backendCpu.toFixed(1)} s   ${perStory(backendCpu)} (its backends, from /proc)`,
      );
  } finally {
    if (KEEP) console.log(`kept: database ${name}, folder ${dir}`);
    else {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    }
    await admin.end();
  }
}

await main();
