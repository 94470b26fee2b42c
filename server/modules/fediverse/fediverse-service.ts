import { requireRole, type Actor } from '../../lib/actor';
import type { StoredEvent } from '../../events/event-bus';
import { SITE_ACTOR, type FediverseDeps } from './fediverse-deps';
import { followerCounts, kvTrim } from './fediverse-repository';
import { createMessageQueue } from './fediverse-store';

/** The job that drops Fedify's expired cache entries, hourly. */
export const FEDIVERSE_KV_TRIM_JOB = 'fediverse-kv-trim';

/**
 * Fedify and what stands on it, loaded on first use (issue 36 item 4: a site with the fediverse
 * off never loads it; Fedify alone is about 28 MB of a process and a third of a second of its
 * start). The queue's job handler is registered at once, so a message queued by another process
 * wakes Fedify here too.
 */
async function loadFederation(deps: FediverseDeps, queue: ReturnType<typeof createMessageQueue>) {
  const [{ createFediverseFederation }, { createFediverseDelivery }] = await Promise.all([
    import('./fediverse-federation'),
    import('./fediverse-delivery'),
  ]);
  const { federation, whoIs, guard } = createFediverseFederation(deps, queue);
  return { federation, whoIs, delivery: createFediverseDelivery({ ...deps, federation, guard }) };
}

/**
 * The fediverse (issue 41 item 4, docs/decisions/054): Fedify's federation (answered by
 * fediverse-routes.ts), the events' consumer that tells followers of stories, and the back
 * office's follower counts.
 */
export function createFediverseService(deps: FediverseDeps) {
  const stop = new AbortController();
  let listening = false;
  let queueStarted = false;
  /** Fedify's queue listens here, once, when Fedify is loaded and `start` was called. */
  const listen = (made: Awaited<ReturnType<typeof loadFederation>>) => {
    if (!listening || queueStarted) return;
    queueStarted = true;
    void made.federation.startQueue(undefined, { signal: stop.signal });
  };
  let loaded: ReturnType<typeof loadFederation> | undefined;
  const queue = createMessageQueue({ ...deps, wake: async () => void (await fedify()) });
  /** Fedify, loaded once; its queue listens here once `start` was called. */
  const fedify = () =>
    (loaded ??= loadFederation(deps, queue).then((made) => {
      listen(made);
      return made;
    }));
  const enabled = async () => (await deps.settings.get()).fediverse.enabled;
  return {
    /** Fedify's federation (loaded on first use). */
    federation: async () => (await fedify()).federation,
    /** Whether WebFinger, actors and the rest answer at all (the setting). */
    enabled,
    whoIs: async (identifier: string) => (await fedify()).whoIs(identifier),
    /** Tells followers of stories; with the fediverse off, nothing is said and Fedify stays out. */
    async consume(events: StoredEvent[]) {
      if (!loaded && !(await enabled())) return;
      await (await fedify()).delivery.consume(events);
    },
    /** Fedify's queue listens in this process (its messages are jobs any process may run). */
    start() {
      listening = true;
      if (loaded) void loaded.then(listen);
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
