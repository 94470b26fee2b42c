/*
 * The e-paper desk over HTTP (issue 67 item 1; the contract in this module's README): issues
 * made, listed, read with their pages' progress, published, scheduled or deleted, by editors
 * and up. Their pages: epaper-page-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageSchema } from '../../../common/schemas/common';
import {
  EpaperIssueInputSchema,
  EpaperIssueListSchema,
  EpaperIssueParamsSchema,
  EpaperIssueSchema,
  EpaperIssuesQuerySchema,
  EpaperIssueUpdateSchema,
} from '../../../common/schemas/epaper';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import { epaperPageRoutes } from './epaper-page-routes';
import { epaperSearchRoutes } from './epaper-search-routes';
import { epaperZoneRoutes } from './epaper-zone-routes';
import { epaperClipRoutes } from './epaper-clip-routes';
import { epaperAccessRoutes } from './epaper-access-routes';
import { ISSUE_REFUSALS, security, tags } from './epaper-route-options';
import type { Epaper } from './epaper-wiring';

export function epaperRoutes(epaper: Epaper) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/epaper/issues',
      {
        schema: {
          tags,
          security,
          summary: 'Make an e-paper issue of an edition (id or slug) for a date (editors and up)',
          body: EpaperIssueInputSchema,
          response: {
            201: EpaperIssueSchema,
            ...errorResponses(
              ...JSON_BODY,
              ...SIGNED_IN,
              'auth.role_required',
              'edition.unknown',
              'epaper.edition_not_yours',
              'epaper.issue_exists',
            ),
          },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await epaper.create(await request.actor(), request.body)),
    );
    app.get(
      '/api/epaper/issues',
      {
        schema: {
          tags,
          security,
          summary: 'E-paper issues, newest date first, by edition and dates (editors and up)',
          querystring: EpaperIssuesQuerySchema,
          response: {
            200: EpaperIssueListSchema,
            ...errorResponses(
              ...SIGNED_IN,
              'auth.role_required',
              'edition.unknown',
              'epaper.edition_not_yours',
            ),
          },
        },
      },
      async (request) => epaper.list(await request.actor(), request.query),
    );
    await fastify.register(oneIssueRoutes(epaper));
    await fastify.register(epaperPageRoutes(epaper));
    await fastify.register(epaperSearchRoutes(epaper));
    await fastify.register(epaperZoneRoutes(epaper));
    await fastify.register(epaperClipRoutes(epaper));
    await fastify.register(epaperAccessRoutes(epaper));
  };
}

/** One issue: read with its pages' progress, published or scheduled, deleted. */
function oneIssueRoutes(epaper: Epaper) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/epaper/issues/:id',
      {
        schema: {
          tags,
          security,
          summary: "An e-paper issue with its pages and each page's progress (editors and up)",
          params: EpaperIssueParamsSchema,
          response: { 200: EpaperIssueSchema, ...errorResponses(...ISSUE_REFUSALS) },
        },
      },
      async (request) => epaper.get(await request.actor(), request.params.id),
    );
    app.put(
      '/api/epaper/issues/:id',
      {
        schema: {
          tags,
          security,
          summary:
            "Publish an issue now (`status: 'published'`), at a time (`'scheduled'` with `publishAt`) or pull it back (`'draft'`); or change its title",
          params: EpaperIssueParamsSchema,
          body: EpaperIssueUpdateSchema,
          response: {
            200: EpaperIssueSchema,
            ...errorResponses(
              ...JSON_BODY,
              ...ISSUE_REFUSALS,
              'epaper.issue_empty',
              'epaper.publish_at_needed',
              'epaper.publish_at_past',
            ),
          },
        },
      },
      async (request) => epaper.update(await request.actor(), request.params.id, request.body),
    );
    app.delete(
      '/api/epaper/issues/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete an e-paper issue and its pages (editors and up)',
          params: EpaperIssueParamsSchema,
          response: { 200: MessageSchema, ...errorResponses(...ISSUE_REFUSALS) },
        },
      },
      async (request) => epaper.remove(await request.actor(), request.params.id),
    );
  };
}
