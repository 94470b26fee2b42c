/*
 * GET /api/search/vocabulary (issue 27 item 6): the site's own Hindi words for typing in Latin
 * letters, from the search index's words of published articles, most used first, each with its
 * Latin key; for staff only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latinKey } from '../../../common/search/search-text';
import type { Vocabulary } from '../../../common/schemas/search';
import { VOCABULARY_TTL_MS } from '../../../server/modules/search/search-service';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
let t: TestApp;
let admin: TestUser;
let author: TestUser;
let reader: TestUser;
let categoryId: string;

const vocabulary = async (user: TestUser | null, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/search/vocabulary${query}`,
    headers: user ? auth(user) : {},
  });
  return { status: res.statusCode, body: res.json() as Vocabulary & { message?: string } };
};
const article = (overrides: Record<string, unknown>) =>
  createArticle(t.app, admin, categoryId, { metaKeywords: '', ...overrides });

beforeAll(async () => {
  t = await createTestApp({}, { clock: time.clock });
  admin = await createAdmin(t.app);
  author = await createUser(t.app, 'author');
  reader = await createUser(t.app, 'reader');
  categoryId = (await createCategory(t.app, admin))._id;
  await article({ name: 'भारत की सरकार', metaKeywords: 'चुनाव' });
  await article({ name: 'भारत में चुनाव का दिन' });
  await article({ name: 'ज़माना बदल गया' });
  await article({ name: 'English words only', metaKeywords: 'english' });
  await article({ name: 'मसौदाशब्द अभी नहीं', status: 'draft' });
  await article({
    name: 'भविष्यशब्द कल छपेगा',
    publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
}, 120_000);
afterAll(async () => t.close());

describe('GET /api/search/vocabulary', () => {
  it('asks who is asking: 401 for nobody, 403 for a reader, words for staff', async () => {
    const nobody = await vocabulary(null);
    expect(nobody.status).toBe(401);
    expect(nobody.body.words).toBeUndefined();
    const forbidden = await vocabulary(reader);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.words).toBeUndefined();
    const allowed = await vocabulary(author);
    expect(allowed.status).toBe(200);
    expect(allowed.body.words.length).toBeGreaterThan(0);
  });

  it("answers the published articles' Hindi words, most used first, with their Latin keys", async () => {
    const { body } = await vocabulary(admin);
    const byWord = new Map(body.words.map((w) => [w.word, w]));
    expect(byWord.get('भारत')).toEqual({ word: 'भारत', key: 'barat', count: 2 });
    expect(byWord.get('चुनाव')).toEqual({ word: 'चुनाव', key: latinKey('चुनाव'), count: 2 });
    expect(byWord.get('सरकार')).toMatchObject({ count: 1 });
    // As the index keeps it: without the nukta, found by the key "zamana" is typed as.
    expect(byWord.get('जमाना')).toEqual({ word: 'जमाना', key: 'jaman', count: 1 });
    const counts = body.words.map((w) => w.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const words = body.words.map((w) => w.word);
    expect(words.indexOf('भारत')).toBeLessThan(words.indexOf('सरकार'));
    // Hindi words only, each once; nothing from a draft or an article not yet out.
    for (const word of words) expect(word).toMatch(/^[\u0900-\u097f]+$/);
    expect(new Set(words).size).toBe(words.length);
    expect(words).not.toContain('मसौदाशब्द');
    expect(words).not.toContain('भविष्यशब्द');
  });

  it('answers at most `limit` words, and refuses a bad limit with 400', async () => {
    const { status, body } = await vocabulary(author, '?limit=1');
    expect(status).toBe(200);
    expect(body.words).toHaveLength(1);
    expect(['भारत', 'चुनाव']).toContain(body.words[0]?.word);
    for (const limit of ['0', '-1', 'many', '10001', '1.5']) {
      const bad = await vocabulary(author, `?limit=${limit}`);
      expect(bad.status, limit).toBe(400);
      expect(bad.body.message).toBeTruthy();
    }
  });

  it('reuses its count for a while, then counts newly published words', async () => {
    await article({ name: 'नवीनतमशब्द आया' });
    const kept = await vocabulary(author);
    expect(kept.body.words.map((w) => w.word)).not.toContain('नवीनतमशब्द');
    time.shift(VOCABULARY_TTL_MS + 1000);
    try {
      const fresh = await vocabulary(author);
      expect(fresh.body.words.map((w) => w.word)).toContain('नवीनतमशब्द');
    } finally {
      time.shift(0);
    }
  });

  it('is declared in the OpenAPI document, for signed-in staff, with its refusals', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    const doc = res.json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            security?: unknown;
            parameters?: { name: string; in: string }[];
            responses: Record<string, unknown>;
          }
        >
      >;
    };
    const get = doc.paths['/api/search/vocabulary']?.get;
    expect(get?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(get?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '429']);
    expect(get?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['query:limit']);
  });
});
