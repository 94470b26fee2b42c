/*
 * The server process renders pages as it should however it was started: `npm start`'s command
 * with no NODE_ENV uses React's production build, and `npm run dev` serves through Vite in
 * middleware mode. Real processes on embedded sites that start from a migrated copy
 * (spawn-server.ts) with one story made through the API: the subject is how pages are made, not a
 * first start or the demo content (tests/integration/db/seed.test.ts has those). A file of its
 * own so that it runs beside process.test.ts.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/build-state';
import { articleBody } from '../../factories';
import {
  ensureBuild,
  migratedDataDir,
  startServer,
  type RunningServer,
} from '../../setup/spawn-server';
import { testEngine } from '../../setup/test-db';
import { PROCESS_TEST } from '../../setup/timeouts';

const running: RunningServer[] = [];
const dirs: string[] = [];
beforeAll(() => ensureBuild(), 300_000);
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const migratedDir = async () => {
  const d = await migratedDataDir();
  dirs.push(d);
  return d;
};

/** The first account (the administrator), a category and a published story, through the API. */
async function oneStory(url: string): Promise<string> {
  const call = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const { token } = (await call('/api/users/signup', {
    name: 'Admin',
    email: 'admin@example.com',
    password: 'correct horse battery',
  })) as { token: string };
  const category = await call(
    '/api/categories/addCategory',
    { name: 'News', description: 'News.', isHome: true },
    token,
  );
  const article = await call(
    '/api/articles/article',
    articleBody(category._id as string, { name: 'A story to render' }),
    token,
  );
  return article._id as string;
}

describe.skipIf(testEngine() !== 'pglite')('how the server process renders', () => {
  it(
    "renders with React's production build when NODE_ENV is not set (as npm start runs it)",
    async () => {
      const server = await startServer({
        DATA_DIR: await migratedDir(),
        SEED_DEMO: '0',
        NODE_ENV: '',
        NODE_OPTIONS: `--require ${join(ROOT, 'tests/setup/report-react-build.cjs')}`,
      });
      running.push(server);
      await oneStory(server.url);
      const home = await fetch(`${server.url}/`);
      expect(home.status).toBe(200);
      const article = (await home.text()).match(/href="(\/[a-z0-9-]+\/[a-z0-9-]+)"/)?.[1];
      expect(article).toBeDefined();
      expect((await fetch(`${server.url}${article}`)).status).toBe(200);
      const files = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('react-build-file: '));
      // The probe sees React's files load (so this check can fail)…
      expect(files.some((f) => /react-dom-server\.node\.production/.test(f))).toBe(true);
      expect(files.some((f) => /[\\/]react\.production/.test(f))).toBe(true);
      // …and none of them is a development build.
      expect(files.filter((f) => f.includes('.development.'))).toEqual([]);
      expect(await server.stop('SIGTERM'), server.output().slice(-3000)).toBe(0);
    },
    PROCESS_TEST,
  );

  it(
    'npm run dev serves pages through Vite in middleware mode',
    async () => {
      const server = await startServer({
        DATA_DIR: await migratedDir(),
        SEED_DEMO: '0',
        NODE_ENV: 'development',
      });
      running.push(server);
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Read latest and other stories');
      // The sources, transformed by Vite, come from the same process: the reading pages'
      // script on a reading page, the React app on an app page (docs/decisions/019).
      expect(html).toContain('src="/app/reader/main.ts"');
      const login = await (await fetch(`${server.url}/login`)).text();
      expect(login).toContain('"/app/root.tsx"');
      for (const path of ['/app/reader/main.ts', '/app/root.tsx']) {
        const source = await fetch(`${server.url}${path}`);
        expect(source.status, path).toBe(200);
        expect(source.headers.get('content-type'), path).toMatch(/javascript/);
      }
      // Vite's own signal handling is off: the shutdown is ours, and ends with 0.
      expect(await server.stop('SIGTERM')).toBe(0);
    },
    PROCESS_TEST,
  );
});
