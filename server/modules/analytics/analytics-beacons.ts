import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isbot } from 'isbot';
import type { AnalyticsEvent } from '../../../common/schemas/analytics';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import { insertEvents, saltOf, type EventRow } from './analytics-repository';
import { createEventBatcher } from './event-batcher';
import { classifySource } from './sources';

/** Who sent a beacon, as the route saw them; the address is hashed here and never kept. */
export interface BeaconClient {
  ip: string;
  userAgent: string;
  /** Do Not Track or Sec-GPC: counted, never made unique (no hash). */
  optedOut: boolean;
}

export interface BeaconDeps {
  db: Db;
  clock: Clock;
  /** This site's host: a referrer from it is `internal`. */
  siteHost: string;
  /** The views module's count (30-minute de-duplication per reader; 404 for no public article). */
  views: {
    count(articleId: string, reader: string): Promise<boolean>;
    countSoon(articleId: string, reader: string): Promise<boolean | undefined>;
  };
  log?: { error(obj: object, msg: string): void } | undefined;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Today's salted hash of an address and user agent (issue 38 item 1): the salt is random, lives
 * in the database for its UTC day (so every process makes the same hash) and is deleted the next
 * day, after which no one can tell whose address made a hash.
 */
function readerHasher(db: Db, clock: Clock) {
  let kept: { day: string; salt: Promise<string> } | undefined;
  return async (ip: string, userAgent: string): Promise<string> => {
    const day = utcDay(clock.now());
    if (kept?.day !== day) {
      const salt = saltOf(db, day, randomBytes(32).toString('base64url'));
      kept = { day, salt };
      salt.catch(() => (kept = undefined));
    }
    const salt = await kept.salt;
    return createHash('sha256').update(`${salt}\n${ip}\n${userAgent}`).digest('base64url');
  };
}

/** A client that runs no script and sends beacons anyway: known bots, and no user agent at all. */
export const isRobot = (userAgent: string) => !userAgent || isbot(userAgent);

/**
 * Beacons (POST /api/analytics/event) and the views SPEC's view call counts: both feed the
 * views module's counts and the raw events, written in batches.
 */
export function createBeacons(deps: BeaconDeps) {
  const hash = readerHasher(deps.db, deps.clock);
  const batcher = createEventBatcher<EventRow>({
    write: (rows) => insertEvents(deps.db, rows),
    log: deps.log,
  });
  const visitorOf = (client: BeaconClient) =>
    client.optedOut ? Promise.resolve(null) : hash(client.ip, client.userAgent);

  /** Counts a view in the views module; undefined for an article readers cannot see. */
  const countView = (articleId: string, visitor: string | null) =>
    deps.views.countSoon(articleId, visitor ?? randomUUID());

  const keep = (row: Omit<EventRow, 'at' | 'day'>) => {
    const at = deps.clock.now();
    batcher.add({ ...row, at, day: utcDay(at) });
  };

  return {
    /** One beacon; false when it is not counted (a robot). */
    async record(event: AnalyticsEvent, client: BeaconClient): Promise<boolean> {
      if (isRobot(client.userAgent)) return false;
      const visitor = await visitorOf(client);
      let articleId = event.articleId ?? null;
      // A view of an article nobody may read names no article (it is still a page read).
      if (event.type === 'view' && articleId && (await countView(articleId, visitor)) === undefined)
        articleId = null;
      keep({
        kind: event.type,
        articleId,
        path: event.path,
        source: classifySource({
          referrer: event.referrer,
          utmSource: event.utm?.source,
          siteHost: deps.siteHost,
        }),
        visitor,
        seconds: event.type === 'engaged' ? (event.seconds ?? 0) : null,
        scroll: event.type === 'engaged' ? (event.scroll ?? 0) : null,
      });
      return true;
    },

    /**
     * SPEC's POST /api/articles/{id}/view: counted as before, whoever calls (it is SPEC's
     * contract for other clients; the reader script sends beacons instead), 404 for an article
     * readers cannot see, and kept as a direct view (the call carries no referrer).
     */
    async viewOfArticle(articleId: string, client: BeaconClient, path: string): Promise<boolean> {
      const visitor = await visitorOf(client);
      const counted = await deps.views.count(articleId, visitor ?? randomUUID());
      if (counted)
        keep({
          kind: 'view',
          articleId,
          path,
          source: 'direct',
          visitor,
          seconds: null,
          scroll: null,
        });
      return counted;
    },

    /** Writes the beacons kept so far (tests; closing does it too). */
    flush: () => batcher.flush(),
    close: () => batcher.close(),
  };
}
