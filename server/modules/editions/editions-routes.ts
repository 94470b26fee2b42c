/*
 * Editions over HTTP (issue 65 item 1): the tree for everyone, cacheable by a shared cache;
 * administrators add, edit and delete. The contract is server/modules/editions/README.md.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EditionEditSchema,
  EditionInputSchema,
  EditionListQuerySchema,
  EditionListSchema,
  EditionSchema,
} from '../../../common/schemas/editions';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { EditionsService } from './editions-service';
import { deskRoutes } from './desk-routes';
import { editionHomeRoutes } from './edition-home-routes';

const tags = ['editions'];
const ADMIN = [...SIGNED_IN, 'auth.role_required'] as const;
const SAVE_REFUSALS = [
  ...ADMIN,
  ...JSON_BODY,
  'edition.slug_invalid',
  'edition.slug_taken',
  'edition.parent_unknown',
  'edition.kind_mismatch',
  'edition.national_fixed',
] as const;

/**
 * How long a shared cache may keep the tree: editions change a few times a year, and a minute
 * late is harmless (a new city shows in the picker a minute later).
 */
const TREE_CACHE = 'public, max-age=60, stale-while-revalidate=600';

export function editionsRoutes(editions: EditionsService) {
  return async function (app: FastifyInstance) {
    await app.register(treeRoutes(editions));
    await app.register(adminRoutes(editions));
    await app.register(deskRoutes(editions));
    await app.register(editionHomeRoutes(editions));
  };
}

/** The tree for everyone: the picker, edition pages, apps. */
function treeRoutes(editions: EditionsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/editions',
      {
        schema: {
          tags,
          summary: 'Every edition (the tree as a flat list), or those a name finds',
          description:
            'Parents before children: the national edition, states, cities, towns. Each has parentId (null only for the national edition), names { hi, en, mr?, gu? }, latinNames, location { lat, lng } when known, and active. With q, the editions a name in any script finds (jaipur, jaypur, Jaipur city, जयपुर), best first.',
          security: [],
          querystring: EditionListQuerySchema,
          response: { 200: EditionListSchema, ...errorResponses() },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', TREE_CACHE);
        const q = request.query.q?.trim();
        return q ? editions.search(q) : editions.list();
      },
    );
  };
}

/** Administrators' writes. */
function adminRoutes(editions: EditionsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

    app.post(
      '/api/editions',
      {
        schema: {
          tags,
          summary: 'Add an edition (administrator)',
          description:
            'kind must fit the parent: a state under the national edition, a city under a state, a town under a city. The slug is unique within its parent.',
          security,
          body: EditionInputSchema,
          response: { 201: EditionSchema, ...errorResponses(...SAVE_REFUSALS) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await editions.create(await request.actor(), request.body)),
    );

    app.put(
      '/api/editions/:id',
      {
        schema: {
          tags,
          summary: 'Edit an edition (administrator); a field left out keeps what is stored',
          description:
            'The national edition cannot be moved, made inactive or given another kind (409 edition.national_fixed).',
          security,
          params: IdParamsSchema,
          body: EditionEditSchema,
          response: {
            200: EditionSchema,
            ...errorResponses(...SAVE_REFUSALS, 'edition.not_found'),
          },
        },
      },
      async (request) => editions.update(await request.actor(), request.params.id, request.body),
    );

    app.delete(
      '/api/editions/:id',
      {
        schema: {
          tags,
          summary: 'Delete an edition no story uses (administrator)',
          description:
            'Refused with 409, deleting nothing, for the national edition, while editions sit under it, or while stories are in it (the message counts them).',
          security,
          params: IdParamsSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(
              ...ADMIN,
              'edition.not_found',
              'edition.national_fixed',
              'edition.has_children',
              'edition.in_use',
            ),
          },
        },
      },
      async (request) => editions.remove(await request.actor(), request.params.id),
    );
  };
}
