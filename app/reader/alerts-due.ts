/*
 * Whether this page view has work for the news alerts (issue 25 item 3, docs/decisions/032),
 * decided from what the browser keeps, so that the code doing it (push.ts) is fetched only
 * when there is some (issue 36 item 8). The offer waits its turn (issue 45 item 4): it shows
 * on a story's page once the reader has read (scrolled past the middle of) a second story,
 * only where the browser can take alerts and nobody said no in the last 30 days. A browser
 * that takes alerts hands its subscription to the server again once a day.
 */

/** The stories this browser read (their addresses, the last few), as JSON. */
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

/** The offer can be made in this browser: it takes alerts and nobody said no. */
export const mayOffer = () =>
  Notification.permission === 'default' && Date.now() >= stored.get(NOT_NOW_UNTIL);

/**
 * What the alerts have to do on this page view at once, if anything: hand the subscription over
 * again (once a day), or wait for the reader to read this story (`offerOnRead`).
 */
export function alertsDue(doc: Document): 'resubscribe' | 'offer' | undefined {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return undefined;
  if (Notification.permission === 'granted') {
    if (Date.now() - stored.get(CHECKED_AT) < RECHECK_MS) return undefined;
    stored.set(CHECKED_AT, Date.now());
    return 'resubscribe';
  }
  const story = doc.querySelector<HTMLElement>('[data-read-story]');
  if (!story || !doc.querySelector('[data-push-prompt]') || !mayOffer()) return undefined;
  return 'offer';
}

/** After a subscription made from the offer: the daily hand-over starts from now. */
export const subscribedNow = () => stored.set(CHECKED_AT, Date.now());
