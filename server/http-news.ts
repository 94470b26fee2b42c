/*
 * The calls of a news day, registered by server/http.ts: the breaking band, election results,
 * seats to follow, the e-paper, live blogs, and what readers and crawlers read of editions.
 */
import type { FastifyInstance } from 'fastify';
import { editionTopRoutes } from './modules/editions/edition-top-routes';
import { editionFeedRoutes } from './modules/seo/edition-feed-routes';
import { breakingRoutes } from './modules/breaking/breaking-routes';
import { liveRoutes, type LiveReaders } from './modules/live/live-routes';
import { electionsRoutes } from './modules/elections/elections-routes';
import { seatFollowRoutes } from './modules/elections/elections-follow';
import { electionBlocks } from './modules/elections/elections-blocks';
import { epaperRoutes } from './modules/epaper/epaper-routes';
import { type PageCache } from './caching/page-cache';
import type { Services } from './services';
import { readerClassOf } from './http-pages';

/** What changes by the minute on a news day: the breaking band, election results, live blogs. */
export async function registerNewsDesk(
  app: FastifyInstance,
  services: Services,
  pageCache?: PageCache,
) {
  await app.register(breakingRoutes(services.breaking));
  await app.register(electionsRoutes(services.elections, pageCache));
  // Following a seat: its declaration as a Web Push (issue 69 item 4).
  await app.register(seatFollowRoutes(services.elections.seat, services.push.follows));
  await app.register(epaperRoutes(services.epaper));
  // The poll's entries show their election blocks filled in, as the page does (issue 69 item 4).
  const blocks = electionBlocks({
    elections: services.elections,
    settings: services.settings,
    logError: (error, what) => app.log.error({ err: error }, what),
  });
  await app.register(
    liveRoutes(services.live, pageCache, liveReaders(services, pageCache), blocks),
  );
}

/** What readers and crawlers read of editions (issue 65): the city strip's JSON, the feeds. */
export async function registerEditionReads(
  app: FastifyInstance,
  services: Services,
  pages?: PageCache,
) {
  const { editions, articles, seo, settings } = services;
  await app.register(editionTopRoutes(editions, articles, pages));
  await app.register(editionFeedRoutes(seo, editions, settings, pages));
}

/**
 * Who asks a live blog's JSON (issue 66 item 1): the class the page cache keyed the answer by,
 * else the request's own, and the story a gift link in its address opens.
 */
function liveReaders(services: Services, pageCache?: PageCache): LiveReaders {
  return {
    classOf: async (request) => pageCache?.classOf(request) ?? readerClassOf(services, request),
    giftOpens: (url) => services.gifts.opens(url),
  };
}
