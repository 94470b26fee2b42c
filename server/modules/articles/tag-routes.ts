/* The tag calls (issue 26 item 5, issue 44 item 12), registered by articles-routes.ts. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TagListSchema,
  TagSchema,
  TagSuggestQuerySchema,
  TagUpdateSchema,
} from '../../../common/schemas/tags';
import { IdParamsSchema } from '../../../common/schemas/common';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { ArticlesService } from './articles-service';

/**
 * Tags (issue 26 item 5): what the editor suggests as a writer types; an editor's correction of
 * a tag's spelling (issue 44 item 12).
 */
export function tagRoutes(articles: ArticlesService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/tags',
      {
        schema: {
          tags: ['articles'],
          summary:
            'Existing tags whose name or address begins with q, the most used first (author and up)',
          security: [{ bearer: [] }],
          querystring: TagSuggestQuerySchema,
          response: {
            200: TagListSchema,
            ...errorResponses('auth.signed_out', 'article.tag_forbidden'),
          },
        },
      },
      async (request) =>
        articles.suggestTags(await request.actor(), request.query.q, request.query.limit),
    );
    app.put(
      '/api/tags/:id',
      {
        schema: {
          tags: ['articles'],
          summary:
            "Correct a tag's display spelling (editor and up); its address stays, and a name whose address is another tag's is refused (409)",
          security: [{ bearer: [] }],
          params: IdParamsSchema,
          body: TagUpdateSchema,
          response: {
            200: TagSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'auth.role_required',
              'tag.change_forbidden',
              'tag.not_found',
              'tag.address_taken',
            ),
          },
        },
      },
      async (request) => articles.renameTag(await request.actor(), request.params.id, request.body),
    );
  };
}
