import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StatsSchema } from '../../../common/schemas/stats';
import type { StatsService } from './stats-service';

export function statsRoutes(stats: StatsService) {
  return async function (fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/api/stats',
      {
        schema: {
          tags: ['stats'],
          summary: 'Dashboard counters and views per day for 30 days (editor and up)',
          security: [{ bearer: [] }],
          response: { 200: StatsSchema },
        },
      },
      async (request) => stats.get(await request.actor()),
    );
  };
}
