/* The audit trail for administrators (issue 40 item 6): `GET /api/audit`, JSON or CSV. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditPageSchema, AuditQuerySchema } from '../../../common/schemas/audit';
import { errorResponses } from '../../lib/errors';
import type { AuditService } from './audit-service';

export function auditRoutes(audit: AuditService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/audit',
      {
        schema: {
          tags: ['audit'],
          summary:
            'Who did what, the newest first (administrator): filters by actor, action and time; `format=csv` answers every matching entry as CSV',
          security: [{ bearer: [] }],
          querystring: AuditQuerySchema,
          response: {
            200: AuditPageSchema.or(z.string().meta({ description: 'text/csv with format=csv' })),
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.actor();
        if (request.query.format === 'csv') {
          const csv = await audit.csv(actor, request.query);
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="audit.csv"')
            .send(csv);
        }
        return audit.list(actor, request.query);
      },
    );
  };
}
