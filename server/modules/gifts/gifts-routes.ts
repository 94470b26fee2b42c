import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '../../../common/schemas/common';
import { GiftSchema, MyGiftsSchema } from '../../../common/schemas/gifts';
import { errorResponses, SIGNED_IN } from '../../lib/errors';
import type { GiftsService } from './gifts-service';

/** Gift links (issue 39 item 5): a member gives a members' story; their gifts this month. */
export function giftsRoutes(gifts: GiftsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['payments'];
    const security = [{ bearer: [] }];
    app.post(
      '/api/articles/:id/gifts',
      {
        schema: {
          tags,
          summary:
            'Give a members’ story: a link that opens it to anyone for 7 days (5 a month, the site’s calendar month)',
          security,
          params: IdParamsSchema,
          response: {
            201: GiftSchema,
            ...errorResponses(
              ...SIGNED_IN,
              'article.not_found',
              'gift.free',
              'gift.forbidden',
              'gift.limit',
            ),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const gift = await gifts.give(await request.actor(), request.params.id);
        return reply.code(201).send(gift);
      },
    );
    app.get(
      '/api/me/gifts',
      {
        schema: {
          tags,
          summary:
            'My gift links this month and any earlier one still open, newest first, and how many I may still give this month',
          security,
          response: { 200: MyGiftsSchema, ...errorResponses(...SIGNED_IN) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return gifts.mine(await request.actor());
      },
    );
    app.delete(
      '/api/me/gifts/:id',
      {
        schema: {
          tags,
          summary:
            'Stop one of my gift links: it opens the story to nobody from now on (it still counts among the month’s gifts)',
          security,
          params: IdParamsSchema,
          response: {
            204: z.null().describe('Stopped (or stopped already)'),
            ...errorResponses(...SIGNED_IN, 'gift.not_found'),
          },
        },
      },
      async (request, reply) => {
        await gifts.stop(await request.actor(), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
