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
    // Refused by the schema at the edge: it never reaches the cleaner.
    const res = await create('<b>'.repeat(166_000));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'body.description',
        message: 'description has too many HTML tags (at most 40000)',
        code: 'article.too_many_html_tags',
        params: { maximum: 40000 },
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
        code: 'article.description_too_long',
        params: { maximum: 500000 },
      },
    ]);
    expect(await articleCount()).toBe(before);
  });

  it('keeps the text of elements nested deeper than kept, dropping the extra tags', async () => {
    const res = await create(`${'<div>'.repeat(250)}deep words${'</div>'.repeat(250)}`);
    expect(res.statusCode).toBe(201);
    const stored = res.json().description as string;
    expect(stored).toContain('deep words');
    expect(stored.split('<div>').length - 1).toBeLessThanOrEqual(100);
  });

  it('refuses nesting past its limit, naming it, storing nothing', async () => {
    const before = await articleCount();
    const res = await create(`${'<div>'.repeat(1000)}deep words${'</div>'.repeat(1000)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'body.description',
        message: 'description nests HTML elements too deeply (at most 256 levels)',
        code: 'article.html_too_deep',
        params: { maximum: 256 },
      },
    ]);
    expect(await articleCount()).toBe(before);
  });

  it('refuses the closing-tag body of the security probe, and other saves go on', async () => {
    const before = await articleCount();
    const hostile = `${'<b>'.repeat(19_000)}${'</p>'.repeat(100_000)}`;
    const [refused, other] = await Promise.all([
      create(hostile),
      create('<p>An ordinary story saved at the same moment.</p>'),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toBe(
      'description has too many HTML tags (at most 40000)',
    );
    expect(other.statusCode).toBe(201);
    expect(await articleCount()).toBe(before + 1);
  });
});
