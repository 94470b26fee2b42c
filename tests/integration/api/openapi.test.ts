import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
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
  // E-mail that brings people in (issue 26 item 8).
  ['post', '/api/users/invite'],
  ['get', '/api/users/invitations'],
  ['post', '/api/users/invite/{token}'],
  ['post', '/api/users/password-reset'],
  ['post', '/api/users/password-reset/{token}'],
  // House ads (issue 39 item 1).
  ['get', '/api/ads/creatives'],
  ['get', '/api/ads/creatives/{id}'],
  ['get', '/api/ads/totals'],
  ['post', '/api/ads/creatives'],
  ['put', '/api/ads/creatives/{id}'],
  ['delete', '/api/ads/creatives/{id}'],
  ['get', '/api/ads/slots'],
  ['post', '/api/ads/impressions'],
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

/** Redocly CLI, the devDependency, run as its own process the way `npx @redocly/cli` runs it. */
const REDOCLY = fileURLToPath(
  new URL('../../../node_modules/@redocly/cli/bin/cli.js', import.meta.url),
);

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

describe('the OpenAPI document as a validator reads it', () => {
  it("has no error under Redocly's recommended rules", async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'patrika-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, res.body);
      const lint = spawnSync(
        process.execPath,
        [REDOCLY, 'lint', file, '--extends=recommended', '--format=json', '--max-problems=1000'],
        {
          encoding: 'utf8',
          timeout: 120_000,
          // No telemetry and no update check: a test talks to no one.
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: 'off',
            REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          },
        },
      );
      expect(lint.error).toBeUndefined();
      const report = JSON.parse(lint.stdout) as { problems: LintProblem[] };
      const errors = report.problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('publishes no catch-all: /api/{*} is what unknown calls answer, not an operation', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, object>;
    };
    expect(Object.keys(doc.paths).filter((path) => path.includes('*'))).toEqual([]);
  });

  it("declares a route's error answers with the shared error schema", async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            security?: unknown[];
            responses: Record<
              string,
              { description: string; content?: Record<string, { schema: unknown }> }
            >;
          }
        >
      >;
    };
    const remove = doc.paths['/api/categories/delete/{id}']?.delete;
    expect(Object.keys(remove?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '429',
    ]);
    expect(remove?.responses['404']?.description).toBe('Nothing has this id, slug or address.');
    expect(remove?.responses['404']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: {
        message: { type: 'string' },
        // The codes this call answers with 404 (issue 36 item 2).
        code: { type: 'string', enum: ['category.not_found'] },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              path: { type: 'string' },
              message: { type: 'string' },
              code: { type: 'string' },
            },
            required: ['path', 'message', 'code'],
            additionalProperties: false,
          },
        },
      },
      required: ['message', 'code'],
      additionalProperties: false,
    });
    expect(remove?.security).toEqual([{ bearer: [] }]);
    // A public call says so.
    expect(doc.paths['/api/categories']?.get?.security).toEqual([]);
  });

  it('is sent compressed, with a validator, and answers 304 when the client has it', async () => {
    const first = await t.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const plain = await t.app.inject({ url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(first.rawPayload).toString('utf8')).toBe(plain.body);
    const again = await t.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The plain copy's tag names the same document.
    const plainAgain = await t.app.inject({
      url: '/api/openapi.json',
      headers: { 'if-none-match': plain.headers.etag as string },
    });
    expect(plainAgain.statusCode).toBe(304);
  });
});
