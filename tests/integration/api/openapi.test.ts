import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Every call of SPEC.md §7 (the image host is replaced by POST /api/media) and our additions. */
const CALLS: [string, string][] = [
  ['post', '/api/users/signin'],
  ['post', '/api/users/signup'],
  ['get', '/api/articles/red/{id}'],
  ['get', '/api/articles/redart/{slug}'],
  ['get', '/api/articles/{category}/{slug}'],
  ['get', '/api/articles/random'],
  ['get', '/api/articles/latest'],
  ['get', '/api/articles'],
  ['get', '/api/articles/category-detail'],
  ['get', '/api/articles/admin-article'],
  ['get', '/api/articles/article/{id}'],
  ['post', '/api/articles/article'],
  ['put', '/api/articles/{id}'],
  ['delete', '/api/articles/delete/{id}'],
  ['get', '/api/categories'],
  ['get', '/api/categories/{slug}'],
  ['get', '/api/categories/home'],
  ['get', '/api/categories/admin-categories'],
  ['post', '/api/categories/addCategory'],
  ['put', '/api/categories/edit'],
  ['delete', '/api/categories/delete/{id}'],
  ['get', '/api/users/authors'],
  ['post', '/api/media'],
  ['get', '/api/users'],
  ['put', '/api/users/{id}/role'],
  ['get', '/api/users/me'],
  ['put', '/api/users/me'],
  ['post', '/api/users/signout'],
  ['post', '/api/users/signout-everywhere'],
  ['get', '/api/stats'],
  ['get', '/api/stats/dashboard'],
  ['post', '/api/articles/{id}/view'],
  // Review, scheduling and previews (DECISIONS.md §11).
  ['post', '/api/articles/{id}/status'],
  ['get', '/api/articles/review-queue'],
  ['post', '/api/articles/{id}/preview'],
  ['get', '/api/settings'],
  ['put', '/api/settings'],
  ['get', '/api/health'],
];

describe('OpenAPI', () => {
  it('documents every call from the schemas that validate it', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<
                string,
                { schema: { properties?: Record<string, unknown>; required?: string[] } }
              >;
            };
          }
        >
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const [method, path] of CALLS)
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    const signup =
      doc.paths['/api/users/signup']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(signup?.properties ?? {}).sort()).toEqual(['email', 'name', 'password']);
    expect(signup?.required?.sort()).toEqual(['email', 'name', 'password']);
  });

  it('is browsable at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect([200, 302]).toContain(res.statusCode);
    const page =
      res.statusCode === 302 ? await t.app.inject({ url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger/i);
  });
});
