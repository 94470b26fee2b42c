import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  type TestUser,
} from '../../factories/index';
import { ensureBuild } from '../../setup/spawn-server';
import { createTestDatabase } from '../../setup/test-db';

let app: FastifyInstance;
let second: FastifyInstance | undefined;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: TestUser;
const dirs: string[] = [];

const pagesApp = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'patrika-cache-'));
  dirs.push(dir);
  const config = loadConfig({
    DATA_DIR: dir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://patrika.example',
  });
  const built = await buildApp(config, { database, web: 'build' });
  await built.ready();
  return built;
};

beforeAll(async () => {
  ensureBuild();
  database = await createTestDatabase();
  app = await pagesApp();
  admin = await createAdmin(app);
}, 300_000);
afterAll(async () => {
  await second?.close();
  await app.close();
  await database.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('whole-page cache for anonymous readers', () => {
  it('serves the second read from the cache, each with its own CSP nonce', async () => {
    const category = await createCategory(app, admin, { name: 'Cache News' });
    const article = await createArticle(app, admin, category._id, { name: 'Cached story' });
    const url = `/${category.slug}/${article.slug}`;
    const first = await app.inject({ url });
    const again = await app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(again.headers['x-page-cache']).toBe('hit');
    const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
    const [n1, n2] = [
      nonceOf(first.headers['content-security-policy']),
      nonceOf(again.headers['content-security-policy']),
    ];
    expect(n1).toBeTruthy();
    expect(n1).not.toBe(n2);
    expect(again.body).toContain(`nonce="${n2}"`);
    expect(again.body).not.toContain(`nonce="${n1}"`);
    expect(again.body).not.toContain('PatrikaNoncePlaceholder');
  });

  it('shows an edit at once: a change empties the cache', async () => {
    const category = await createCategory(app, admin, { name: 'Cache Edits' });
    const article = await createArticle(app, admin, category._id, { name: 'Before the edit' });
    const url = `/${category.slug}/${article.slug}`;
    await app.inject({ url });
    expect((await app.inject({ url })).headers['x-page-cache']).toBe('hit');
    const res = await app.inject({
      method: 'PUT',
      url: `/api/articles/${article._id}`,
      headers: auth(admin),
      payload: {
        name: 'After the edit',
        category: category._id,
        imageUrl: 'https://images.example.com/a.jpg',
        description: '<p>New body.</p>',
      },
    });
    expect(res.statusCode).toBe(200);
    const after = await app.inject({ url });
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).toContain('After the edit');
  });

  it('never caches for a signed-in reader', async () => {
    const cookie = `patrika_token=${admin.token}`;
    await app.inject({ url: '/', headers: { cookie } });
    const res = await app.inject({ url: '/', headers: { cookie } });
    expect(res.headers['x-page-cache']).toBeUndefined();
  });

  it('hears changes made by another process on the same database', async () => {
    second = await pagesApp();
    const category = await createCategory(app, admin, { name: 'Cache Shared' });
    const article = await createArticle(app, admin, category._id, { name: 'Seen by both' });
    const url = `/${category.slug}/${article.slug}`;
    await second.inject({ url });
    expect((await second.inject({ url })).headers['x-page-cache']).toBe('hit');
    // Deleted through the first app: the second must not keep serving it.
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/articles/delete/${article._id}`,
          headers: auth(admin),
        })
      ).statusCode,
    ).toBe(200);
    await expect
      .poll(async () => (await second!.inject({ url })).statusCode, { timeout: 5000 })
      .toBe(404);
  });
});
