import type { FastifyInstance, FastifyReply } from 'fastify';
import { PAGE_SEGMENTS, SERVER_SEGMENTS as S } from '../../../common/paths';
import { CacheTags } from '../../../common/cache-tags';
import { KEPT } from '../../caching/kept-answers';
import type { PageCache } from '../../caching/page-cache';
import { wholeAnswers } from '../../caching/whole-answers';
import type { SeoService } from './seo-service';
import { ICON_SIZES, type SiteIcons } from './site-icons';
import { SITEMAP_STYLE } from './sitemap-style';
import { parseSitemapPart } from './sitemaps';

const XML = 'application/xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';
/** Crawlers may keep these a few minutes; we keep them as long, unless content changes first. */
const CACHE = `public, max-age=${KEPT.feeds.freshMs / 1000}`;

/**
 * What sitemaps and feeds show: every public article's address and time (any public article's
 * change stales `l:sitemap`), category addresses and names, and the site's settings. A feed's
 * items are its list's newest articles, which the same tag covers.
 */
const SHOWN = [CacheTags.sitemaps, CacheTags.categories, CacheTags.settings];
const shows = (made: Promise<string | Buffer>) => made.then((body) => ({ body, tags: SHOWN }));

/**
 * The search-engine surface of DECISIONS.md §6: sitemaps, robots.txt and RSS feeds. With the
 * page cache, sitemaps and feeds are kept as the bytes they are sent with, with what they show
 * (docs/decisions/029).
 */
export function seoRoutes(seo: SeoService, pages?: PageCache) {
  const send = wholeAnswers(pages, KEPT.feeds);
  const xml = (type: string): [string, string][] => [
    ['content-type', type],
    ['cache-control', CACHE],
  ];
  return async function (app: FastifyInstance) {
    const hide = { schema: { hide: true } };
    app.get(`/${S.sitemap}`, hide, async (request, reply) =>
      send(request, reply, xml(XML), () => shows(seo.sitemap())),
    );
    // A file of the sitemap index: `pages-1`, `2019-06`, `2019-06-2` (sitemaps.ts).
    app.get<{ Params: { n: string } }>('/sitemap-:n.xml', hide, async (request, reply) => {
      const { n } = request.params;
      if (!parseSitemapPart(n)) return reply.status(404).type('text/plain').send('Not found');
      return send(request, reply, xml(XML), () => shows(seo.sitemap(n)));
    });
    app.get(`/${S.sitemapStyle}`, hide, async (_request, reply) =>
      reply.type('text/xsl; charset=utf-8').header('cache-control', CACHE).send(SITEMAP_STYLE),
    );
    app.get(`/${S.newsSitemap}`, hide, async (request, reply) =>
      send(request, reply, xml(XML), () => shows(seo.newsSitemap())),
    );
    app.get(`/${S.robots}`, hide, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(seo.robots()),
    );
    app.get(`/${S.feed}`, hide, async (request, reply) =>
      send(request, reply, xml(RSS), () => shows(seo.feed())),
    );
    app.get<{ Params: { slug: string } }>(
      `/${PAGE_SEGMENTS.category}/:slug/${S.feed}`,
      hide,
      async (request, reply) => {
        // A renamed category's feed moves with it.
        const moved = await seo.movedCategoryFeed(request.params.slug);
        if (moved) return reply.redirect(moved, 301);
        return send(request, reply, xml(RSS), () => shows(seo.feed(request.params.slug)));
      },
    );
    app.get<{ Params: { slug: string } }>(
      `/${PAGE_SEGMENTS.tag}/:slug/${S.feed}`,
      hide,
      async (request, reply) =>
        send(request, reply, xml(RSS), () => shows(seo.tagFeed(request.params.slug))),
    );
    app.get<{ Params: { slug: string } }>(
      `/${PAGE_SEGMENTS.author}/:slug/${S.feed}`,
      hide,
      async (request, reply) =>
        send(request, reply, xml(RSS), () => shows(seo.authorFeed(request.params.slug))),
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
