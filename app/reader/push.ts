import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '../../common/push-paths';
import { SERVICE_WORKER_FILE } from '../../common/reader-build';
import { NOT_NOW_UNTIL, stored, subscribedNow } from './alerts-due';

/*
 * The news alerts' work on a reading page (issue 25 item 3, docs/decisions/032), loaded only
 * when alerts-due.ts finds some: the offer's buttons ("Turn on" asks the browser's permission,
 * only from a click; "Not now" hides it for a month), or handing the subscription to the
 * server again, with a new one if the site's key changed, so a server that lost it gets it back.
 */

const NOT_NOW_MS = 30 * 24 * 3600_000;

const base64Url = (key: ArrayBuffer | null | undefined) =>
  key
    ? btoa(String.fromCharCode(...new Uint8Array(key)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : '';

/**
 * Registers the worker and subscribes with the site's key (anew if it changed): the browser's
 * subscription, not yet told to the server (a seat's follow hands it over itself).
 */
export async function browserSubscription(): Promise<PushSubscription> {
  const registration = await navigator.serviceWorker.register(`/${SERVICE_WORKER_FILE}`);
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
  return subscription;
}

/** Subscribes the browser (browserSubscription) and tells the server. */
async function subscribe(): Promise<void> {
  const subscription = await browserSubscription();
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
        subscribedNow();
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

export function offerAlerts(doc: Document, due: 'resubscribe' | 'offer') {
  if (due === 'resubscribe') {
    subscribe().catch(() => {});
    return;
  }
  const prompt = doc.querySelector<HTMLElement>('[data-push-prompt]');
  if (prompt) enhancePrompt(prompt);
}
