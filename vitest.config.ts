import { defineConfig } from 'vitest/config';

// React Router's Vite plugin is left out under Vitest (ARCHITECTURE.md).
// Plain `npx vitest` runs both projects and never the browser specs (tests/e2e is Playwright's).
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite takes ~300 MB and a core per file; two cores here.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
