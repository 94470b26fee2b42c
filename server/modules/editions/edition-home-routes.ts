/*
 * An edition's own home over HTTP (issue 65 item 3): its desk reads and curates its lead and
 * sections. Editors and administrators; a desk limited to other editions is refused (403
 * `edition.desk_elsewhere`). The contract is server/modules/editions/README.md.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../common/schemas/common';
import { EditionHomeInputSchema, EditionHomeSchema } from '../../../common/schemas/editions';
import { requireRole } from '../../lib/actor';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { EditionsService } from './editions-service';

const tags = ['editions'];

export function editionHomeRoutes(editions: EditionsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

    app.get(
      '/api/editions/:id/home',
      {
        schema: {
          tags,
          summary: 'An edition’s home as its desk curated it (editors and administrators)',
          security,
          params: IdParamsSchema,
          response: {
            200: EditionHomeSchema,
            ...errorResponses(...SIGNED_IN, 'auth.role_required', 'edition.not_found'),
          },
        },
      },
      async (request) => {
        requireRole(await request.actor(), 'editor');
        await editions.byId(request.params.id);
        return editions.home(request.params.id);
      },
    );

    app.put(
      '/api/editions/:id/home',
      {
        schema: {
          tags,
          summary: 'Curate an edition’s home: its lead story and its sections (editors)',
          description:
            'lead: one of the edition’s stories, or null for its newest story with a picture; sections: category ids in order (at most 6), each listing its stories in the edition. The edition’s page shows its lead and sections first, then its own stories, its state’s and national ones. A desk limited to other editions: 403 edition.desk_elsewhere; the national home is curated in the settings (409 edition.national_home).',
          security,
          params: IdParamsSchema,
          body: EditionHomeInputSchema,
          response: {
            200: EditionHomeSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'auth.role_required',
              'edition.not_found',
              'edition.desk_elsewhere',
              'edition.national_home',
              'edition.lead_elsewhere',
              'edition.section_unknown',
            ),
          },
        },
      },
      async (request) => editions.curate(await request.actor(), request.params.id, request.body),
    );
  };
}
