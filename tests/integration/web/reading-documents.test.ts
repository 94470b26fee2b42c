/*
 * Reading pages are answered by plugins/reading-documents.ts, not by React Router's request
 * handler. Two apps on one database, one of them without that path (its module mocked away, so
 * React Router's handler answers everything), must answer every kind of reading request alike:
 * the same status, headers that matter and document. The only bytes allowed to differ are React
 * Router's empty hydration-stream boundary, which a reading page never read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { categoryPath } from '../../../common/paths';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import { createAdmin, createArticle, createCategory, type TestUser } from '../../factories/index';
import { ensureBuild } from '../../setup/spawn-server';
import { createTestDatabase } from '../../setup/test-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let reading: FastifyInstance;
let viaRouter: FastifyInstance;
let admin: TestUser;
const dirs: string[] = [];

const configFor = () => {
  const dir = mkdtempSync(join(tmpdir(), 'patrika-reading-'));
  dirs.push(dir);
  return loadConfig({
    DATA_DIR: dir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://patrika.example',
  });
};

beforeAll(async () => {
  ensureBuild();
  database = await createTestDatabase();
  reading = await buildApp(configFor(), { database, web: 'build' });
  await reading.ready();
  // The same server, with React Router's handler answering every page.
  vi.resetModules();
  vi.doMock('../../../server/plugins/reading-documents', () => ({
    readingDocuments: () => async () => undefined,
  }));
  const fresh: { buildApp: typeof buildApp } = await import('../../../server/app');
  viaRouter = await fresh.buildApp(configFor(), { database, web: 'build', pollJobs: false });
  await viaRouter.ready();
  admin = await createAdmin(reading);
}, 300_000);

afterAll(async () => {
  await viaRouter?.close();
  await reading?.close();
  await database?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A cookie that skips the page cache (signed in, by a token that signs no one in). */
const UNCACHED = { cookie: 'patrika_token=not-a-token' };
const KEPT_HEADERS = ['content-type', 'cache-control', 'location', 'set-cookie', 'x-robots-tag'];
/** React Router's Suspense around the hydration stream: empty, and only in its documents. */
const STREAM_BOUNDARY = '<!--$--><!--/$-->';

async function answersAlike(method: 'GET' | 'HEAD', url: string) {
  const [ours, theirs] = await Promise.all(
    [reading, viaRouter].map((app) => app.inject({ method, url, headers: UNCACHED })),
  );
  const facts = (res: typeof ours) => ({
    status: res!.statusCode,
    headers: Object.fromEntries(KEPT_HEADERS.map((h) => [h, res!.headers[h]])),
    body: res!.body.replace(STREAM_BOUNDARY, ''),
  });
  expect(facts(ours), `${method} ${url}`).toEqual(facts(theirs));
  // Each answer came the way it should have: only React Router's carries its stream boundary.
  if (method === 'GET' && /^text\/html/.test(String(ours!.headers['content-type']))) {
    expect(ours!.body, url).not.toContain(STREAM_BOUNDARY);
    expect(theirs!.body, url).toContain(STREAM_BOUNDARY);
  }
  return ours!;
}

describe('reading pages without React Router’s document request', () => {
  it('answers every kind of reading request as React Router’s handler does', async () => {
    const category = await createCategory(reading, admin, { name: 'Reading Path' });
    const first = await createArticle(reading, admin, category._id, { name: 'The first story' });
    const hindi = await createArticle(reading, admin, category._id, {
      name: 'पहली हिंदी ख़बर',
      description: '<p>यह ख़बर हिंदी में है।</p>',
    });
    const article = await answersAlike('GET', `/${category.slug}/${first.slug}`);
    expect(article.statusCode).toBe(200);
    expect(article.body).toContain('The first story');
    // The other story is its only possible suggestion, so both renders show the same one.
    expect(article.body).toContain('पहली हिंदी ख़बर');
    const author = /href="(\/author\/[^"]+)"/.exec(article.body)?.[1];
    expect(author).toBeDefined();

    const urls = [
      '/',
      categoryPath(category.slug),
      `${categoryPath(category.slug)}?page=2`,
      `/${category.slug}/${encodeURIComponent(hindi.slug)}`,
      '/about-us',
      '/privacy-policy',
      author!,
      '/search?q=story',
      '/search',
      // Not found: an unknown article, category, author and address, and the 404 page itself.
      `/${category.slug}/no-such-story`,
      '/category/no-such-category',
      '/author/no-such-author',
      '/no/such/address/at/all',
      '/404',
      // Redirects: an old address of a story, the wrong category of a story, old numbers.
      `/article/${first.slug}`,
      `/another-category/${first.slug}?utm_source=x`,
      '/articles/12345',
    ];
    for (const url of urls) await answersAlike('GET', url);
    await answersAlike('HEAD', '/');
    await answersAlike('HEAD', `/${category.slug}/${first.slug}`);
  });

  it('renders a failing page’s error view alike, without the error’s own message', async () => {
    const category = await createCategory(reading, admin, { name: 'Failing Path' });
    const story = await createArticle(reading, admin, category._id, { name: 'Broken story' });
    const broken = () => Promise.reject(new Error('the database is away'));
    for (const app of [reading, viaRouter]) app.services.articles.resolve = broken;
    const res = await answersAlike('GET', `/${category.slug}/${story.slug}`);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('the database is away');
  });

  it('leaves app pages to React Router: they hydrate', async () => {
    const login = await reading.inject({ url: '/login' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('window.__reactRouterContext');
  });
});
