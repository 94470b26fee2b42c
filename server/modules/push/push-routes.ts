import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import {
  PUSH_ALERTS_PATH,
  PUSH_KEY_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
} from '../../../common/push-paths';
import {
  PushAlertAcceptedSchema,
  PushAlertInputSchema,
  PushAlertSchema,
  PushKeySchema,
  PushSubscriptionInputSchema,
  PushUnsubscribeSchema,
} from '../../../common/schemas/push';
import { errorResponses, JSON_BODY, SIGNED_IN, tooManyRequests } from '../../lib/errors';
import { minutesLeft, type RateLimitCounters } from '../../plugins/rate-limit';
import type { PushService } from './push-service';

/**
 * Subscribe and unsubscribe calls one address may make in a minute: a browser makes one now and
 * then (app/reader/push.ts), but many readers may share an office's or a carrier's address.
 */
export const SUBSCRIPTIONS_PER_ADDRESS = 30;
/** The one counter every process on the database counts alerts under (the whole site's). */
export const ALERTS_LIMIT_KEY = 'push:alerts';

interface RouteOptions {
  counters: RateLimitCounters;
  /** Alerts the site may send in a minute (PUSH_ALERTS_PER_MINUTE). */
  alertsPerMinute: number;
}

const tags = ['push'];

/** Web push alerts' calls (issue 25 item 3, docs/decisions/032). */
export function pushRoutes(push: PushService, opts: RouteOptions) {
  return async function (app: FastifyInstance) {
    await app.register(subscriptionRoutes(push));
    await app.register(alertRoutes(push, opts));
  };
}

/** A reader's browser: the key to subscribe with, subscribing and unsubscribing. */
function subscriptionRoutes(push: PushService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const limit = { rateLimit: { max: SUBSCRIPTIONS_PER_ADDRESS, timeWindow: 60_000 } };
    app.get(
      PUSH_KEY_PATH,
      {
        schema: {
          tags,
          summary: "The VAPID public key: a browser's applicationServerKey for subscribing",
          security: [],
          response: { 200: PushKeySchema, ...errorResponses() },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return push.publicKey();
      },
    );
    app.post(
      PUSH_SUBSCRIPTIONS_PATH,
      {
        schema: {
          tags,
          summary:
            "Subscribe a browser to alerts: its PushSubscription ({ endpoint, keys: { p256dh, auth } }), and `edition` (an edition id) for that edition's alerts besides national ones; the endpoint must be a public https: address",
          security: [],
          body: PushSubscriptionInputSchema,
          response: {
            201: MessageSchema,
            ...errorResponses(
              ...JSON_BODY,
              'push.endpoint_no_address',
              'push.endpoint_private',
              'push.key_not_on_curve',
              'edition.unknown',
            ),
          },
        },
        config: limit,
      },
      async (request, reply) => {
        await push.subscribe(request.body);
        return reply.code(201).send({ message: 'Subscribed to alerts.' });
      },
    );
    app.delete(
      PUSH_SUBSCRIPTIONS_PATH,
      {
        schema: {
          tags,
          summary: 'Unsubscribe a browser from alerts, by its endpoint',
          security: [],
          body: PushUnsubscribeSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(...JSON_BODY, 'push.subscription_unknown'),
          },
        },
        config: limit,
      },
      async (request) => {
        await push.unsubscribe(request.body.endpoint);
        return { message: 'Unsubscribed from alerts.' };
      },
    );
  };
}

/** The newsroom: sending an alert, and how its delivery goes. */
function alertRoutes(push: PushService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];
    app.post(
      PUSH_ALERTS_PATH,
      {
        schema: {
          tags,
          summary: `Send an alert for a published article to every subscribed browser, or with \`edition\` to that edition's subscribers only (editors and administrators; ${opts.alertsPerMinute} a minute for the whole site)`,
          security,
          body: PushAlertInputSchema,
          response: {
            202: PushAlertAcceptedSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'push.send_forbidden',
              'article.not_published',
              'edition.unknown',
              'push.alert_too_soon',
            ),
          },
        },
      },
      async (request, reply) => {
        const draft = await push.prepare(await request.actor(), request.body);
        // Counted only once the alert could go: a refused one takes nobody's turn. In the
        // database, so the limit holds across every process (STYLE.md §6).
        const count = await opts.counters.increment(ALERTS_LIMIT_KEY, 60_000);
        if (count.current > opts.alertsPerMinute) {
          reply.header('retry-after', String(Math.max(1, Math.ceil(count.ttl / 1000))));
          throw tooManyRequests('push.alert_too_soon', { minutes: minutesLeft(count.ttl) });
        }
        return reply.code(202).send(await push.send(draft));
      },
    );
    app.get(
      PUSH_ALERTS_PATH,
      {
        schema: {
          tags,
          summary: 'How many browsers subscribe, and the latest alerts with their counts',
          security,
          response: {
            200: z.object({ subscribers: z.number(), alerts: z.array(PushAlertSchema) }),
            ...errorResponses('auth.signed_out', 'push.alerts_forbidden'),
          },
        },
      },
      async (request) => push.desk(await request.actor()),
    );
    app.get(
      `${PUSH_ALERTS_PATH}/:id`,
      {
        schema: {
          tags,
          summary:
            "An alert's delivery so far: sent, failed and removed (editors and administrators)",
          security,
          params: IdParamsSchema,
          response: {
            200: PushAlertSchema,
            ...errorResponses('auth.signed_out', 'push.alerts_forbidden', 'push.alert_not_found'),
          },
        },
      },
      async (request) => push.alert(await request.actor(), request.params.id),
    );
  };
}
