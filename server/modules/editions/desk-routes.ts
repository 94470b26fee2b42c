/*
 * Desks by edition over HTTP (issue 65 item 5): an administrator limits a user's desk to
 * editions (`PUT /api/users/{id}` `editions`), and anyone staff reads theirs. The editions
 * module owns the desks (`edition_desks`), so the call lives here; the users module's own
 * calls on a user stay under `/api/users/{id}/…`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../common/schemas/common';
import { UserEditionsInputSchema, UserEditionsSchema } from '../../../common/schemas/editions';
import { hasRole } from '../../../common/roles';
import { errorResponses, forbidden, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import { requireRole } from '../../lib/actor';
import type { EditionsService } from './editions-service';

const tags = ['users'];

export function deskRoutes(editions: EditionsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

    app.put(
      '/api/users/:id',
      {
        schema: {
          tags,
          summary: "Limit a user's desk to editions (administrator)",
          description:
            'editions: the ids of the editions the user may place stories in; [] lifts the limit (every edition). The national edition is allowed only when its id is listed. Unknown ids: 400 edition.unknown, nothing changed.',
          security,
          params: IdParamsSchema,
          body: UserEditionsInputSchema,
          response: {
            200: UserEditionsSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'auth.role_required',
              'user.not_found',
              'edition.unknown',
            ),
          },
        },
      },
      async (request) => ({
        _id: request.params.id,
        editions: await editions.setDesk(
          await request.actor(),
          request.params.id,
          request.body.editions,
        ),
      }),
    );

    app.get(
      '/api/users/:id/editions',
      {
        schema: {
          tags,
          summary: "A user's desk editions ([]: every edition); the user or an administrator",
          security,
          params: IdParamsSchema,
          response: {
            200: UserEditionsSchema,
            ...errorResponses(...SIGNED_IN, 'auth.role_required'),
          },
        },
      },
      async (request) => {
        const actor = requireRole(await request.actor(), 'author');
        if (actor.id !== request.params.id && !hasRole(actor.role, 'administrator'))
          throw forbidden('auth.role_required', { role: 'administrator' });
        return { _id: request.params.id, editions: await editions.deskOf(request.params.id) };
      },
    );
  };
}
