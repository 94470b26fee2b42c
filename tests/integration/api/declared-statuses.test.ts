/*
 * The check every integration test file runs on closing its app (tests/setup/declared-statuses.ts):
 * an API call answering a status its route does not declare, or an error code that status does
 * not name, fails the file.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ErrorSchema } from '../../../common/schemas/common';
import { errorResponses } from '../../../server/lib/errors';
import { createTestApp } from '../../setup/test-app';

describe('statuses the routes declare', () => {
  it('fails the test file that sees a route answer a status its schema does not declare', async () => {
    const t = await createTestApp(
      {},
      {
        routes: (app) => {
          app.get(
            '/api/test-declared/:answer',
            { schema: { response: { 200: z.object({ ok: z.boolean() }), 404: ErrorSchema } } },
            async (request, reply: FastifyReply) => {
              const { answer } = request.params as { answer: string };
              if (answer === 'missing')
                return reply.status(404).send({ message: 'No.', code: 'article.not_found' });
              if (answer === 'conflict')
                return reply.status(409).send({ message: 'Taken.', code: 'article.slug_taken' });
              return { ok: true };
            },
          );
        },
      },
    );
    const statuses = [];
    for (const answer of ['fine', 'missing', 'conflict'])
      statuses.push((await t.app.inject({ url: `/api/test-declared/${answer}` })).statusCode);
    expect(statuses).toEqual([200, 404, 409]);
    await expect(t.close()).rejects.toThrow(/GET \/api\/test-declared\/:answer answered 409$/);
  });

  it('fails the test file that sees a route answer a code its status does not name', async () => {
    const t = await createTestApp(
      {},
      {
        routes: (app) => {
          app.get(
            '/api/test-declared-code/:answer',
            {
              schema: {
                response: {
                  200: z.object({ ok: z.boolean() }),
                  ...errorResponses('article.not_found'),
                },
              },
            },
            async (request, reply: FastifyReply) => {
              const { answer } = request.params as { answer: string };
              const code = answer === 'article' ? 'article.not_found' : 'category.not_found';
              return reply.status(404).send({ message: 'Not here.', code });
            },
          );
        },
      },
    );
    for (const answer of ['article', 'category'])
      expect((await t.app.inject({ url: `/api/test-declared-code/${answer}` })).statusCode).toBe(
        404,
      );
    await expect(t.close()).rejects.toThrow(
      /GET \/api\/test-declared-code\/:answer answered 404 with code category\.not_found$/,
    );
  });

  it('passes a file whose answers are all declared, the shared refusals included', async () => {
    const t = await createTestApp();
    const answers = await Promise.all([
      t.app.inject({ url: '/api/categories/no-such-category' }),
      t.app.inject({ url: '/api/users/me' }),
      t.app.inject({ url: '/api/stats', headers: { authorization: 'Bearer not-a-token' } }),
      t.app.inject({ method: 'PUT', url: '/api/settings', payload: { siteName: 1 } }),
      t.app.inject({ url: '/api/search?q=%00' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([404, 401, 401, 400, 400]);
    await t.close();
  });
});
