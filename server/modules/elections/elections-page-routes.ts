/*
 * An election's map as one SVG (issue 69 item 4), at /elections/{slug}/map.svg and
 * /elections/{slug}/{state}/map.svg, kept like a page with the tags of what it shows; and the
 * desk's list of elections and its choice of key contests.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeskElectionDetailSchema,
  DeskElectionSchema,
  ElectionParamsSchema,
  KeyContestsInputSchema,
} from '../../../common/schemas/elections';
import { KEPT } from '../../caching/kept-answers';
import type { PageCache } from '../../caching/page-cache';
import { wholeAnswers } from '../../caching/whole-answers';
import { errorResponses, JSON_BODY, notFound } from '../../lib/errors';
import type { ElectionsService } from './elections-service';

const SVG_TYPE = 'image/svg+xml; charset=utf-8';
const StateParamsSchema = ElectionParamsSchema.extend({
  state: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .max(60),
});

export function electionPageRoutes(elections: ElectionsService, pages?: PageCache) {
  return async function (app: FastifyInstance) {
    await app.register(mapRoutes(elections, pages));
    await app.register(deskChoiceRoutes(elections));
  };
}

/** The map of an election or of a state, as one SVG kept like a page. */
function mapRoutes(elections: ElectionsService, pages?: PageCache) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const keep = wholeAnswers(pages, KEPT.page);
    const map = async (slug: string, state?: string) => {
      const made = await elections.map(slug, state);
      if (!made) throw notFound('election.not_found');
      return { body: made.svg, tags: made.tags };
    };
    const svg: [string, string][] = [['content-type', SVG_TYPE]];
    const summary =
      'The map of an election (or of one state) as one SVG drawn on the server: a path per seat in its leading party’s colour (paler while only leading), its name as its title';
    app.get(
      '/elections/:slug/map.svg',
      {
        schema: {
          hide: true,
          params: ElectionParamsSchema,
          response: { ...errorResponses('election.not_found') },
        },
      },
      async (request, reply) => keep(request, reply, svg, () => map(request.params.slug)),
    );
    app.get(
      '/elections/:slug/:state/map.svg',
      {
        schema: {
          hide: true,
          summary,
          params: StateParamsSchema,
          response: { ...errorResponses('election.not_found') },
        },
      },
      async (request, reply) =>
        keep(request, reply, svg, () => map(request.params.slug, request.params.state)),
    );
  };
}

/** The desk's list of elections, one election, and its key contests (editors and up). */
function deskChoiceRoutes(elections: ElectionsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/elections',
      {
        schema: {
          tags: ['elections'],
          summary: 'Every election, the newest counting day first (editors and up)',
          security: [{ bearer: [] }],
          response: {
            200: z.array(DeskElectionSchema),
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request) => elections.list(await request.actor()),
    );
    app.get(
      '/api/elections/:slug',
      {
        schema: {
          tags: ['elections'],
          summary: 'One election as the desk opens it, with its key contests (editors and up)',
          security: [{ bearer: [] }],
          params: ElectionParamsSchema,
          response: {
            200: DeskElectionDetailSchema,
            ...errorResponses('auth.signed_out', 'auth.role_required', 'election.not_found'),
          },
        },
      },
      async (request) => elections.forDesk(await request.actor(), request.params.slug),
    );
    app.put(
      '/api/elections/:slug/key-contests',
      {
        schema: {
          tags: ['elections'],
          summary:
            'Choose the key contests the results pages show first, in order (editors and up)',
          security: [{ bearer: [] }],
          params: ElectionParamsSchema,
          body: KeyContestsInputSchema,
          response: {
            200: KeyContestsInputSchema,
            ...errorResponses(
              ...JSON_BODY,
              'auth.signed_out',
              'auth.role_required',
              'election.not_found',
              'election.key_contest_unknown',
            ),
          },
        },
      },
      async (request) =>
        elections.setKeyContests(await request.actor(), request.params.slug, request.body),
    );
  };
}
