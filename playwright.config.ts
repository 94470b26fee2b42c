import { defineConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { BROWSER_ARGS, journeyBrowserPath } from './scripts/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Journeys run in this many workers at once, each on a site of its own (tests/e2e/fixtures.ts,
 * `site`): the first worker's is the server below, every other worker starts one like it.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/**
 * `npm test` starts the journeys beside the integration stages (scripts/test.ts), where two
 * Vitest runs share the two cores with the browsers and their sites: a page that loads in 2 s
 * alone took over 10 s there on CI's machine (stop 50). Beside them, waits are twice as long and
 * a failed journey runs once more; a journey that passes only on its second run is listed as
 * flaky in the gate's summary, never counted silently. Run alone, a journey gets one try.
 */
const loaded = process.env.E2E_BESIDE_INTEGRATION === '1';

/**
 * With E2E_DATABASE_URL (`npm test` sets it from TEST_DATABASE_URL), every site is a database of
 * its own on that PostgreSQL server, named after this run (tests/setup/seeded-site.ts); the
 * workers and the web server inherit the name, and the teardown drops the run's databases.
 */
process.env.E2E_RUN ??= randomBytes(4).toString('hex');

/**
 * Browser journeys against the built server on a fresh embedded database with demo content,
 * in Debian's Chromium (never a downloaded browser). Lighthouse's spec is one of them: it judges
 * what does not depend on the host's speed (SEO, accessibility, layout shift); its performance
 * is judged by `npm run bench` on a quiet machine (docs/decisions/028).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: loaded ? 120_000 : 60_000,
  expect: { timeout: loaded ? 20_000 : 10_000 },
  forbidOnly: true,
  globalTeardown: './tests/e2e/teardown.ts',
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/e2e.json' }],
  ],
  use: {
    baseURL,
    // Recording a trace (a screencast and a DOM snapshot at every step) was a third of the
    // journeys' CPU, for traces that every passing journey threw away. In the gate a journey
    // that fails runs once more, and that run is recorded; run alone, a failure keeps its trace.
    trace: loaded ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: journeyBrowserPath(),
      args: BROWSER_ARGS,
    },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      dependencies: ['setup'],
      retries: loaded ? 1 : 0,
    },
  ],
  webServer: {
    command: 'node --import tsx tests/e2e/server.ts',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: baseURL },
  },
});
