/*
 * `npm test`, the one gate (STYLE.md §22): typecheck, lint, unit tests, a production build,
 * integration tests on embedded PGlite and (with TEST_DATABASE_URL) on PostgreSQL, then the
 * browser journeys in Debian's Chromium.
 *
 * Every stage runs even when an earlier one failed, so one failing unit test does not hide what
 * the later stages would have found (issue 22 item 3); a stage that cannot run without an
 * earlier one (the browser tests need the production build) is reported as not run, with why.
 * The end is one summary: each stage with its result and time, the test counts, and every failed
 * test by file and name, read from the Vitest and Playwright JSON reports.
 *
 *   npm test                         every stage; exits 1 if anything failed
 *   npm test -- --bail               stops at the first failing stage (the old behaviour)
 *   npm test -- --only unit,build    only the stages named (see STAGES for the names)
 *
 * Outside CI a missing Chromium or TEST_DATABASE_URL skips that stage with one line; with
 * CI=true either is a failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { buildNeeded, ROOT } from './build-state';
import { chromiumPath } from './chromium';
import { findPgBouncer } from '../tests/setup/pgbouncer';

type Outcome =
  | { kind: 'passed' | 'failed'; seconds: number; note?: string }
  | { kind: 'skipped' | 'not run' | 'not selected'; note: string };

type Stage = {
  /** The name `--only` takes. */
  name: string;
  title: string;
  /** A stage that cannot run when this one failed. */
  needs?: string;
  run: () => Outcome | Promise<Outcome>;
};

type FailedTest = { stage: string; file: string; name: string; message: string; seconds?: number };

const ci = process.env.CI === 'true' || process.env.CI === '1';
const reports = join(ROOT, 'test-results', 'counts');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedTests: FailedTest[] = [];
/** Journeys that failed once and passed on their second run (playwright.config.ts, `loaded`). */
const flakyTests: FailedTest[] = [];
/** Each stage's output as kept in a file, by title (`command` and `beside`). */
const stageLogs = new Map<string, string>();

/** The last `count` lines of a stage's log, without the terminal's colours. */
function lastLines(title: string, count: number): string[] {
  const log = stageLogs.get(title);
  if (!log || !existsSync(log)) return [];
  // eslint-disable-next-line no-control-regex -- the terminal's colour codes are what is removed
  const plain = readFileSync(log, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
  return plain.trimEnd().split('\n').slice(-count);
}

/** Each test file's time, by stage, for the slowest-files list at the end (docs/testing.md). */
const fileTimes: { stage: string; file: string; seconds: number }[] = [];

/** Runs one command with the terminal as its output; answers whether it passed, and how long. */
function command(
  title: string,
  file: string,
  args: string[],
  env: Record<string, string> = {},
): Outcome & { kind: 'passed' | 'failed' } {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  // Shown as it runs, and kept in the stage's log: a stage that fails with no test to name
  // shows its last lines in the summary (CI keeps only the end of the output).
  const log = join(reports, `${title}.log`);
  const result = spawnSync(
    'bash',
    ['-o', 'pipefail', '-c', '"$0" "$@" 2>&1 | tee "$PATRIKA_STAGE_LOG"', file, ...args],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env, PATRIKA_STAGE_LOG: log } },
  );
  stageLogs.set(title, log);
  const seconds = (Date.now() - started) / 1000;
  if (result.error) console.error(`✖ ${title}: ${result.error.message}`);
  const passed = result.status === 0;
  console.log(
    passed ? `✔ ${title} (${seconds.toFixed(1)}s)` : `✖ ${title} failed (${seconds.toFixed(1)}s)`,
  );
  return {
    kind: passed ? 'passed' : 'failed',
    seconds,
    note: result.signal ? `stopped by ${result.signal}` : undefined,
  };
}

/**
 * Starts a command beside the one in the terminal, its output kept in a file; the answer waits
 * for it to end, then shows the output and the result as `command` would.
 */
function beside(
  title: string,
  file: string,
  args: string[],
  env: Record<string, string> = {},
): () => Promise<Outcome> {
  const log = join(reports, `${title}.log`);
  stageLogs.set(title, log);
  const fd = openSync(log, 'w');
  const started = Date.now();
  const child = spawn(file, args, {
    cwd: ROOT,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...env },
  });
  const ended = new Promise<Outcome>((resolve) => {
    const done = (passed: boolean, note?: string) => {
      closeSync(fd);
      resolve({ kind: passed ? 'passed' : 'failed', seconds: (Date.now() - started) / 1000, note });
    };
    child.on('error', (error) => done(false, error.message));
    child.on('close', (code, signal) =>
      done(code === 0, signal ? `stopped by ${signal}` : undefined),
    );
  });
  return async () => {
    const outcome = await ended;
    console.log(`\n▶ ${title} (ran beside the stage before it)`);
    process.stdout.write(readFileSync(log, 'utf8'));
    const took = 'seconds' in outcome ? outcome.seconds.toFixed(1) : '?';
    console.log(
      outcome.kind === 'passed' ? `✔ ${title} (${took}s)` : `✖ ${title} failed (${took}s)`,
    );
    return outcome;
  };
}

/** Test files are named from the project's root. */
const fromRoot = (file: string) => (isAbsolute(file) ? relative(ROOT, file) : file);

/** The first line of a failure, without colours, short enough for one summary line. */
function firstLine(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- the terminal's colour codes are what is removed
  const plain = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').trim();
  const line = plain.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** Where tests/setup/unhandled-errors-reporter.ts writes the errors of the run behind `report`. */
const unhandledReport = (report: string) => report.replace(/\.json$/, '.unhandled.json');

/**
 * Lists the errors Vitest caught outside any test: they fail the run, and its JSON report
 * does not name them. Answers how many there were.
 */
function readUnhandled(stage: string, report: string): number {
  const file = unhandledReport(report);
  if (!existsSync(file)) return 0;
  const errors = JSON.parse(readFileSync(file, 'utf8')) as {
    name: string;
    message: string;
    file?: string;
    test?: string;
    stack?: string;
  }[];
  for (const error of errors)
    failedTests.push({
      stage,
      file: error.file ? fromRoot(error.file) : '(the run)',
      name: `unhandled ${error.name}${error.test ? ` during ${error.test}` : ''}`,
      message: [firstLine(error.message), ...(error.stack?.split('\n').slice(1, 5) ?? [])]
        .map((line) => line.trim())
        .join('\n        '),
    });
  return errors.length;
}

/** Adds up a Vitest JSON report and lists its failed tests; a missing report is said so. */
function readVitest(stage: string, file: string): string | undefined {
  const unhandled = readUnhandled(stage, file);
  const also = unhandled > 0 ? `, ${unhandled} unhandled error${unhandled === 1 ? '' : 's'}` : '';
  if (!existsSync(file)) return `Vitest wrote no report${also}`;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: {
      name: string;
      status: string;
      message?: string;
      startTime?: number;
      endTime?: number;
      assertionResults: {
        ancestorTitles: string[];
        title: string;
        status: string;
        duration?: number | null;
        failureMessages: string[];
      }[];
    }[];
  };
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  for (const result of r.testResults) {
    if (result.startTime && result.endTime)
      fileTimes.push({
        stage,
        file: fromRoot(result.name),
        seconds: (result.endTime - result.startTime) / 1000,
      });
    const failed = result.assertionResults.filter((t) => t.status === 'failed');
    for (const t of failed)
      failedTests.push({
        stage,
        file: fromRoot(result.name),
        name: [...t.ancestorTitles, t.title].join(' › '),
        // Vitest's JSON report writes a timed-out test's error as this placeholder.
        message: firstLine(t.failureMessages[0]).replace(
          /^Error: STACK_TRACE_ERROR$/,
          'no message in the report (a test that timed out reads so)',
        ),
        seconds: t.duration ? t.duration / 1000 : undefined,
      });
    // A file that failed outside any test (it would not load, a hook threw) has no test to name.
    if (result.status === 'failed' && failed.length === 0)
      failedTests.push({
        stage,
        file: fromRoot(result.name),
        name: '(the file itself)',
        message: firstLine(result.message),
      });
  }
  return `${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped${also}`;
}

type PlaywrightSuite = {
  title: string;
  file: string;
  specs?: {
    title: string;
    file: string;
    tests: { status: string; results: { duration?: number; error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
};

/** Adds up a Playwright JSON report and lists its failed tests. */
function readPlaywright(stage: string, file: string): string | undefined {
  if (!existsSync(file)) return 'Playwright wrote no report';
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    config: { rootDir: string };
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: PlaywrightSuite[];
    errors: { message?: string }[];
  };
  totals.passed += r.stats.expected + r.stats.flaky;
  totals.failed += r.stats.unexpected;
  totals.skipped += r.stats.skipped;
  const perFile = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const path = fromRoot(join(r.config.rootDir, spec.file));
        const ms = t.results.reduce((sum, run) => sum + (run.duration ?? 0), 0);
        perFile.set(path, (perFile.get(path) ?? 0) + ms);
        if (t.status === 'flaky')
          flakyTests.push({
            stage,
            file: fromRoot(join(r.config.rootDir, spec.file)),
            name: [...titles, spec.title].join(' › '),
            message: firstLine(t.results.find((run) => run.error)?.error?.message),
          });
        if (t.status === 'unexpected')
          failedTests.push({
            stage,
            file: fromRoot(join(r.config.rootDir, spec.file)),
            name: [...titles, spec.title].join(' › '),
            message: firstLine(t.results.at(-1)?.error?.message),
          });
      }
    // The outermost suite is the file; the ones inside it are describe blocks.
    for (const inner of suite.suites ?? []) walk(inner, [...titles, inner.title]);
  };
  for (const suite of r.suites) walk(suite, []);
  for (const [path, ms] of perFile) fileTimes.push({ stage, file: path, seconds: ms / 1000 });
  for (const error of r.errors ?? [])
    failedTests.push({ stage, file: '(the run)', name: '', message: firstLine(error.message) });
  const flaky = r.stats.flaky > 0 ? ` (${r.stats.flaky} on a second run)` : '';
  return `${r.stats.expected + r.stats.flaky} passed${flaky}, ${r.stats.unexpected} failed, ${r.stats.skipped} skipped`;
}

function vitest(
  project: string,
  report: string,
  env: Record<string, string> = {},
  opts: { title?: string; files?: readonly string[]; exclude?: readonly string[] } = {},
): Outcome & { kind: 'passed' | 'failed' } {
  const file = join(reports, report);
  const title = opts.title ?? `${project} tests${env.TEST_ENGINE ? ` on ${env.TEST_ENGINE}` : ''}`;
  const outcome = command(
    title,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      '--reporter=./tests/setup/unhandled-errors-reporter.ts',
      ...(opts.exclude ?? []).flatMap((glob) => ['--exclude', glob]),
      ...(opts.files ?? []),
    ],
    { ...env, VITEST_UNHANDLED_REPORT: unhandledReport(file) },
  );
  const counts = readVitest(title, file);
  return { ...outcome, note: [counts, outcome.note].filter(Boolean).join('; ') };
}

/**
 * The integration files run again through PgBouncer: reading and saving articles, the
 * newsroom's moves and jobs (advisory locks), search, counted views, the pages and their cache
 * (whose change notices LISTEN on a direct connection), and the pooler's own checks.
 */
const POOLER_SMOKE_SET = [
  'tests/integration/db/pooler.test.ts',
  'tests/integration/api/articles.test.ts',
  'tests/integration/api/newsroom.test.ts',
  'tests/integration/api/search.test.ts',
  'tests/integration/api/views-batches.test.ts',
  'tests/integration/web/page-cache.test.ts',
] as const;

/**
 * Files whose subject is the same on either engine. With PostgreSQL in the run (the engine
 * production sites run) they run there only; without it, on PGlite. What either engine does its
 * own way runs on both: writes, transactions, jobs, locks and the events' order (api/, db/ and
 * the server's processes, backups and archives), the page cache's change notices (web/page-cache),
 * search with pg_trgm (web/search-page, api/search) and the demo seeding (web/pages).
 * - the pages' HTML: the same React render of the same queries;
 * - the API's own shape: its OpenAPI document, refusals' codes and declared statuses, the roles
 *   matrix (permissions) and hostile bodies (bad-input), which never reach a query, proxies,
 *   Node's parser, the per-address ceiling;
 * - images: decoding, variants, metadata, deadlines and fetches are sharp's and the storage's,
 *   not the database's (media storage in the database runs on both, in media-prune and
 *   media-migrate);
 * - what leaves the process: logs, metrics, health, purges to a CDN or Varnish, S3;
 * - the relevance set, a judgement of the ranking that api/search already runs on both;
 * - a feature's details once its writes run on both: what either engine does its own way is the
 *   transaction, the lock, the job's lease and the change's event, and each kind runs on PGlite
 *   in the files that own it (articles, newsroom, categories, revisions, live blog, breaking,
 *   events, users, views, comments, payments, webhooks, the fediverse, the media library,
 *   newsletters and their sending, analytics, the processes and archives). The files below ask
 *   the same writes their questions of detail (rights, texts, filters, refusals, reports): on
 *   PGlite each cost four seconds of start for a second of tests (docs/testing.md).
 */
const ONE_ENGINE_FILES = [
  'tests/integration/web/!(page-cache|search-page|pages).test.ts',
  'tests/integration/api/{openapi,trust-proxy,declared-statuses,error-codes,permissions,bad-input,rate-limits}.test.ts',
  'tests/integration/api/{media,media-background-variants,article-html-bounds,search-relevance}.test.ts',
  'tests/integration/api/{admin-list-dashboard,ads,analytics-finished,beacon-lean-app,analytics-reports,analytics-settings,api-keys,article-history-fields,article-notes,audit,audit-user-deleted,category-sections,comment-mail,comment-moderation,comment-reports,comment-rules,comments-open,counts-hard-to-fake,draft-without-image,editions-desks,factor-reauth,mail,member-admin,passkey-sign-in,passkeys,payments-held,push,random-picks,search-demo,second-factors,second-factors-hold,sessions,single-sign-on,single-sign-on-rules,translations,typing-vocabulary,v1-read-api,webhook-disable}.test.ts',
  'tests/integration/readers/{comment-rights,email-link,follows-saved,newsletter-digests,newsletter-views,proved-addresses,reader-pages-cache,reader-rights,recent-issues,subscriber-lists}.test.ts',
  'tests/integration/server/{co-editing-rights,signing-key-warning}.test.ts',
  'tests/integration/db/pg-transactions.test.ts',
  'tests/integration/server/{client-errors,errors,health,log-redaction,request-log,metrics,operator-commands}.test.ts',
  'tests/integration/server/{media-decode-deadline,media-variants,media-metadata,image-fetch}.test.ts',
  'tests/integration/server/{cdn-purge,varnish,s3-media,s3-media-tools}.test.ts',
  // A real server killed mid-page and started again; the leases' takeover runs on both engines
  // in api/epaper-processing.test.ts.
  'tests/integration/server/epaper-kill.test.ts',
] as const;

/**
 * Files that judge a deadline in wall time (the heaviest allowed image decoded within the
 * default 30 s): on PostgreSQL they run after the journeys, not beside them.
 */
const AFTER_JOURNEYS_FILES = ['tests/integration/server/media-decode-deadline.test.ts'] as const;

let lintBeside: (() => Promise<Outcome>) | undefined;
let journeysBeside: (() => Promise<Outcome>) | undefined;

/** Why the browser stages cannot run here, or undefined when they can. */
function browserMissing(): Outcome | undefined {
  if (!chromiumPath()) {
    if (ci) {
      const note =
        'CI=true but no Chromium was found (CHROME_PATH or /usr/bin/chromium): browser tests cannot be skipped in CI';
      console.error(`\n✖ ${note}.`);
      return { kind: 'failed', seconds: 0, note };
    }
    console.log(
      '\n– Skipping browser tests: no Chromium at CHROME_PATH or /usr/bin/chromium (apt-get install -y chromium).',
    );
    return { kind: 'skipped', note: 'no Chromium at CHROME_PATH or /usr/bin/chromium' };
  }
  // The browser tests serve the production build as it is; they never build it.
  const stale = buildNeeded();
  if (stale) return { kind: 'not run', note: `no current production build (${stale})` };
  return undefined;
}

/** The journeys (Lighthouse's spec among them), started now; the answer waits for their end. */
function startJourneys(): () => Promise<Outcome> {
  const missing = browserMissing();
  if (missing) return async () => missing;
  return beside(
    'browser tests (Chromium)',
    'npx',
    ['playwright', 'test', '--project=setup', '--project=chromium', '--output=test-results/e2e'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json'),
      // Longer waits and one more run for a failed journey (playwright.config.ts, `loaded`).
      E2E_BESIDE_INTEGRATION: '1',
      // The sites on PostgreSQL when the run has it (tests/setup/seeded-site.ts): their queries
      // then run beside the server instead of in its thread, the CPU the journeys spent most on.
      ...(process.env.TEST_DATABASE_URL ? { E2E_DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    },
  );
}
const selected = (name: string) => !options.only || options.only.includes(name);

const STAGES: Stage[] = [
  {
    name: 'typecheck',
    title: 'typecheck',
    run: () => {
      // Each runs on one core: lint goes beside the typecheck (and the unit tests and the build
      // after it), whose compiler (TypeScript 7, docs/decisions/062) checks with one checker
      // instead of four: on two cores the other three only repeat work (10 s of CPU against 18,
      // in about the same wall time).
      if (selected('lint')) lintBeside = beside('lint', 'npm', ['run', '--silent', 'lint']);
      return command('typecheck', 'npm', ['run', '--silent', 'typecheck', '--', '--checkers', '1']);
    },
  },
  { name: 'unit', title: 'unit tests', run: () => vitest('unit', 'unit.json') },
  {
    name: 'build',
    title: 'production build',
    // The pages (React Router) and the compiled server that npm start runs.
    run: () => {
      const outcome = command('production build', 'npm', ['run', '--silent', 'build']);
      if (outcome.kind === 'passed' && selected('browser')) journeysBeside = startJourneys();
      return outcome;
    },
  },
  {
    // Waited for here, after the unit tests and the build: the typecheck ends long before the
    // lint (10 s of CPU against 45), and the unit tests and the build use the core it frees.
    name: 'lint',
    title: 'lint',
    run: () => lintBeside?.() ?? command('lint', 'npm', ['run', '--silent', 'lint']),
  },
  {
    name: 'postgres',
    title: 'integration tests on postgres',
    needs: 'build',
    run: () => {
      const databaseUrl = process.env.TEST_DATABASE_URL;
      if (databaseUrl)
        return vitest(
          'integration',
          'integration-postgres.json',
          { TEST_ENGINE: 'postgres', TEST_DATABASE_URL: databaseUrl },
          { exclude: AFTER_JOURNEYS_FILES },
        );
      if (ci) {
        const note =
          'CI=true but TEST_DATABASE_URL is not set: the PostgreSQL run cannot be skipped in CI';
        console.error(`\n✖ ${note}.`);
        return { kind: 'failed', seconds: 0, note };
      }
      console.log(
        '\n– Skipping the integration run on PostgreSQL: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to include it.',
      );
      return { kind: 'skipped', note: 'TEST_DATABASE_URL is not set' };
    },
  },
  {
    // Issue 28 item 3: a site behind PgBouncer in transaction mode (DATABASE_PREPARED=0).
    name: 'pgbouncer',
    title: 'integration smoke set through PgBouncer',
    needs: 'build',
    run: () => {
      const databaseUrl = process.env.TEST_DATABASE_URL;
      const missing = !databaseUrl
        ? 'TEST_DATABASE_URL is not set'
        : !findPgBouncer()
          ? 'pgbouncer is not installed (apt-get install pgbouncer)'
          : undefined;
      if (missing) {
        if (ci) {
          const note = `CI=true but ${missing}: the PgBouncer run cannot be skipped in CI`;
          console.error(`\n✖ ${note}.`);
          return { kind: 'failed', seconds: 0, note };
        }
        console.log(`\n– Skipping the smoke set through PgBouncer: ${missing}.`);
        return { kind: 'skipped', note: missing };
      }
      return vitest(
        'integration',
        'integration-pgbouncer.json',
        { TEST_ENGINE: 'postgres', TEST_DATABASE_URL: databaseUrl!, TEST_PGBOUNCER: '1' },
        { title: 'integration smoke set through PgBouncer', files: POOLER_SMOKE_SET },
      );
    },
  },
  {
    // After PostgreSQL's stages: those wait on processes, mail and timers for about a third of
    // their time, which the journeys beside them use; the embedded engine's files keep both
    // cores busy (WebAssembly in the test's own thread) and end the run once the journeys are
    // done (docs/testing.md). Most integration files serve the build's pages; after a failed
    // build each would try the same build again (tests/setup/test-app.ts) and fail on it. Run
    // alone (`--only`), they build what they need themselves.
    name: 'pglite',
    title: 'integration tests on pglite',
    needs: 'build',
    run: () =>
      vitest(
        'integration',
        'integration-pglite.json',
        { TEST_ENGINE: 'pglite' },
        process.env.TEST_DATABASE_URL
          ? {
              title: 'integration tests on pglite (what differs by engine)',
              exclude: ONE_ENGINE_FILES,
            }
          : {},
      ),
  },
  {
    // Started beside the integration stages (as the lint beside the typecheck): the journeys
    // wait on pages and timers for a third of their time, which the integration files use.
    name: 'browser',
    title: 'browser tests (Chromium)',
    needs: 'build',
    run: async () => {
      const outcome = await (journeysBeside?.() ?? startJourneys()());
      if (outcome.kind !== 'passed' && outcome.kind !== 'failed') return outcome;
      const counts = readPlaywright('browser tests', join(reports, 'e2e.json'));
      return { ...outcome, note: [counts, outcome.note].filter(Boolean).join('; ') };
    },
  },
  {
    name: 'deadlines',
    title: 'integration files that judge a deadline, after the journeys',
    needs: 'build',
    run: () => {
      const databaseUrl = process.env.TEST_DATABASE_URL;
      // Without PostgreSQL they ran in the PGlite stage.
      if (!databaseUrl) return { kind: 'skipped', note: 'ran on PGlite (no TEST_DATABASE_URL)' };
      return vitest(
        'integration',
        'integration-deadlines.json',
        { TEST_ENGINE: 'postgres', TEST_DATABASE_URL: databaseUrl },
        {
          title: 'integration files that judge a deadline, after the journeys',
          files: AFTER_JOURNEYS_FILES,
        },
      );
    },
  },
];

const names = STAGES.map((s) => s.name);
let options: { bail: boolean; only: string[] | undefined };
try {
  const { values } = parseArgs({
    options: { bail: { type: 'boolean', default: false }, only: { type: 'string' } },
    strict: true,
  });
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only?.filter((name) => !names.includes(name)) ?? [];
  if (unknown.length > 0) throw new Error(`no stage named ${unknown.join(', ')}`);
  options = { bail: values.bail, only };
} catch (error) {
  console.error(`npm test: ${(error as Error).message}`);
  console.error(`usage: npm test [-- --bail] [-- --only ${names.join(',')}]`);
  process.exit(2);
}

// Everything below runs on the Node that npm installs (the `node` package, docs/decisions/048):
// npm puts it first on the scripts' PATH, whatever the system's Node is.
const nodeMajor = Number(process.versions.node.split('.')[0]);
console.log(`npm test on Node ${process.version}`);
if (nodeMajor < 22) {
  console.error(
    `npm test: Node ${process.version} is older than Patrika needs (22); run it through npm (npm test), which uses node_modules/.bin/node.`,
  );
  process.exit(2);
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/**
 * CPU seconds the finished children of this process have used (Linux's cutime and cstime in
 * /proc/self/stat): a stage's share of the two cores, whatever else the machine was doing. The
 * gate's budget is wall time on a quiet machine, and on two cores its floor is half its CPU.
 */
function childCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined; // not Linux
  }
}
const cpuOf = new Map<string, number>();

const started = Date.now();
const outcomes = new Map<string, Outcome>();
let stoppedBy: string | undefined;
for (const stage of STAGES) {
  let outcome: Outcome;
  const needed = stage.needs ? outcomes.get(stage.needs) : undefined;
  if (options.only && !options.only.includes(stage.name))
    outcome = { kind: 'not selected', note: '--only' };
  else if (stoppedBy) outcome = { kind: 'not run', note: `--bail: ${stoppedBy} failed` };
  else if (needed && needed.kind !== 'passed' && needed.kind !== 'not selected') {
    const title = STAGES.find((s) => s.name === stage.needs)!.title;
    outcome = {
      kind: 'not run',
      note: `it needs the ${title}, which ${needed.kind === 'failed' ? 'failed' : 'did not run'}`,
    };
    console.log(`\n– Not running ${stage.title}: ${outcome.note}.`);
  } else {
    const before = childCpuSeconds();
    outcome = await stage.run();
    const after = childCpuSeconds();
    if (before !== undefined && after !== undefined) cpuOf.set(stage.name, after - before);
  }
  outcomes.set(stage.name, outcome);
  if (outcome.kind === 'failed' && options.bail) stoppedBy = stage.title;
}

/** 75.3 → "1m 15s". */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m ${whole % 60}s`;
}

const MARKS: Record<Outcome['kind'], string> = {
  passed: '✔',
  failed: '✖',
  skipped: '–',
  'not run': '–',
  'not selected': ' ',
};
const width = Math.max(...STAGES.map((s) => s.title.length));
console.log('\n── Summary ──');
for (const stage of STAGES) {
  const o = outcomes.get(stage.name)!;
  if (o.kind === 'not selected') continue;
  const time = 'seconds' in o ? duration(o.seconds).padStart(8) : ''.padStart(8);
  const cpu = cpuOf.get(stage.name);
  const cpuText = (cpu === undefined ? '' : `${duration(cpu)} CPU`).padStart(12);
  const what = o.kind === 'passed' || o.kind === 'failed' ? o.kind.padEnd(6) : o.kind;
  console.log(
    `${MARKS[o.kind]} ${stage.title.padEnd(width)}  ${time}${cpuText}  ${what}${o.note ? `  ${o.note}` : ''}`,
  );
}
const all = [...outcomes.values()];
const count = (kind: Outcome['kind']) => all.filter((o) => o.kind === kind).length;
const unselected = STAGES.filter((s) => outcomes.get(s.name)!.kind === 'not selected');
if (unselected.length > 0)
  console.log(`  (not selected by --only: ${unselected.map((s) => s.name).join(', ')})`);
console.log(
  `\nstages: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped, ${count('not run')} not run (${duration((Date.now() - started) / 1000)})`,
);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
const totalCpu = [...cpuOf.values()].reduce((a, b) => a + b, 0);
if (totalCpu > 0)
  console.log(
    `CPU: ${duration(totalCpu)} in all (the lint beside the typecheck counts in the stage it ended in); on ${cpus().length} cores no shorter than ${duration(totalCpu / cpus().length)}`,
  );
const slowest = fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
if (slowest.length > 0) {
  console.log('\nSlowest test files:');
  for (const t of slowest)
    console.log(`  ${duration(t.seconds).padStart(8)}  [${t.stage}] ${t.file}`);
}
if (flakyTests.length > 0) {
  console.log('\nPassed only on a second run (flaky: each is a bug or a race to look into):');
  for (const t of flakyTests) {
    console.log(`  ⚠ [${t.stage}] ${t.file}${t.name ? ` › ${t.name}` : ''}`);
    if (t.message) console.log(`      first run: ${t.message}`);
  }
}
// A stage that failed with no test to name (an error at its start or end, outside any test):
// the end of its output says why.
for (const stage of STAGES) {
  const o = outcomes.get(stage.name)!;
  if (o.kind !== 'failed') continue;
  const title = [...stageLogs.keys()].find((t) => t === stage.title || t.startsWith(stage.title));
  // Failed tests name their stage by the title their runner was given ("browser tests").
  const named = (t: FailedTest) => t.stage === title || stage.title.startsWith(t.stage);
  if (!title || failedTests.some(named)) continue;
  console.log(`\n✖ ${stage.title} failed with no test to name; the end of its output:`);
  for (const line of lastLines(title, 40)) console.log(`    ${line}`);
}
if (failedTests.length > 0) {
  console.log('\nFailed tests:');
  for (const t of failedTests) {
    const took = t.seconds === undefined || t.seconds < 1 ? '' : ` (${duration(t.seconds)})`;
    console.log(`  ✖ [${t.stage}] ${t.file}${t.name ? ` › ${t.name}` : ''}${took}`);
    if (t.message) console.log(`      ${t.message}`);
  }
}
process.exit(count('failed') > 0 ? 1 : 0);
