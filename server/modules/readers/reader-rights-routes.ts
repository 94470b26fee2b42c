/*
 * The reader's own data (issue 37 item 6): `GET /api/me/export` (a JSON download of what is
 * kept of them), `POST /api/me/delete-code` (a code by mail for readers without a password) and
 * `DELETE /api/me` (the account goes; its session cookies are cleared).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteAccountSchema, ReaderExportSchema } from '../../../common/schemas/readers';
import { errorResponses, JSON_BODY, noticeSchema, SIGNED_IN } from '../../lib/errors';
import { clearAuthCookie } from '../../plugins/auth';
import type { ReadersService } from './readers-service';

const tags = ['readers'];
const security = [{ bearer: [] }];

export function readerRightsRoutes(readers: ReadersService, opts: { secureCookies: boolean }) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/me/export',
      {
        schema: {
          tags,
          summary:
            'Everything kept of the signed-in reader, as a JSON download: account, consents, follows, saved stories, subscriptions',
          security,
          response: { 200: ReaderExportSchema, ...errorResponses('auth.signed_out') },
        },
      },
      async (request, reply) => {
        const data = await readers.exportData(await request.actor());
        reply
          .header('cache-control', 'no-store')
          .header('content-disposition', 'attachment; filename="my-data.json"');
        return data;
      },
    );

    app.post(
      '/api/me/delete-code',
      {
        schema: {
          tags,
          summary:
            'Mail the signed-in reader a code that deletes their account (6 digits, 15 minutes, once): for readers without a password',
          security,
          response: {
            202: noticeSchema('account.delete_code_sent').extend({
              params: z.object({ minutes: z.number() }),
            }),
            ...errorResponses(...SIGNED_IN),
          },
        },
        config: { rateLimit: { max: 5, timeWindow: 3600_000 } },
      },
      async (request, reply) =>
        reply.status(202).send(await readers.sendDeleteCode(await request.actor())),
    );

    app.delete(
      '/api/me',
      {
        schema: {
          tags,
          summary:
            'Delete the signed-in account with its password, or the mailed code; no mail goes to its address afterwards (the last administrator may not)',
          security,
          body: DeleteAccountSchema,
          response: {
            200: noticeSchema('account.deleted'),
            ...errorResponses(
              ...JSON_BODY,
              ...SIGNED_IN,
              'user.wrong_password',
              'account.proof_required',
              'account.delete_code_invalid',
              'account.last_admin',
              'user.not_found',
            ),
          },
        },
        config: { rateLimit: { max: 10, timeWindow: 600_000 } },
      },
      async (request, reply) => {
        const done = await readers.deleteAccount(await request.actor(), request.body);
        clearAuthCookie(reply, opts.secureCookies);
        return done;
      },
    );
  };
}
