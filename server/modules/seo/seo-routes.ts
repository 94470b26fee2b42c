import type { FastifyInstance } from 'fastify';
import { PAGE_SEGMENTS, SERVER_SEGMENTS as S } from '../../../common/paths';
import type { SeoService } from './seo-service';

const XML = 'application/xml; charset=utf-8';
/** Crawlers may keep these a few minutes; they are rebuilt from the database on each request. */
const CACHE = 'public, max-age=300';

/** The search-engine surface of DECISIONS.md §6: sitemaps, robots.txt and RSS feeds. */
export function seoRoutes(seo: SeoService) {
  return async function (app: FastifyInstance) {
    const hide = { schema: { hide: true } };
    app.get(`/${S.sitemap}`, hide, async (_request, reply) =>
      reply
        .type(XML)
        .header('cache-control', CACHE)
        .send(await seo.sitemap()),
    );
    app.get<{ Params: { n: string } }>('/sitemap-:n.xml', hide, async (request, reply) => {
      const n = Number(request.params.n);
      if (!Number.isInteger(n) || n < 1)
        return reply.status(404).type('text/plain').send('Not found');
      return reply
        .type(XML)
        .header('cache-control', CACHE)
        .send(await seo.sitemap(n));
    });
    app.get(`/${S.newsSitemap}`, hide, async (_request, reply) =>
      reply
        .type(XML)
        .header('cache-control', CACHE)
        .send(await seo.newsSitemap()),
    );
    app.get(`/${S.robots}`, hide, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(seo.robots()),
    );
    app.get(`/${S.feed}`, hide, async (_request, reply) =>
      reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', CACHE)
        .send(await seo.feed()),
    );
    app.get<{ Params: { slug: string } }>(
      `/${PAGE_SEGMENTS.category}/:slug/${S.feed}`,
      hide,
      async (request, reply) => {
        // A renamed category's feed moves with it.
        const moved = await seo.movedCategoryFeed(request.params.slug);
        if (moved) return reply.redirect(moved, 301);
        return reply
          .type('application/rss+xml; charset=utf-8')
          .header('cache-control', CACHE)
          .send(await seo.feed(request.params.slug));
      },
    );
  };
}
