import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAGE_SEGMENTS, SERVER_SEGMENTS } from '../../../common/paths';
import {
  SearchQuerySchema,
  SearchResponseSchema,
  VocabularyQuerySchema,
  VocabularySchema,
} from '../../../common/schemas/search';
import { requireRole } from '../../lib/actor';
import { errorResponses } from '../../lib/errors';
import { xml } from '../seo/xml';
import type { SearchService } from './search-service';

/** GET /api/search (issue 10) and the OpenSearch description browsers offer as a search engine. */
export function searchRoutes(
  search: SearchService,
  site: { publicUrl: string; names: () => Promise<{ siteName: string; shortName: string }> },
) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/search',
      {
        schema: {
          tags: ['search'],
          summary:
            'Published articles matching a query, in Hindi (any spelling) or English, or Hindi typed in Latin letters',
          security: [],
          querystring: SearchQuerySchema,
          response: { 200: SearchResponseSchema, ...errorResponses() },
        },
      },
      async (request) => search.search(request.query),
    );

    app.get(
      '/api/search/vocabulary',
      {
        schema: {
          tags: ['search'],
          summary:
            "The site's own Hindi words (titles, keywords and slugs of the newest published articles), most used first, with the Latin key a writer types each by: for typing Hindi in Latin letters (author and up)",
          security: [{ bearer: [] }],
          querystring: VocabularyQuerySchema,
          response: {
            200: VocabularySchema,
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      // Signed-in answers are never stored (server/plugins/security.ts): the page keeps it in
      // memory for its life, and the server reuses its count for a while (search-service.ts).
      async (request) => {
        requireRole(await request.actor(), 'author');
        return search.vocabulary(request.query.limit);
      },
    );

    app.get(
      `/${SERVER_SEGMENTS.openSearch}`,
      { schema: { hide: true } },
      async (_request, reply) => {
        const { siteName, shortName } = await site.names();
        const template = `${site.publicUrl}/${PAGE_SEGMENTS.search}?q={searchTerms}`;
        return reply
          .type('application/opensearchdescription+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(
            '<?xml version="1.0" encoding="UTF-8"?>\n' +
              '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">' +
              `<ShortName>${xml(shortName.slice(0, 16))}</ShortName>` +
              `<Description>${xml(`Search ${siteName}`)}</Description>` +
              '<InputEncoding>UTF-8</InputEncoding>' +
              `<Url type="text/html" method="get" template="${xml(template)}"/>` +
              '</OpenSearchDescription>\n',
          );
      },
    );
  };
}
