/*
 * Whether this page view has work for the news alerts (issue 25 item 3, docs/decisions/032),
 * decided from what the browser keeps, so that the code doing it (push.ts) is fetched only
 * when there is some (issue 36 item 8). The offer shows from the reader's second page view on
 * (never on the first), only where the browser can take alerts and nobody said no. A browser
 * that takes alerts hands its subscription to the server again once a day.
 */

const VIEWS = 'patrika:views';
/** Until when "Not now" holds (a time in ms). */
export const NOT_NOW_UNTIL = 'patrika:push-not-now';
const CHECKED_AT = 'patrika:push-checked';
const RECHECK_MS = 24 * 3600_000;

/** localStorage, which a private window or a strict setting may refuse. */
export const stored = {
  get: (key: string) => {
    try {
      return Number(localStorage.getItem(key) ?? 0);
    } catch {
      return 0;
    }
  },
  set: (key: string, value: number) => {
    try {
      localStorage.setItem(key, String(value));
    } catch {
      // Nothing kept: the offer may show again.
    }
  },
};

/** Counts this page view; answers what the alerts have to do on it, if anything. */
export function alertsDue(): 'resubscribe' | 'offer' | undefined {
  const views = stored.get(VIEWS) + 1;
  stored.set(VIEWS, views);
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return undefined;
  if (Notification.permission === 'granted') {
    if (Date.now() - stored.get(CHECKED_AT) < RECHECK_MS) return undefined;
    stored.set(CHECKED_AT, Date.now());
    return 'resubscribe';
  }
  if (Notification.permission === 'denied' || views < 2 || Date.now() < stored.get(NOT_NOW_UNTIL))
    return undefined;
  return 'offer';
}

/** After a subscription made from the offer: the daily hand-over starts from now. */
export const subscribedNow = () => stored.set(CHECKED_AT, Date.now());
