import { defineConfig } from 'vitest/config';

// React Router's Vite plugin is left out under Vitest (ARCHITECTURE.md).
// Plain `npx vitest` runs both projects and never the browser specs (tests/e2e is Playwright's).
// Test files share their worker's modules (`isolate: false`): each file still builds its own app
// on its own database, but Node loads the server, React Router's build and the libraries once
// per worker instead of once per file, which was a third of the gate's CPU (docs/testing.md).
// No test file may leave global state behind (process.env, timers, globals): none does today.
// Projects with different `maxWorkers` must run as separate groups: Vitest refuses to collect
// them under one `sequence.groupOrder`, so unit runs first (group 0), integration after (group 1).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A floor far above what any unit test needs, so a busy machine never decides a
          // result; tests that start processes, workers or ESLint, or walk many generated
          // inputs, set their own (tests/setup/timeouts.ts).
          testTimeout: 30_000,
          hookTimeout: 30_000,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-db.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          // Seeding the demo site makes every image's variants: CPU work that a busy machine
          // makes many times slower (issue 22 item 3). A limit here only ends a hung test.
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // PGlite takes ~300 MB and a core per file; two cores here.
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
