import { hash, randomBytes, randomUUID } from 'node:crypto';
import { isbot } from 'isbot';
import type { AnalyticsEvent } from '../../../common/schemas/analytics';
import type { Db } from '../../../db/client';
import { createAddressCaps } from '../../lib/address-caps';
import type { Clock } from '../../lib/clock';
import { eventText, insertEvents, saltOf } from './analytics-repository';
import { beaconViews, type BeaconClient, type ViewsCount } from './beacon-views';
import { createEventBatcher } from './event-batcher';
import { createSourceClassifier } from './sources';
import { DAY_MS } from '../../../common/durations';
import type { ErrorLog } from '../../lib/log';

export type { BeaconClient } from './beacon-views';

/** Beacons one address may send in READER_WINDOW_MS and still count as readers (a page is two). */
export const READER_BEACONS_PER_ADDRESS = 120;
/** Views of one article from one address in READER_WINDOW_MS that may count as readers. */
export const READERS_PER_ARTICLE_ADDRESS = 5;
export const READER_WINDOW_MS = 10 * 60_000;

/**
 * Whether the beacon came from a page of this site, as browsers say it (the check analytics
 * providers make): `Sec-Fetch-Site: same-origin`, or without that header (older browsers) an
 * `Origin` of this site's host. A beacon without either is a view at most, never a reader.
 */
export function fromOurPage(client: BeaconClient, siteHost: string): boolean {
  if (client.fetchSite !== undefined) return client.fetchSite === 'same-origin';
  if (!client.origin) return false;
  try {
    return new URL(client.origin).hostname === siteHost.toLowerCase();
  } catch {
    return false;
  }
}

export interface BeaconDeps {
  db: Db;
  clock: Clock;
  /** This site's host: a referrer from it is `internal`. */
  siteHost: string;
  /** The views module's count (30-minute de-duplication per reader; 404 for no public article). */
  views: ViewsCount;
  log?: ErrorLog | undefined;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Today's salted hash of an address and user agent (issue 38 item 1): the salt is random, lives
 * in the database for its UTC day (so every process makes the same hash) and is deleted the next
 * day, after which no one can tell whose address made a hash.
 */
function readerHasher(db: Db, clock: Clock) {
  /** Today's salt: its promise, and its value once read. */
  type Salt = { until: number; salt: Promise<string>; value?: string };
  let kept: Salt | undefined;
  const today = () => {
    const now = clock.now().getTime();
    if (kept === undefined || now >= kept.until || now < kept.until - DAY_MS) {
      const salt = saltOf(db, utcDay(new Date(now)), randomBytes(32).toString('base64url'));
      const day: Salt = { until: (Math.floor(now / DAY_MS) + 1) * DAY_MS, salt };
      kept = day;
      salt.then(
        (value) => (day.value = value),
        () => kept === day && (kept = undefined),
      );
    }
    return kept;
  };
  const hashed = (salt: string, ip: string, userAgent: string) =>
    hash('sha256', `${salt}\n${ip}\n${userAgent}`, 'base64url');
  return {
    /** The hash, once today's salt is read (no promise: 2,000 beacons a second); else undefined. */
    now(ip: string, userAgent: string): string | undefined {
      const { value } = today();
      return value === undefined ? undefined : hashed(value, ip, userAgent);
    },
    async hash(ip: string, userAgent: string): Promise<string> {
      return hashed(await today().salt, ip, userAgent);
    },
  };
}

/** A client that runs no script and sends beacons anyway: known bots, and no user agent at all. */
export const isRobot = (userAgent: string) => !userAgent || isbot(userAgent);

/** User agents whose `isRobot` a process keeps at most; past it, it starts again. */
const KEPT_AGENTS = 1000;

/**
 * `isRobot`, its answers kept by user agent: readers share a few hundred of them, and the bot
 * list's patterns cost more than the rest of a beacon's counting (2,000 a second on counting day).
 */
function robotTest() {
  let kept = new Map<string, boolean>();
  return (userAgent: string) => {
    let robot = kept.get(userAgent);
    if (robot === undefined) {
      robot = isRobot(userAgent);
      if (kept.size >= KEPT_AGENTS) kept = new Map();
      kept.set(userAgent, robot);
    }
    return robot;
  };
}

/**
 * Whether a beacon may count its sender as a reader (issue 66 item 11): it came from our page,
 * and its address is within a human pace, overall and for this article (counted in memory).
 */
function readerTest(deps: Pick<BeaconDeps, 'clock' | 'siteHost'>) {
  const caps = createAddressCaps({ clock: deps.clock, windowMs: READER_WINDOW_MS });
  return (event: { type: string; articleId?: string | undefined }, client: BeaconClient) => {
    if (!fromOurPage(client, deps.siteHost)) return false;
    const address = caps.of(client.ip);
    if (address.hit() > READER_BEACONS_PER_ADDRESS) return false;
    if (event.type !== 'view' || !event.articleId) return true;
    return address.hit(event.articleId) <= READERS_PER_ARTICLE_ADDRESS;
  };
}

/**
 * The raw events of beacons and views, each stamped with its time and UTC day (its partition)
 * and written in batches.
 */
function eventKeeper(deps: Pick<BeaconDeps, 'db' | 'clock' | 'siteHost' | 'log'>) {
  const batcher = createEventBatcher<string>({
    write: (texts) => insertEvents(deps.db, texts),
    log: deps.log,
  });
  const sourceOf = createSourceClassifier(deps.siteHost);
  // The UTC day of the events kept now (their partition), worked out once a day.
  let today = { day: '', until: 0 };
  /** The time of an event kept now, in ms since the epoch; `today.day` is its day. */
  const stamp = () => {
    const ms = deps.clock.now().getTime();
    if (ms >= today.until || ms < today.until - DAY_MS)
      today = { day: utcDay(new Date(ms)), until: (Math.floor(ms / DAY_MS) + 1) * DAY_MS };
    return ms;
  };

  /** A beacon's event, naming `articleId` (null: no article readers may see). */
  const keepBeacon = (event: AnalyticsEvent, articleId: string | null, visitor: string | null) => {
    const engaged = event.type === 'engaged';
    const at = stamp();
    batcher.add(
      eventText({
        at,
        day: today.day,
        kind: event.type,
        articleId,
        path: event.path,
        source: sourceOf(event.referrer, event.utm?.source),
        visitor,
        seconds: engaged ? (event.seconds ?? 0) : null,
        scroll: engaged ? (event.scroll ?? 0) : null,
      }),
    );
  };

  return {
    beacon: keepBeacon,
    /** A view by SPEC's view call: direct (the call carries no referrer). */
    view(articleId: string, path: string, visitor: string | null) {
      const at = stamp();
      batcher.add(
        eventText({
          at,
          day: today.day,
          kind: 'view',
          articleId,
          path,
          source: 'direct',
          visitor,
          seconds: null,
          scroll: null,
        }),
      );
    },
    flush: () => batcher.flush(),
    close: () => batcher.close(),
  };
}

/**
 * Beacons (POST /api/analytics/event) and the views SPEC's view call counts: both feed the
 * views module's counts and the raw events, written in batches.
 */
export function createBeacons(deps: BeaconDeps) {
  const hasher = readerHasher(deps.db, deps.clock);
  const events = eventKeeper(deps);
  const countsAsReader = readerTest(deps);
  const robot = robotTest();
  const view = beaconViews(deps);

  /** The rest of `record` once today's salt (`visitor` undefined) or the article is read. */
  const recordLater = async (
    event: AnalyticsEvent,
    client: BeaconClient,
    reader: boolean,
    known: string | null | undefined,
  ): Promise<boolean> => {
    const visitor = known === undefined ? await hasher.hash(client.ip, client.userAgent) : known;
    let articleId = event.articleId ?? null;
    // A view of an article nobody may read names no article (it is still a page read).
    if (
      event.type === 'view' &&
      articleId &&
      !(await view.later(articleId, client, reader, visitor))
    )
      articleId = null;
    events.beacon(event, articleId, visitor);
    return true;
  };

  return {
    /**
     * One beacon; false when it is not counted (a robot). Counted at once, without a promise,
     * when today's salt and the article's visibility are at hand (2,000 beacons a second on
     * counting day); else a promise, once they are read.
     */
    record(event: AnalyticsEvent, client: BeaconClient): boolean | Promise<boolean> {
      if (robot(client.userAgent)) return false;
      const reader = countsAsReader(event, client);
      // A reader's hash, made at once when today's salt is at hand.
      let visitor: string | null = null;
      if (reader && !client.optedOut) {
        const now = hasher.now(client.ip, client.userAgent);
        if (now === undefined) return recordLater(event, client, reader, undefined);
        visitor = now;
      }
      let articleId = event.articleId ?? null;
      if (event.type === 'view' && articleId) {
        const counted = view.now(articleId, client, reader, visitor);
        if (counted === undefined) return recordLater(event, client, reader, visitor);
        if (!counted) articleId = null;
      }
      events.beacon(event, articleId, visitor);
      return true;
    },

    /**
     * SPEC's POST /api/articles/{id}/view: counted as before, whoever calls (it is SPEC's
     * contract for other clients; the reader script sends beacons instead), 404 for an article
     * readers cannot see, and kept as a direct view (the call carries no referrer).
     */
    async viewOfArticle(articleId: string, client: BeaconClient, path: string): Promise<boolean> {
      const hashed = client.optedOut ? null : await hasher.hash(client.ip, client.userAgent);
      const counted = await deps.views.count(articleId, hashed ?? randomUUID());
      // A reader in the analytics only as a beacon would be (issue 66 item 11).
      const visitor = countsAsReader({ type: 'view', articleId }, client) ? hashed : null;
      if (counted) events.view(articleId, path, visitor);
      return counted;
    },

    /** Writes the beacons kept so far (tests; closing does it too). */
    flush: events.flush,
    close: events.close,
  };
}
