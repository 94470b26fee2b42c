import type { FastifyInstance, FastifyReply } from 'fastify';
import { PAGE_SEGMENTS, SERVER_SEGMENTS as S } from '../../../common/paths';
import type { SeoService } from './seo-service';
import { ICON_SIZES, type SiteIcons } from './site-icons';
import { SITEMAP_STYLE } from './sitemap-style';

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
    app.get(`/${S.sitemapStyle}`, hide, async (_request, reply) =>
      reply.type('text/xsl; charset=utf-8').header('cache-control', CACHE).send(SITEMAP_STYLE),
    );
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
    app.get<{ Params: { slug: string } }>(
      `/${PAGE_SEGMENTS.author}/:slug/${S.feed}`,
      hide,
      async (request, reply) =>
        reply
          .type('application/rss+xml; charset=utf-8')
          .header('cache-control', CACHE)
          .send(await seo.authorFeed(request.params.slug)),
    );
  };
}

/** The site's icons and web manifest (issue 12), made from the logo in the settings. */
export function siteIconRoutes(icons: SiteIcons) {
  return async function (app: FastifyInstance) {
    const hide = { schema: { hide: true } };
    const png = (size: number) => async (_request: unknown, reply: FastifyReply) =>
      reply
        .type('image/png')
        .header('cache-control', CACHE)
        .send(await icons.png(size));
    app.get(`/${S.favicon}`, hide, async (_request, reply) =>
      reply
        .type('image/x-icon')
        .header('cache-control', CACHE)
        .send(await icons.favicon()),
    );
    // iOS asks for both names when a page does not say which.
    app.get(`/${S.appleTouchIcon}`, hide, png(ICON_SIZES.appleTouch));
    app.get('/apple-touch-icon-precomposed.png', hide, png(ICON_SIZES.appleTouch));
    for (const size of ICON_SIZES.manifest) app.get(`/icon-${size}.png`, hide, png(size));
    app.get(`/${S.manifest}`, hide, async (_request, reply) =>
      reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', CACHE)
        .send(JSON.stringify(await icons.manifest())),
    );
  };
}
