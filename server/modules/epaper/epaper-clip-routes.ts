/*
 * Readers' clips over HTTP (issue 68 item 2): `POST /api/epaper/clips` cuts a box of a public
 * page (anyone; at most EPAPER_CLIPS_PER_HOUR an hour per reader and per address), `GET
 * /api/epaper/clips/{id}` reads one, `POST …/open` counts another reader's opening (the share
 * page's script asks after load), `DELETE` removes one (editors and up).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EPAPER_CLIPS_PER_HOUR } from '../../../common/epaper';
import { MessageSchema } from '../../../common/schemas/common';
import {
  EpaperClipInputSchema,
  EpaperClipMadeSchema,
  EpaperClipParamsSchema,
  EpaperClipSchema,
} from '../../../common/schemas/epaper-zones';
import { errorResponses, JSON_BODY, notFound, SIGNED_IN } from '../../lib/errors';
import { security, tags } from './epaper-route-options';
import type { Epaper } from './epaper-wiring';

/** A burst guard per address before any work (the hourly limits are the clips' own). */
const BURST = { max: 10, timeWindow: 60_000 };

const MAKE_SUMMARY = `Cut a clip out of a published e-paper page: the box (fractions of the page) with a footer naming the paper, edition, date and page, as a JPEG of at most 1080 px and 250 KB; its public page is \`url\`. ${EPAPER_CLIPS_PER_HOUR} an hour per reader and per address`;

export function epaperClipRoutes(epaper: Epaper) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/epaper/clips',
      {
        schema: {
          tags,
          security: [],
          summary: MAKE_SUMMARY,
          body: EpaperClipInputSchema,
          response: {
            201: EpaperClipMadeSchema,
            ...errorResponses(...JSON_BODY, 'epaper.page_not_found', 'epaper.clip_limit'),
          },
        },
        config: { rateLimit: BURST },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const asker = { actor: await request.actor(), ip: request.ip };
        return reply.code(201).send(await epaper.makeClip(asker, request.body));
      },
    );
    app.get(
      '/api/epaper/clips/:id',
      {
        schema: {
          tags,
          security: [],
          summary:
            'A clip of a published e-paper page: its image, page and how often it was opened',
          params: EpaperClipParamsSchema,
          response: { 200: EpaperClipSchema, ...errorResponses('epaper.clip_not_found') },
        },
      },
      async (request) =>
        (await epaper.clip(request.params.id)) ?? Promise.reject(notFound('epaper.clip_not_found')),
    );
    app.post(
      '/api/epaper/clips/:id/open',
      {
        schema: {
          tags,
          security: [],
          summary: "Count a reader's opening of a clip (each reader once; its maker's not at all)",
          params: EpaperClipParamsSchema,
          response: {
            200: z.object({ counted: z.boolean() }),
            ...errorResponses('epaper.clip_not_found'),
          },
        },
        config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const asker = { actor: await request.actor(), ip: request.ip };
        return epaper.openClip(asker, request.params.id);
      },
    );
    app.delete(
      '/api/epaper/clips/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a clip: its page and its image go (editors and up)',
          params: EpaperClipParamsSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(...SIGNED_IN, 'auth.role_required', 'epaper.clip_not_found'),
          },
        },
      },
      async (request) => epaper.removeClip(await request.actor(), request.params.id),
    );
  };
}
