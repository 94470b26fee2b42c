/*
 * `GET/POST/PUT/DELETE /api/epaper/pages/{id}/zones[/{zoneId}]` (issue 68 item 1): the boxes
 * the desk draws on a page, for editors and up (a desk limited to editions on its own).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageSchema } from '../../../common/schemas/common';
import {
  EpaperZoneInputSchema,
  EpaperZoneListSchema,
  EpaperZonePageParamsSchema,
  EpaperZoneParamsSchema,
  EpaperZoneSchema,
  EpaperZoneSuggestionsSchema,
} from '../../../common/schemas/epaper-zones';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import { security, tags } from './epaper-route-options';
import type { Epaper } from './epaper-wiring';

const PAGE_REFUSALS = [
  ...SIGNED_IN,
  'auth.role_required',
  'epaper.page_not_found',
  'epaper.issue_not_found',
  'epaper.edition_not_yours',
] as const;

export function epaperZoneRoutes(epaper: Epaper) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    await fastify.register(zoneListRoute(epaper));
    app.post(
      '/api/epaper/pages/:id/zones',
      {
        schema: {
          tags,
          security,
          summary:
            'Draw a box on a page: a story (perhaps linked to its web story, `storyId`), an ad or a photo; `text` is its text as a person corrected it (editors and up)',
          params: EpaperZonePageParamsSchema,
          body: EpaperZoneInputSchema,
          response: {
            201: EpaperZoneSchema,
            ...errorResponses(
              ...JSON_BODY,
              ...PAGE_REFUSALS,
              'epaper.story_unknown',
              'epaper.too_many_zones',
            ),
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await epaper.addZone(await request.actor(), request.params.id, request.body)),
    );
    app.put(
      '/api/epaper/pages/:id/zones/:zoneId',
      {
        schema: {
          tags,
          security,
          summary:
            "Change a box: its place and kind; its story (`storyId`, null unlinks) and corrected text (`text`, null goes back to OCR's) when given (editors and up)",
          params: EpaperZoneParamsSchema,
          body: EpaperZoneInputSchema,
          response: {
            200: EpaperZoneSchema,
            ...errorResponses(
              ...JSON_BODY,
              ...PAGE_REFUSALS,
              'epaper.zone_not_found',
              'epaper.story_unknown',
            ),
          },
        },
      },
      async (request) =>
        epaper.changeZone(
          await request.actor(),
          request.params.id,
          request.params.zoneId,
          request.body,
        ),
    );
    app.delete(
      '/api/epaper/pages/:id/zones/:zoneId',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a box from a page (editors and up)',
          params: EpaperZoneParamsSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(...PAGE_REFUSALS, 'epaper.zone_not_found'),
          },
        },
      },
      async (request) =>
        epaper.removeZone(await request.actor(), request.params.id, request.params.zoneId),
    );
  };
}

/** `GET /api/epaper/pages/{id}/zones`. */
function zoneListRoute(epaper: Epaper) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/epaper/pages/:id/zones',
      {
        schema: {
          tags,
          security,
          summary: "A page's boxes (fractions of the page), top to bottom (editors and up)",
          params: EpaperZonePageParamsSchema,
          response: { 200: EpaperZoneListSchema, ...errorResponses(...PAGE_REFUSALS) },
        },
      },
      async (request) => epaper.zones(await request.actor(), request.params.id),
    );
    app.get(
      '/api/epaper/pages/:id/zones/suggested',
      {
        schema: {
          tags,
          security,
          summary:
            "Boxes Tesseract's layout suggests on a page (its text blocks and pictures) that no box covers yet; none, with `read: false`, until OCR has read the page (editors and up)",
          params: EpaperZonePageParamsSchema,
          response: { 200: EpaperZoneSuggestionsSchema, ...errorResponses(...PAGE_REFUSALS) },
        },
      },
      async (request) => epaper.suggestZones(await request.actor(), request.params.id),
    );
  };
}
