import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CacheTags } from '../../../common/cache-tags';
import { SERVER_SEGMENTS as S } from '../../../common/paths';
import {
  AdCreativeInputSchema,
  AdCreativeSchema,
  AdImpressionsSchema,
  AdSlotsAnswerSchema,
  AdSlotsQuerySchema,
  AdTotalsSchema,
} from '../../../common/schemas/ads';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import type { SiteSettings } from '../../../common/settings';
import { KEPT } from '../../caching/kept-answers';
import type { PageCache } from '../../caching/page-cache';
import { wholeAnswers } from '../../caching/whole-answers';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { AdsService } from './ads-service';
import { SLOTS_KEPT_MS } from './ad-slots';
import { acceptBeaconJson, beaconLimits, beaconRoute } from '../../lib/beacon-body';

/** Impression beacons one address may send in a minute (a page sends one or two). */
export const AD_BEACONS_PER_ADDRESS = 600;
const INPUT_REFUSALS = [
  'ads.name_required',
  'ads.name_too_long',
  'ads.image_required',
  'ads.image_unknown',
  'ads.link_invalid',
  'ads.alt_required',
  'ads.position_unknown',
  'ads.weight_invalid',
  'ads.date_invalid',
  'ads.window_invalid',
  'edition.unknown',
] as const;
/** What a creative's write may answer besides its own. */
const WRITE_REFUSALS = [...SIGNED_IN, ...JSON_BODY, 'ads.forbidden', ...INPUT_REFUSALS] as const;

/**
 * `/ads.txt` and `/app-ads.txt` (issue 39 item 1): the settings' texts, kept like feeds with the
 * settings' tag, so a change of the settings refreshes them in every process (and the front
 * cache's purge names the tag). Empty: 404, which no cache keeps.
 */
export function adsTxtRoutes(settings: { get(): Promise<SiteSettings> }, pages?: PageCache) {
  const send = wholeAnswers(pages, KEPT.adsTxt);
  const headers: [string, string][] = [
    ['content-type', 'text/plain; charset=utf-8'],
    ['cache-control', `public, max-age=${KEPT.adsTxt.freshMs / 1000}`],
  ];
  return async function (app: FastifyInstance) {
    const hide = { schema: { hide: true } };
    for (const [path, key] of [
      [S.adsTxt, 'adsTxt'],
      [S.appAdsTxt, 'appAdsTxt'],
    ] as const)
      app.get(`/${path}`, hide, async (request, reply) => {
        const text = (await settings.get())[key];
        if (!text.trim())
          return reply
            .status(404)
            .header('cache-control', 'no-cache')
            .type('text/plain; charset=utf-8')
            .send('Not found');
        const body = text.endsWith('\n') ? text : `${text}\n`;
        return send(request, reply, headers, async () => ({ body, tags: [CacheTags.settings] }));
      });
  };
}

/** House ads' writes, for editors and up (issue 39 item 1). */
export function adsRoutes(ads: AdsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const [tags, security] = [['ads'], [{ bearer: [] }]];
    app.post(
      '/api/ads/creatives',
      {
        schema: {
          tags,
          summary: 'Make a house ad (editors and up): an image of the media library and its link',
          security,
          body: AdCreativeInputSchema,
          response: {
            201: AdCreativeSchema,
            ...errorResponses(...WRITE_REFUSALS),
          },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await ads.create(await request.actor(), request.body)),
    );
    app.put(
      '/api/ads/creatives/:id',
      {
        schema: {
          tags,
          summary: 'Change a house ad (editors and up); the whole ad is sent',
          security,
          params: IdParamsSchema,
          body: AdCreativeInputSchema,
          response: {
            200: AdCreativeSchema,
            ...errorResponses(...WRITE_REFUSALS, 'ads.not_found'),
          },
        },
      },
      async (request) => ads.update(await request.actor(), request.params.id, request.body),
    );
    app.delete(
      '/api/ads/creatives/:id',
      {
        schema: {
          tags,
          summary: 'Delete a house ad and its counts (editors and up)',
          security,
          params: IdParamsSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(...SIGNED_IN, 'ads.forbidden', 'ads.not_found'),
          },
        },
      },
      async (request) => {
        await ads.remove(await request.actor(), request.params.id);
        return { message: 'The ad was deleted.' };
      },
    );
  };
}

/** What editors read: the house ads with their counts, and the dashboard's totals. */
export function adsReadRoutes(ads: AdsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const [tags, security] = [['ads'], [{ bearer: [] }]];
    app.get(
      '/api/ads/creatives',
      {
        schema: {
          tags,
          summary: 'House ads (editors and up), newest first, with their impressions and clicks',
          security,
          response: {
            200: z.array(AdCreativeSchema),
            ...errorResponses(...SIGNED_IN, 'ads.forbidden'),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ads.list(await request.actor());
      },
    );
    app.get(
      '/api/ads/creatives/:id',
      {
        schema: {
          tags,
          summary: 'One house ad (editors and up), with its impressions and clicks',
          security,
          params: IdParamsSchema,
          response: {
            200: AdCreativeSchema,
            ...errorResponses(...SIGNED_IN, 'ads.forbidden', 'ads.not_found'),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ads.one(await request.actor(), request.params.id);
      },
    );
    app.get(
      '/api/ads/totals',
      {
        schema: {
          tags,
          summary: "House ads' impressions and clicks of the last 30 days (editors and up)",
          security,
          response: {
            200: AdTotalsSchema,
            ...errorResponses(...SIGNED_IN, 'ads.forbidden'),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ads.lastMonth(await request.actor());
      },
    );
  };
}

/**
 * What reading pages ask after load: the running house ads of their positions, the impressions'
 * beacon, and the counted click (issue 39 item 1).
 */
export function adsPublicRoutes(ads: AdsService) {
  return async function (fastify: FastifyInstance) {
    await fastify.register(adsImpressionRoute(ads));
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['ads'];
    app.get(
      '/api/ads/slots',
      {
        schema: {
          tags,
          summary:
            "The house ads running now for each position asked (comma-separated), for the page to pick from by weight after load; with edition (a slug) that edition's creatives besides the untargeted ones; the same for every reader of an edition, kept briefly",
          security: [],
          querystring: AdSlotsQuerySchema,
          response: { 200: AdSlotsAnswerSchema, ...errorResponses('ads.position_unknown') },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', `public, max-age=${SLOTS_KEPT_MS / 1000}`);
        return ads.slots(request.query.positions, request.query.edition);
      },
    );
    app.get(
      `/${S.ads}/click/:id`,
      { schema: { hide: true, params: IdParamsSchema } },
      async (request, reply) => {
        const link = await ads.click(request.params.id, request.ip);
        reply.header('cache-control', 'no-store');
        if (!link) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
        return reply.redirect(link, 302);
      },
    );
  };
}

/** The ads' impression beacon as the lean path answers it over HTTP (server/beacon-answer.ts). */
export const adsImpressionBeacon = (ads: Pick<AdsService, 'impressions'>) =>
  beaconRoute({
    path: '/api/ads/impressions',
    body: AdImpressionsSchema,
    perMinute: AD_BEACONS_PER_ADDRESS,
    count: (body, _headers, ip) => ads.impressions(body.ids, ip),
  });

/**
 * POST /api/ads/impressions, the pages' beacon of the house ads they showed: registered in the
 * app (its OpenAPI entry, `inject`); over HTTP the beacons' lean path answers it (`adsImpressionBeacon`).
 */
export function adsImpressionRoute(ads: Pick<AdsService, 'impressions'>) {
  return async function (fastify: FastifyInstance) {
    // The beacon's text/plain body is JSON here (navigator.sendBeacon, no preflight).
    acceptBeaconJson(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['ads'];
    app.post(
      '/api/ads/impressions',
      {
        schema: {
          tags,
          summary:
            'The house ads a page showed (text/plain JSON from navigator.sendBeacon): counted per ad and day, at most 30 an hour per ad from one address, no cookie, no address kept; 204',
          security: [],
          body: AdImpressionsSchema,
          response: { 204: z.null().describe('Received'), ...errorResponses(...JSON_BODY) },
        },
        ...beaconLimits(AD_BEACONS_PER_ADDRESS),
      },
      async (request, reply) => {
        await ads.impressions(request.body.ids, request.ip);
        return reply.header('cache-control', 'no-store').status(204).send(null);
      },
    );
  };
}
