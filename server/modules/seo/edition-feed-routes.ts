/*
 * An edition's feed (issue 65 item 3): `/local/{state}/feed.xml`, `/local/{state}/{city}/feed.xml`
 * and a town's, RSS like a category's feed, kept whole by the page cache with the edition's tag.
 */
import type { FastifyInstance } from 'fastify';
import { CacheTags } from '../../../common/cache-tags';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { editionName } from '../../../common/edition-place';
import { editionPath, PAGE_SEGMENTS, SERVER_SEGMENTS } from '../../../common/paths';
import type { Edition } from '../../../common/schemas/editions';
import { KEPT } from '../../caching/kept-answers';
import type { PageCache } from '../../caching/page-cache';
import { wholeAnswers } from '../../caching/whole-answers';
import { notFound } from '../../lib/errors';
import type { SeoService } from './seo-service';

const RSS = 'application/rss+xml; charset=utf-8';
const CACHE = `public, max-age=${KEPT.feeds.freshMs / 1000}`;

interface FeedEditions {
  byPath(slugs: readonly string[]): Promise<Edition | undefined>;
  pathOf(id: string): Promise<Edition[]>;
}

export function editionFeedRoutes(
  seo: SeoService,
  editions: FeedEditions,
  settings: { get(): Promise<{ uiLanguage: string }> },
  pages?: PageCache,
) {
  const send = wholeAnswers(pages, KEPT.feeds);
  return async function (app: FastifyInstance) {
    const hide = { schema: { hide: true } };
    const feed = async (slugs: string[]) => {
      const edition = await editions.byPath(slugs);
      if (!edition || !edition.active || edition._id === NATIONAL_EDITION_ID)
        throw notFound('edition.not_found');
      const { uiLanguage } = await settings.get();
      const body = await seo.editionFeed({
        _id: edition._id,
        path: editionPath(slugs),
        name: editionName(edition, uiLanguage),
      });
      // Its items are the edition's newest stories; a story's change stales the sitemaps' tag.
      // Its name and address are its own and its places' above it.
      const named = (await editions.pathOf(edition._id)).map((e) => CacheTags.editionNamed(e._id));
      const tags = [
        CacheTags.edition(edition._id),
        CacheTags.sitemaps,
        CacheTags.settings,
        ...named,
      ];
      return { body, tags };
    };
    const base = `/${PAGE_SEGMENTS.local}`;
    const file = SERVER_SEGMENTS.feed;
    const headers: [string, string][] = [
      ['content-type', RSS],
      ['cache-control', CACHE],
    ];
    for (const shape of [':state', ':state/:city', ':state/:city/:town'])
      app.get<{ Params: { state: string; city?: string; town?: string } }>(
        `${base}/${shape}/${file}`,
        hide,
        async (request, reply) => {
          const { state, city, town } = request.params;
          const slugs = [state, city, town].filter((s): s is string => !!s);
          return send(request, reply, headers, () => feed(slugs));
        },
      );
  };
}
