import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conflict } from '../../../server/lib/errors';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
const log: string[] = [];

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    {
      logStream,
      // Routes of this test only, to drive the handler through each kind of failure.
      routes(app) {
        const typed = app.withTypeProvider<ZodTypeProvider>();
        typed.post(
          '/api/test/validate',
          { schema: { body: z.object({ name: z.string().min(1), count: z.number().int() }) } },
          async (request) => ({ ok: request.body.name }),
        );
        typed.get('/api/test/conflict', async () => {
          throw conflict('article.slug_taken');
        });
        typed.get('/api/test/boom', async () => {
          throw new Error('connection to 10.0.0.5 failed: password authentication failed');
        });
      },
    },
  );
});
afterAll(async () => t.close());

describe('error handler (DECISIONS.md §1)', () => {
  it('answers invalid input with 400, a message and errors[] naming each field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      payload: { name: '', count: 1.5 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/^Invalid request/);
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'body.count',
      'body.name',
    ]);
    for (const e of body.errors) expect(typeof e.message).toBe('string');
  });

  it('answers broken JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'http.bad_json' });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('message');
    expect(res.json().code).toBe('http.unsupported_media_type');
  });

  it('maps typed errors to their status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Another article already uses this slug. Choose another one.',
      code: 'article.slug_taken',
    });
  });

  it('hides 5xx details from the client and logs them with the request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'req-boom-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'server.error',
    });
    expect(res.body).not.toMatch(/password|10\.0\.0\.5|at .*:\d+/);
    const line = log.find(
      (l) => l.includes('req-boom-1') && l.includes('password authentication failed'),
    );
    expect(line).toBeDefined();
    expect(JSON.parse(line as string).level).toBe(50);
  });

  it('answers unknown API addresses with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'No such API call: GET /api/no-such-thing',
      code: 'http.not_found',
      params: { method: 'GET', path: '/api/no-such-thing' },
    });
  });
});
