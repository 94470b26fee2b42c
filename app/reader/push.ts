import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '../../common/push-paths';
import { SERVER_SEGMENTS } from '../../common/paths';

/*
 * The offer of news alerts (issue 25 item 3, docs/decisions/032) on a reading page. It shows
 * from the reader's second page view on (never on the first), only where the browser can take
 * alerts and nobody said no; the browser's own permission request comes only from a click on
 * "Turn on". A browser that takes alerts hands its subscription to the server again once a day,
 * with a new one if the site's key changed, so a server that lost it (a move, a new key) gets
 * it back.
 */

const VIEWS = 'patrika:views';
/** Until when "Not now" holds (a time in ms). */
const NOT_NOW_UNTIL = 'patrika:push-not-now';
const CHECKED_AT = 'patrika:push-checked';
const NOT_NOW_MS = 30 * 24 * 3600_000;
const RECHECK_MS = 24 * 3600_000;

/** localStorage, which a private window or a strict setting may refuse. */
const stored = {
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

const base64Url = (key: ArrayBuffer | null | undefined) =>
  key
    ? btoa(String.fromCharCode(...new Uint8Array(key)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : '';

/** Registers the worker, subscribes with the site's key (anew if it changed), tells the server. */
async function subscribe(): Promise<void> {
  const registration = await navigator.serviceWorker.register(`/${SERVER_SEGMENTS.serviceWorker}`);
  await navigator.serviceWorker.ready;
  const { publicKey } = (await (await fetch(PUSH_KEY_PATH)).json()) as { publicKey: string };
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && base64Url(subscription.options.applicationServerKey) !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  const res = await fetch(PUSH_SUBSCRIPTIONS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(subscription),
  });
  if (!res.ok) throw new Error(`the subscription was refused (${res.status})`);
}

/** The prompt's buttons: "Turn on" asks the browser, "Not now" hides it for a month. */
function enhancePrompt(prompt: HTMLElement) {
  const status = prompt.querySelector<HTMLElement>('[data-push-status]');
  const buttons = prompt.querySelectorAll<HTMLButtonElement>('button');
  const say = (text: string | undefined) => {
    if (status) status.textContent = text ?? '';
  };
  prompt.querySelector('[data-push-not-now]')?.addEventListener('click', () => {
    stored.set(NOT_NOW_UNTIL, Date.now() + NOT_NOW_MS);
    prompt.hidden = true;
  });
  prompt.querySelector('[data-push-allow]')?.addEventListener('click', () => {
    for (const button of buttons) button.disabled = true;
    void Notification.requestPermission()
      .then(async (permission) => {
        if (permission !== 'granted') {
          say(status?.dataset.blocked);
          return;
        }
        await subscribe();
        stored.set(CHECKED_AT, Date.now());
        say(status?.dataset.done);
        for (const button of buttons) button.hidden = true;
      })
      .catch(() => {
        say(status?.dataset.failed);
        for (const button of buttons) button.disabled = false;
      });
  });
  prompt.hidden = false;
}

export function offerAlerts(doc: Document) {
  const views = stored.get(VIEWS) + 1;
  stored.set(VIEWS, views);
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return;
  if (Notification.permission === 'granted') {
    if (Date.now() - stored.get(CHECKED_AT) < RECHECK_MS) return;
    stored.set(CHECKED_AT, Date.now());
    subscribe().catch(() => {});
    return;
  }
  if (Notification.permission === 'denied' || views < 2 || Date.now() < stored.get(NOT_NOW_UNTIL))
    return;
  const prompt = doc.querySelector<HTMLElement>('[data-push-prompt]');
  if (prompt) enhancePrompt(prompt);
}
