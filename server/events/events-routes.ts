import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EventsPageSchema, EventsQuerySchema } from '../../common/schemas/events';
import type { Db } from '../../db/client';
import { requireRole } from '../lib/actor';
import { errorResponses, SIGNED_IN } from '../lib/errors';
import { eventsAfter } from './events-repository';

/**
 * `GET /api/events` (issue 36 item 1): what changed, oldest first, for administrators and the
 * tools they run (an app's sync, an audit). What a change did to kept answers stays inside.
 */
export function eventsRoutes(db: Db) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/events',
      {
        schema: {
          tags: ['events'],
          summary: 'Changes as events, oldest first (administrators)',
          description:
            'Each change to articles, live blogs, the breaking band, categories, tags, settings, static pages, authors and media is an event, written with the change itself. Ask again with `after` set to the answer’s `next` to read on. Events are kept 30 days.',
          security: [{ bearer: [] }],
          querystring: EventsQuerySchema,
          response: {
            200: EventsPageSchema,
            ...errorResponses(...SIGNED_IN, 'auth.role_required', 'events.read_forbidden'),
          },
        },
      },
      async (request) => {
        requireRole(await request.actor(), 'administrator', 'events.read_forbidden');
        const { after, limit } = request.query;
        const rows = await eventsAfter(db, after, limit);
        return {
          events: rows.map((e) => ({
            id: e.id,
            type: e.type as never,
            subject: e.subject,
            at: e.at.toISOString(),
            data: e.data,
          })),
          next: rows.at(-1)?.id ?? after,
        };
      },
    );
  };
}
