import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SERVER_BUILD } from '../../scripts/build-state';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/env';
import { recordUndeclaredStatuses } from './declared-statuses';
import { ensureBuild } from './spawn-server';
import { createTestDatabase } from './test-db';
import { waitUntil } from './wait-until';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  close(): Promise<void>;
}

/**
 * The app with the production build's pages mounted. Another process may be rebuilding at this
 * moment (it empties build/ first), so a missing build is waited for rather than failed on.
 */
export async function buildAppWithPages(
  config: Config,
  options: Omit<BuildAppOptions, 'web'>,
): Promise<FastifyInstance> {
  for (let attempt = 1; ; attempt++) {
    ensureBuild();
    await waitUntil(() => existsSync(SERVER_BUILD), {
      timeoutMs: 180_000,
      intervalMs: 500,
      message: `no production build appeared at ${SERVER_BUILD} (is another build stuck?)`,
    });
    try {
      return await buildApp(config, { ...options, web: 'build' });
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('No production build')) throw error;
    }
  }
}

/**
 * The real app on this file's own database and data folder: API only, or with the production
 * build's pages (`web: 'build'`, what crawlers and readers get).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'database' | 'web'> & {
    web?: 'build';
    routes?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-test-'));
  // One test process is every user at once, from one address: the per-address API ceiling is
  // raised out of its way (tests/integration/api/rate-limits.test.ts checks the ceiling itself).
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    API_RATE_LIMIT: '1000000',
    ...env,
  });
  const database = await createTestDatabase();
  const { routes, web, ...buildOptions } = options;
  let app: FastifyInstance;
  try {
    app =
      web === 'build'
        ? await buildAppWithPages(config, { ...buildOptions, database })
        : await buildApp(config, { ...buildOptions, database, web: false });
  } catch (error) {
    await database.close();
    throw error;
  }
  const undeclaredStatuses = recordUndeclaredStatuses(app);
  routes?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      const undeclared = undeclaredStatuses();
      if (undeclared.length > 0)
        throw new Error(
          `Answers the routes' schema.response does not declare (add them with errorResponses):\n  ${undeclared.join('\n  ')}`,
        );
    },
  };
}
