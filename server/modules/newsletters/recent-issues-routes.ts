/* `GET /api/newsletters/issues`: the dashboard's newest issues of every newsletter (editors). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RecentIssueSchema } from '../../../common/schemas/newsletters';
import { errorResponses, SIGNED_IN } from '../../lib/errors';
import type { NewslettersService } from './newsletters-service';

export function recentIssuesRoutes(newsletters: NewslettersService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/newsletters/issues',
      {
        schema: {
          tags: ['newsletters'],
          summary: 'The newest issues of every newsletter and how their sending goes (editors)',
          security: [{ bearer: [] }],
          response: {
            200: z.array(RecentIssueSchema),
            ...errorResponses(...SIGNED_IN, 'auth.role_required'),
          },
        },
      },
      async (request) => newsletters.recentIssues(await request.actor()),
    );
  };
}
