/*
 * Stories' editions in bulk (issue 65 item 2): the admin list's "Add to edition" and "Remove
 * from edition" on the selected stories, as the comments queue's bulk actions answer
 * (`{ updated }`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BulkEditionsSchema } from '../../../common/schemas/article-lists';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { ArticlesService } from './articles-service';

export function articleEditionRoutes(articles: Pick<ArticlesService, 'moveEditions'>) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/articles/editions',
      {
        schema: {
          tags: ['articles'],
          summary: 'Add the selected stories to an edition, or take them out of one (editor)',
          description:
            'ids: the stories; add and/or remove: an edition id. Answers how many stories changed. Each story is placed as a save places it (400 edition.unknown, 403 edition.not_yours for a desk limited to other editions): checked for every story before any is written. A story taken out of its primary edition gets another (its first left, or the national edition).',
          security: [{ bearer: [] }],
          body: BulkEditionsSchema,
          response: {
            200: z.object({ updated: z.number().int() }),
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'article.change_forbidden',
              'edition.unknown',
              'edition.not_yours',
            ),
          },
        },
      },
      async (request) => articles.moveEditions(await request.actor(), request.body),
    );
  };
}
