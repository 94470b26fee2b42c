/*
 * The election results desk over HTTP (issue 69): administrators make and fill an election,
 * editors and up save results, anyone reads the tally, the seats and a contest. The readers'
 * answers are kept like pages and refreshed by the election's tag on every saved result.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CacheTags } from '../../../common/cache-tags';
import {
  ELECTION_IMPORT_MAX,
  ElectionInputSchema,
  ElectionParamsSchema,
  ElectionSchema,
  ImportInputSchema,
  ImportReportSchema,
  ResultInputSchema,
  SeatDetailSchema,
  SeatListSchema,
  SeatParamsSchema,
  SeatsQuerySchema,
  SnapshotSchema,
  TallySchema,
} from '../../../common/schemas/elections';
import { KEPT } from '../../caching/kept-answers';
import type { PageCache } from '../../caching/page-cache';
import { wholeAnswers } from '../../caching/whole-answers';
import { errorResponses, JSON_BODY } from '../../lib/errors';
import { electionPageRoutes } from './elections-page-routes';
import { rehearsalRoutes } from './elections-rehearsal-routes';
import type { ElectionsService } from './elections-service';
import type { ElectionRehearsals } from './elections-replay';

const tags = ['elections'];
const security = [{ bearer: [] }];
/**
 * A few seconds in a shared cache, which a save purges by tag; none in the browser, which no
 * purge reaches: a reader's app that asked just before a save would otherwise keep the old
 * figures 5 s, the whole of issue 69's "visible within 5 s" (a browser asking again gets a
 * 304 while nothing changed).
 */
export const ELECTION_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';
const JSON_TYPE = 'application/json; charset=utf-8';

export function electionsRoutes(
  elections: ElectionsService & { rehearsals: ElectionRehearsals },
  pages?: PageCache,
) {
  return async function (app: FastifyInstance) {
    await app.register(adminRoutes(elections));
    await app.register(deskRoutes(elections));
    await app.register(readerRoutes(elections, pages));
    await app.register(electionPageRoutes(elections, pages));
    await app.register(rehearsalRoutes(elections.rehearsals));
  };
}

/** Administrators: an election made and filled. */
function adminRoutes(elections: ElectionsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/elections',
      {
        schema: {
          tags,
          summary: 'Make an election (administrators)',
          security,
          body: ElectionInputSchema,
          response: {
            201: ElectionSchema,
            ...errorResponses(
              ...JSON_BODY,
              'auth.signed_out',
              'auth.role_required',
              'election.slug_taken',
            ),
          },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await elections.create(await request.actor(), request.body)),
    );
    app.post(
      '/api/elections/:slug/import',
      {
        bodyLimit: ELECTION_IMPORT_MAX + 64 * 1024,
        schema: {
          tags,
          summary:
            'Import seats (GeoJSON, or `shipped: true` for the Lok Sabha seats the product ships), parties, candidates, previous results or results (CSV) into an election (administrators). A bad row refuses the whole file by its line; nothing of it is kept.',
          security,
          params: ElectionParamsSchema,
          body: ImportInputSchema,
          response: {
            200: ImportReportSchema,
            ...errorResponses(
              ...JSON_BODY,
              'auth.signed_out',
              'auth.role_required',
              'election.not_found',
              'election.import_unreadable',
              'election.import_row_invalid',
              'election.import_unknown_seat',
              'election.import_unknown_candidate',
              'election.import_shapes_invalid',
            ),
          },
        },
      },
      async (request) => elections.import(await request.actor(), request.params.slug, request.body),
    );
  };
}

/** Editors and up: a seat's result saved at the desk. */
function deskRoutes(elections: ElectionsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/elections/:slug/results',
      {
        schema: {
          tags,
          summary:
            "Save a seat's result at the desk (editors and up). `basedOn` names the snapshot you saw; if someone saved a newer one, the answer is 409 with it under `newer`.",
          security,
          params: ElectionParamsSchema,
          body: ResultInputSchema,
          response: {
            201: SnapshotSchema,
            ...errorResponses(
              ...JSON_BODY,
              'auth.signed_out',
              'auth.role_required',
              'election.not_found',
              'election.seat_not_found',
              'election.candidate_not_in_seat',
              'election.result_stale',
            ),
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await elections.save(await request.actor(), request.params.slug, request.body)),
    );
  };
}

function readerRoutes(elections: ElectionsService, pages?: PageCache) {
  const keep = wholeAnswers(pages, KEPT.electionResults);
  const headers: [string, string][] = [
    ['content-type', JSON_TYPE],
    ['cache-control', ELECTION_CACHE_CONTROL],
  ];
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    /** Kept with the election's tag: any saved result of it makes the answer again. */
    const kept = async (slug: string, make: () => Promise<unknown>) => {
      const body = JSON.stringify(await make());
      return { body, tags: [CacheTags.election(await elections.idOf(slug))] };
    };
    app.get(
      '/api/elections/:slug/tally',
      {
        schema: {
          tags,
          security: [],
          summary:
            'Seats won and leading per party and alliance (apart; `total` is their sum), the change against the previous result, the majority mark and the newest result, each figure with its sources and time',
          params: ElectionParamsSchema,
          response: { 200: TallySchema, ...errorResponses('election.not_found') },
        },
      },
      async (request, reply) =>
        keep(request, reply, headers, () =>
          kept(request.params.slug, () => elections.tally(request.params.slug)),
        ),
    );
    app.get(
      '/api/elections/:slug/seats',
      {
        schema: {
          tags,
          security: [],
          summary:
            "An election's seats with their newest result: by state, by status (`awaited` for none yet) and by name typed in Hindi or Latin letters, or by number",
          params: ElectionParamsSchema,
          querystring: SeatsQuerySchema,
          response: { 200: SeatListSchema, ...errorResponses('election.not_found') },
        },
      },
      async (request, reply) =>
        keep(request, reply, headers, () =>
          kept(request.params.slug, () => elections.seats(request.params.slug, request.query)),
        ),
    );
    app.get(
      '/api/elections/:slug/seats/:id',
      {
        schema: {
          tags,
          security: [],
          summary:
            'One contest: the seat, its candidates and every result saved, the newest first, with who, when and from where',
          params: SeatParamsSchema,
          response: {
            200: SeatDetailSchema,
            ...errorResponses(
              'election.not_found',
              'election.seat_not_found',
              'validation.invalid',
            ),
          },
        },
      },
      async (request, reply) =>
        keep(request, reply, headers, () =>
          kept(request.params.slug, () => elections.seat(request.params.slug, request.params.id)),
        ),
    );
  };
}
