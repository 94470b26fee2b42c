import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export function healthRoutes(database: Database) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database reachability',
          response: { 200: HealthSchema, 503: HealthSchema },
        },
        // Monitors and load balancers ask often; the answer costs one SELECT 1.
        config: { rateLimit: false },
      },
      async (request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const, database: database.engine };
        } catch (error) {
          request.log.warn({ err: error }, 'health check: database unreachable');
          return reply
            .status(503)
            .send({ status: 'unavailable' as const, database: database.engine });
        }
      },
    );
  };
}
