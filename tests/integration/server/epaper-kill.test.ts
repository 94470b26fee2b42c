/*
 * kill -9 during an e-paper page's processing (issue 67's acceptance): the compiled server is
 * killed while a stage of the page is in its hands, started again on the same database, and the
 * page ends processed: every stage done, each step's event recorded exactly once, no lease
 * held, the killed process's work folder gone. One small page (one-page.pdf) is processed.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpaperIssue } from '../../../common/schemas/epaper';
import { epaperFixture } from '../../factories/epaper';
import {
  ensureBuild,
  migratedDataDir,
  startServer,
  type RunningServer,
} from '../../setup/spawn-server';
import { createTestDatabase, testEngine } from '../../setup/test-db';
import { PROCESS_TEST } from '../../setup/timeouts';
import { waitUntil } from '../../setup/wait-until';

const running: RunningServer[] = [];
const dirs: string[] = [];
beforeAll(() => ensureBuild(), 300_000);
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A JSON call to `url` as `token`. */
async function call(url: string, init: { method?: string; body?: unknown; token?: string }) {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text) as Record<string, unknown>;
}

describe('e-paper processing killed', () => {
  it(
    'ends with every page processed exactly once after kill -9 and a restart',
    async () => {
      const database = testEngine() === 'postgres' ? await createTestDatabase() : undefined;
      try {
        const dataDir = await migratedDataDir();
        dirs.push(dataDir);
        const env = {
          DATA_DIR: dataDir,
          SEED_DEMO: '0',
          WEB_CONCURRENCY: '1',
          ...(database ? { DATABASE_URL: database.url as string } : {}),
        };
        const first = await startServer(env);
        running.push(first);
        const { token } = (await call(`${first.url}/api/users/signup`, {
          body: {
            name: 'Desk chief',
            email: 'chief@example.com',
            password: 'a long enough password',
          },
        })) as { token: string };
        const state = (await call(`${first.url}/api/editions`, {
          token,
          body: {
            slug: 'rajasthan',
            kind: 'state',
            parentId: '00000000-0000-4000-8000-000000000065',
            names: { hi: 'राजस्थान', en: 'Rajasthan' },
          },
        })) as { _id: string };
        await call(`${first.url}/api/editions`, {
          token,
          body: {
            slug: 'jaipur',
            kind: 'city',
            parentId: state._id,
            names: { hi: 'जयपुर', en: 'Jaipur' },
          },
        });
        const issue = (await call(`${first.url}/api/epaper/issues`, {
          token,
          body: { edition: 'jaipur', date: '2026-11-29' },
        })) as unknown as EpaperIssue;
        const form = new FormData();
        form.append(
          'file',
          new Blob([epaperFixture('one-page.pdf')], { type: 'application/pdf' }),
          'page-1.pdf',
        );
        const uploaded = await fetch(`${first.url}/api/epaper/issues/${issue._id}/pages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        expect(uploaded.status, await uploaded.clone().text()).toBe(201);
        const progressOf = async (url: string) =>
          (
            (await call(`${url}/api/epaper/issues/${issue._id}`, {
              token,
            })) as unknown as EpaperIssue
          ).pages[0]!.progress;

        // The jobs are polled every 2 s; the page's stages start, and the server is killed in
        // the middle of one.
        let seen = await progressOf(first.url);
        await waitUntil(
          async () => {
            seen = await progressOf(first.url);
            return Object.values(seen).includes('working');
          },
          {
            timeoutMs: 60_000,
            intervalMs: 20,
            message: 'a stage at work',
            detail: () => JSON.stringify(seen),
          },
        );
        await first.stop('SIGKILL');
        const killedPid = first.process.pid!;
        expect(
          Object.values(seen).every((s) => s === 'done'),
          JSON.stringify(seen),
        ).toBe(false);

        // Started again on the same database: the lease runs out, the watchdog job takes over.
        const second = await startServer(env);
        running.push(second);
        await waitUntil(
          async () =>
            Object.values((seen = await progressOf(second.url))).every((s) => s === 'done'),
          {
            timeoutMs: 180_000,
            intervalMs: 500,
            message: 'the page processed',
            detail: () => JSON.stringify(seen),
          },
        );
        const { events } = (await call(`${second.url}/api/events?limit=1000`, { token })) as {
          events: { type: string; data: { stage: string } }[];
        };
        const steps = events.filter((e) => e.type === 'epaper.page').map((e) => e.data.stage);
        expect(steps.sort()).toEqual(['ocr', 'tiles', 'views']);
        const page = (
          (await call(`${second.url}/api/epaper/issues/${issue._id}`, {
            token,
          })) as unknown as EpaperIssue
        ).pages[0]!;
        for (const url of [page.view!.webp, page.view!.thumb, `${page.tiles!.url}/8/0_0.webp`])
          expect((await fetch(`${second.url}${url}`)).status, url).toBe(200);
        // The killed process's work folder is gone (removed at the second start).
        const work = join(dataDir, 'epaper-work');
        const left = existsSync(work) ? readdirSync(work) : [];
        expect(left.filter((name) => name.startsWith(`${killedPid}-`))).toEqual([]);
        expect(await second.stop('SIGTERM')).toBe(0);
      } finally {
        await database?.close();
      }
    },
    PROCESS_TEST,
  );
});
