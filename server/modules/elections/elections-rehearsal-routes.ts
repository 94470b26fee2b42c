/*
 * Rehearsals over HTTP (issue 69 item 6): administrators start one on an election (its copy
 * `{slug}-rehearsal` replays the day at the chosen speed) and stop it on the copy; the desk
 * reads where it is.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RehearsalInputSchema, RehearsalSchema } from '../../../common/schemas/election-rehearsal';
import { ElectionParamsSchema } from '../../../common/schemas/elections';
import { errorResponses, JSON_BODY } from '../../lib/errors';
import type { ElectionRehearsals } from './elections-replay';

const tags = ['elections'];
const security = [{ bearer: [] }];

export function rehearsalRoutes(rehearsals: ElectionRehearsals) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/elections/:slug/rehearsal',
      {
        schema: {
          tags,
          summary:
            'Start a rehearsal of this election (administrators): a copy at `{slug}-rehearsal` replays its recorded snapshots (or, for results that came in one import, a synthetic counting day made from them) at `speed` times real time, and ends with the recorded tally. Starting again replaces the copy.',
          security,
          params: ElectionParamsSchema,
          body: RehearsalInputSchema,
          response: {
            201: RehearsalSchema,
            ...errorResponses(
              ...JSON_BODY,
              'auth.signed_out',
              'auth.role_required',
              'election.not_found',
              'election.slug_taken',
              'election.rehearsal_of_rehearsal',
              'election.rehearsal_no_results',
            ),
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await rehearsals.start(await request.actor(), request.params.slug, request.body)),
    );
    app.delete(
      '/api/elections/:slug/rehearsal',
      {
        schema: {
          tags,
          summary:
            'Stop a rehearsal where it is (administrators; `slug` is the rehearsal’s own): its saves so far stay',
          security,
          params: ElectionParamsSchema,
          response: {
            200: RehearsalSchema,
            ...errorResponses(
              'auth.signed_out',
              'auth.role_required',
              'election.not_found',
              'election.not_rehearsal',
            ),
          },
        },
      },
      async (request) => rehearsals.stop(await request.actor(), request.params.slug),
    );
    app.get(
      '/api/elections/:slug/rehearsal',
      {
        schema: {
          tags,
          summary:
            'Where a rehearsal is: saves played of its day, its speed, when it ends (editors and up)',
          security,
          params: ElectionParamsSchema,
          response: {
            200: RehearsalSchema,
            ...errorResponses(
              'auth.signed_out',
              'auth.role_required',
              'election.not_found',
              'election.not_rehearsal',
            ),
          },
        },
      },
      async (request) => rehearsals.state(await request.actor(), request.params.slug),
    );
  };
}
