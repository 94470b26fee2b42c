import { defineConfig } from 'vitest/config';

// React Router's Vite plugin is left out under Vitest (ARCHITECTURE.md).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
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
        },
      },
    ],
  },
});
