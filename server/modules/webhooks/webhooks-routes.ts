import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import {
  WebhookCreatedSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliverySchema,
  WebhookInputSchema,
  WebhookSchema,
} from '../../../common/schemas/webhooks';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { WebhooksService } from './webhooks-service';

const INPUT_CODES = [
  'webhook.url_invalid',
  'webhook.url_private',
  'webhook.url_no_address',
  'webhook.events_required',
  'webhook.event_unknown',
  'webhook.description_too_long',
] as const;

/** Signed webhooks (issue 41 item 3), administrators only. */
export function webhooksRoutes(webhooks: WebhooksService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['webhooks'];
    const security = [{ bearer: [] }];
    const refusals = [...SIGNED_IN, 'webhook.forbidden'] as const;
    app.post(
      '/api/webhooks',
      {
        schema: {
          tags,
          summary:
            'Tell an address of events (administrators), signed per Standard Webhooks with the secret in this answer (shown once): headers webhook-id, webhook-timestamp, webhook-signature; body { type, timestamp, data }. Failed deliveries are tried again 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h later, for 24 hours; a webhook failing for 3 days is disabled',
          security,
          body: WebhookInputSchema,
          response: {
            201: WebhookCreatedSchema,
            ...errorResponses(...refusals, ...JSON_BODY, ...INPUT_CODES),
          },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await webhooks.create(await request.actor(), request.body)),
    );
    app.get(
      '/api/webhooks',
      {
        schema: {
          tags,
          summary: 'The webhooks (administrators), newest first, without their secrets',
          security,
          response: { 200: z.array(WebhookSchema), ...errorResponses(...refusals) },
        },
      },
      async (request) => webhooks.list(await request.actor()),
    );
    app.put(
      '/api/webhooks/:id',
      {
        schema: {
          tags,
          summary:
            'Change a webhook (administrators); enabled: false pauses it, true starts it again',
          security,
          params: IdParamsSchema,
          body: WebhookInputSchema,
          response: {
            200: WebhookSchema,
            ...errorResponses(...refusals, ...JSON_BODY, ...INPUT_CODES, 'webhook.not_found'),
          },
        },
      },
      async (request) => webhooks.update(await request.actor(), request.params.id, request.body),
    );
    app.delete(
      '/api/webhooks/:id',
      {
        schema: {
          tags,
          summary: 'Delete a webhook and its deliveries (administrators)',
          security,
          params: IdParamsSchema,
          response: { 200: MessageSchema, ...errorResponses(...refusals, 'webhook.not_found') },
        },
      },
      async (request) => {
        await webhooks.remove(await request.actor(), request.params.id);
        return { message: 'The webhook was deleted.' };
      },
    );
    deliveryRoutes(app, webhooks);
  };
}

/** One webhook, its deliveries, and sending one again. */
function deliveryRoutes(fastify: FastifyInstance, webhooks: WebhooksService) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  const security = [{ bearer: [] }];
  app.get(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'One webhook (administrators)',
        security,
        params: IdParamsSchema,
        response: {
          200: WebhookSchema,
          ...errorResponses(...SIGNED_IN, 'webhook.forbidden', 'webhook.not_found'),
        },
      },
    },
    async (request) => webhooks.get(await request.actor(), request.params.id),
  );
  app.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary:
          'A webhook’s deliveries, newest first (administrators): each event, its status (pending, retrying, delivered, failed), attempts and the last answer',
        security,
        params: IdParamsSchema,
        response: {
          200: z.array(WebhookDeliverySchema),
          ...errorResponses(...SIGNED_IN, 'webhook.forbidden', 'webhook.not_found'),
        },
      },
    },
    async (request) => webhooks.deliveries(await request.actor(), request.params.id),
  );
  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/retry',
    {
      schema: {
        tags,
        summary: 'Send a delivery again now (administrators); answers it after the attempt',
        security,
        params: WebhookDeliveryParamsSchema,
        response: {
          200: WebhookDeliverySchema,
          ...errorResponses(...SIGNED_IN, 'webhook.forbidden', 'webhook.delivery_not_found'),
        },
      },
    },
    async (request) =>
      webhooks.retry(await request.actor(), request.params.id, request.params.deliveryId),
  );
}
