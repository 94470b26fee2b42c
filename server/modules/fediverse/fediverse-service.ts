import { requireRole, type Actor } from '../../lib/actor';
import type { StoredEvent } from '../../events/event-bus';
import type { FediverseDeps } from './fediverse-deps';
import { createFediverseDelivery } from './fediverse-delivery';
import { createFediverseFederation } from './fediverse-federation';
import { SITE_ACTOR } from './fediverse-objects';
import { followerCounts, kvTrim } from './fediverse-repository';

/** The job that drops Fedify's expired cache entries, hourly. */
export const FEDIVERSE_KV_TRIM_JOB = 'fediverse-kv-trim';

/**
 * The fediverse (issue 41 item 4, docs/decisions/054): Fedify's federation (answered by
 * fediverse-routes.ts), the events' consumer that tells followers of stories, and the back
 * office's follower counts.
 */
export function createFediverseService(deps: FediverseDeps) {
  const { federation, whoIs } = createFediverseFederation(deps);
  const delivery = createFediverseDelivery({ ...deps, federation });
  const stop = new AbortController();
  return {
    federation,
    /** Whether WebFinger, actors and the rest answer at all (the setting). */
    async enabled() {
      return (await deps.settings.get()).fediverse.enabled;
    },
    whoIs,
    consume: (events: StoredEvent[]) => delivery.consume(events),
    /** Fedify's queue listens in this process (its messages are jobs any process may run). */
    start() {
      void federation.startQueue(undefined, { signal: stop.signal });
    },
    close() {
      stop.abort();
    },
    trimKv: () => kvTrim(deps.db, deps.clock.now()),

    /** Followers of the site and of each author who has any (administrators). */
    async followers(actor: Actor | null) {
      requireRole(actor, 'administrator', 'fediverse.forbidden');
      const counts = await followerCounts(deps.db);
      const site = counts.find((c) => c.actor === SITE_ACTOR)?.followers ?? 0;
      const authors = await Promise.all(
        counts
          .filter((c) => c.actor !== SITE_ACTOR)
          .map(async (c) => {
            const author = await deps.authors.profileOf(c.actor);
            return (
              author && {
                _id: author._id,
                name: author.name,
                slug: author.slug,
                followers: c.followers,
              }
            );
          }),
      );
      return { site, authors: authors.filter((a) => a !== undefined) };
    },
  };
}
export type FediverseService = ReturnType<typeof createFediverseService>;
