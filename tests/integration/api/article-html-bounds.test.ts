/*
 * One author request must not freeze the server (issue 13 item 7): the article text is bounded
 * in elements, depth and stored size (tests/unit/sanitize-pool.test.ts: cleaned off the event
 * loop).
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../../db/schema/content';
import {
  articleBody,
  auth,
  createAdmin,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let author: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.app);
  author = await createUser(t.app, 'author');
  categoryId = (await createCategory(t.app, admin))._id;
});
afterAll(async () => t.close());

const create = (description: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/articles/article',
    headers: auth(author),
    payload: articleBody(categoryId, { description }),
  });

async function articleCount() {
  const [row] = await t.database.db.select({ n: count() }).from(articles);
  return Number(row?.n ?? 0);
}

describe('article text bounds', () => {
  it('refuses 166,000 unclosed <b> at once with 400, storing nothing', async () => {
    const before = await articleCount();
    const started = performance.now();
    const res = await create('<b>'.repeat(166_000));
    expect(performance.now() - started).toBeLessThan(1500);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'body.description',
        message: 'description has too many HTML elements (at most 20000)',
      },
    ]);
    expect(await articleCount()).toBe(before);
  });

  it('refuses a text that grows past 500,000 characters when cleaned', async () => {
    const before = await articleCount();
    // 14,000 links: under both input limits; each gains rel="noopener noreferrer nofollow".
    const res = await create('<a href="https://x.example/">a</a>'.repeat(14_000));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'body.description',
        message: 'description is too long once cleaned (at most 500000 characters)',
      },
    ]);
    expect(await articleCount()).toBe(before);
  });

  it('keeps the text of elements nested too deep, dropping the extra tags', async () => {
    const res = await create(`${'<div>'.repeat(1000)}deep words${'</div>'.repeat(1000)}`);
    expect(res.statusCode).toBe(201);
    const stored = res.json().description as string;
    expect(stored).toContain('deep words');
    expect(stored.split('<div>').length - 1).toBeLessThanOrEqual(100);
  });
});
