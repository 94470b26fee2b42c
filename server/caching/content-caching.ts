/*
 * Caching's side of the events (DECISIONS.md §16 and §22, README.md beside this file): every
 * process applies every change to its own kept answers, read from the events after commit;
 * front caches get one purge per batch of changes, once across every process
 * (cdn-purge.ts). A front cache that hears of each change (CDN_PURGE_URL) may keep pages a
 * day instead of a minute.
 */
import type { Database } from '../../db/client';
import type { EventCache } from '../../db/schema/events';
import type { Config } from '../env';
import type { Clock } from '../lib/clock';
import { EVENTS_CHANNEL } from '../events/events-repository';
import type { EventBus } from '../events/event-bus';
import { PURGED_SHARED_SECONDS } from './cdn-purge';
import { createCdnPurger } from './cdn-purger';
import { publicCacheControl } from './http-caching';
import { PageCache, type Change } from './page-cache';
import { createPageStore } from './page-store';
import { KeptValues } from './kept-values';
import type { Log } from '../lib/log';

/** How many stories' values are kept: the ones read lately (a page of comments is the largest). */
const STORY_VALUES_MAX = 500;

/** What an event's cache part asks of kept answers. */
const changeOf = (cache: EventCache): Change =>
  cache.all
    ? { all: cache.all }
    : {
        stale: cache.stale ?? [],
        drop: cache.drop ?? [],
        ...(cache.first?.length ? { first: cache.first } : {}),
      };

export async function createContentCaching(deps: {
  config: Config;
  database: Database;
  bus: EventBus;
  clock: Clock;
  log?: Log;
}) {
  const { config, database, bus, clock, log } = deps;
  const cdnPurge = config.cdnPurge
    ? createCdnPurger(config.cdnPurge, { bus, publicUrl: config.publicUrl, log })
    : undefined;
  const pageCache = new PageCache(createPageStore({ clock }), {
    cacheControl: cdnPurge ? publicCacheControl(PURGED_SHARED_SECONDS) : undefined,
    now: () => clock.now().getTime(),
    logError: (error, what) => log?.error({ err: error }, what),
  });
  bus.everyProcess('page-cache', (events) => {
    const changes = events.flatMap((e) => (e.cache ? [changeOf(e.cache)] : []));
    if (changes.length === 0) return;
    // Replicas must replay these changes before anything is read from them (db/replicas.ts).
    database.replicas?.changeHeard();
    for (const change of changes) pageCache.changed(change);
  });
  // Woken at each commit that wrote events; the bus also reads every second without it. While
  // the listening connection is down, other processes' changes may reach this one a second
  // late: nothing is kept new until it is back, then what was kept is dropped once.
  await database.listen(
    EVENTS_CHANNEL,
    () => bus.wake(),
    (up) => {
      if (up === pageCache.store.trusted) return;
      if (up) log?.info({}, 'change notifications heard again: kept pages dropped once, caching');
      else log?.error({}, 'change notifications lost: kept pages served stale, none kept new');
      if (up) {
        pageCache.store.trust();
        bus.wake();
      } else pageCache.store.distrust();
    },
  );
  /** Why this process is serving but not as it should (`/api/health` says so; issue 24 R2). */
  const degradedReasons = () => [
    ...(pageCache.store.trusted
      ? []
      : ['change notifications are not heard: kept pages are served stale and none kept new']),
    ...bus.degradedReasons(),
  ];
  // Values every render reads (settings, categories), refreshed by the same changes as pages.
  const keptValues = new KeptValues(pageCache.store);
  // And what one story's page reads beside the story (its suggestions, its comments): kept for
  // the stories read lately, so a member's or a signed-in reader's render waits for no query.
  const storyValues = new KeptValues(pageCache.store, STORY_VALUES_MAX);
  return { pageCache, keptValues, storyValues, cdnPurge, degradedReasons };
}
