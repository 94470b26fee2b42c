/*
 * `npm test`, the one gate (STYLE.md §22): typecheck, lint, unit tests, a production build,
 * integration tests on embedded PGlite and (with TEST_DATABASE_URL) on PostgreSQL, then the
 * browser journeys in Debian's Chromium. Stops at the first failing step.
 *
 * Outside CI a missing Chromium or TEST_DATABASE_URL skips that step with one line; with
 * CI=true either is a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build-state';
import { chromiumPath } from './chromium';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const reports = join(ROOT, 'test-results', 'counts');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };

/** Runs one step; answers its exit status. */
function step(
  title: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): number {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const status = result.status ?? 1;
  console.log(status === 0 ? `✔ ${title} (${seconds}s)` : `✖ ${title} failed (${seconds}s)`);
  return status;
}

/** Stops the whole run when a step failed, after printing the counts so far. */
function must(status: number) {
  if (status === 0) return;
  summary();
  process.exit(status);
}

const run = (title: string, command: string, args: string[], env: Record<string, string> = {}) =>
  must(step(title, command, args, env));

/** Adds up a Vitest JSON report. */
function countVitest(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

/** Adds up a Playwright JSON report. */
function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  totals.passed += r.stats.expected + r.stats.flaky;
  totals.failed += r.stats.unexpected;
  totals.skipped += r.stats.skipped;
}

function summary() {
  console.log(
    `\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
  );
}

const vitest = (project: string, report: string, env: Record<string, string> = {}) => {
  const file = join(reports, report);
  const title = `${project} tests${env.TEST_ENGINE ? ` on ${env.TEST_ENGINE}` : ''}`;
  const args = [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  const status = step(title, 'npx', args, env);
  countVitest(file);
  must(status);
};

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
vitest('unit', 'unit.json');
run('production build', 'npx', ['react-router', 'build']);
vitest('integration', 'integration-pglite.json', { TEST_ENGINE: 'pglite' });

const databaseUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  vitest('integration', 'integration-postgres.json', {
    TEST_ENGINE: 'postgres',
    TEST_DATABASE_URL: databaseUrl,
  });
} else if (ci) {
  console.error(
    '✖ CI=true but TEST_DATABASE_URL is not set: the PostgreSQL run cannot be skipped in CI.',
  );
  process.exit(1);
} else {
  console.log(
    '\n– Skipping the integration run on PostgreSQL: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to include it.',
  );
}

const chromium = chromiumPath();
if (chromium) {
  const file = join(reports, 'e2e.json');
  const status = step('browser tests (Chromium)', 'npx', ['playwright', 'test'], {
    CHROME_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  countPlaywright(file);
  must(status);
} else if (ci) {
  console.error(
    '✖ CI=true but no Chromium was found (CHROME_PATH or /usr/bin/chromium): browser tests cannot be skipped in CI.',
  );
  process.exit(1);
} else {
  console.log(
    '\n– Skipping browser tests: no Chromium at CHROME_PATH or /usr/bin/chromium (apt-get install -y chromium).',
  );
}

summary();
