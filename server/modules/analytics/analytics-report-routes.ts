import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '../../../common/schemas/common';
import {
  AnalyticsArticleQuerySchema,
  AnalyticsArticleSchema,
  AnalyticsEpaperQuerySchema,
  AnalyticsEpaperSchema,
  AnalyticsTopQuerySchema,
  AnalyticsTopSchema,
} from '../../../common/schemas/analytics';
import { errorResponses } from '../../lib/errors';
import { toCsv } from '../../lib/csv';
import type { AnalyticsService } from './analytics-service';

const CSV = z.string().describe('With format=csv: the same figures as text/csv (a download)');

/** Sends `csv` as a download named `name`, past the route's JSON serializer. */
function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .type('text/csv; charset=utf-8')
    .serializer((payload) => payload as string)
    .send(csv);
}

/**
 * GET /api/analytics/articles/{id} and GET /api/analytics/top (issue 38 item 4); GET
 * /api/analytics/epaper (issue 68 item 5).
 */
export function analyticsReportRoutes(analytics: AnalyticsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    await fastify.register(epaperReportRoute(analytics));
    app.get(
      '/api/analytics/articles/:id',
      {
        schema: {
          tags: ['analytics'],
          summary:
            "One story's views, readers, median engaged seconds and scroll depth, sources and series per minute, hour or day (its author, or editors and up); format=csv downloads the series",
          security: [{ bearer: [] }],
          params: IdParamsSchema,
          querystring: AnalyticsArticleQuerySchema,
          response: {
            200: z.union([AnalyticsArticleSchema, CSV]),
            ...errorResponses('auth.signed_out', 'auth.role_required', 'article.not_found'),
          },
        },
      },
      async (request, reply) => {
        const report = await analytics.article(
          await request.actor(),
          request.params.id,
          request.query,
        );
        if (request.query.format !== 'csv')
          return reply.header('cache-control', 'no-store').send(report);
        const rows = report.series.map((r) => [r.t, r.views, r.readers]);
        return sendCsv(
          reply,
          `article-${request.params.id}`,
          toCsv(['t', 'views', 'readers'], rows),
        );
      },
    );

    app.get(
      '/api/analytics/top',
      {
        schema: {
          tags: ['analytics'],
          summary:
            'The most read articles, authors, categories, tags or sources in a range (an author: their own stories; editors and up: everything); format=csv downloads them',
          security: [{ bearer: [] }],
          querystring: AnalyticsTopQuerySchema,
          response: {
            200: z.union([AnalyticsTopSchema, CSV]),
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request, reply) => {
        const top = await analytics.top(await request.actor(), request.query);
        if (request.query.format !== 'csv')
          return reply.header('cache-control', 'no-store').send(top);
        const rows = top.rows.map((r) => [r.key, r.name, r.views, r.readers]);
        return sendCsv(reply, `top-${top.by}`, toCsv(['key', 'name', 'views', 'readers'], rows));
      },
    );
  };
}

/** GET /api/analytics/epaper: the e-paper's views, clips and openings per edition. */
function epaperReportRoute(analytics: AnalyticsService) {
  return async function (fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/api/analytics/epaper',
      {
        schema: {
          tags: ['analytics'],
          summary:
            "The e-paper's page views and readers, clips cut and clips opened per edition in a range (30 days unless said), where its readers came from, and the story views it brought (editors and up)",
          security: [{ bearer: [] }],
          querystring: AnalyticsEpaperQuerySchema,
          response: {
            200: AnalyticsEpaperSchema,
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return analytics.epaper(await request.actor(), request.query);
      },
    );
  };
}
