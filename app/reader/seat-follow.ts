/*
 * A seat's "Alert me when this seat is declared" (issue 69 item 4): the kept page has the buttons
 * hidden, the same for everyone; this browser's own state is asked after load. With push
 * subscribed already and the seat followed, it says so and offers to stop; else the follow
 * button shows, and a click asks the browser's permission, subscribes and follows (POST …/follow
 * with the subscription). Stopping (DELETE …/follow with its endpoint) leaves the browser's
 * subscription alone: the editors' alerts or other seats may use it.
 */
import { browserSubscription } from './push';

const box = document.querySelector<HTMLElement>('[data-seat-follow]');

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const send = (method: 'POST' | 'DELETE', url: string, body: unknown) =>
  fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function enhance(box: HTMLElement, url: string) {
  const follow = box.querySelector<HTMLButtonElement>('[data-seat-action="follow"]');
  const stop = box.querySelector<HTMLButtonElement>('[data-seat-action="stop"]');
  const status = box.querySelector<HTMLElement>('[role="status"]');
  if (!follow || !stop) return;
  const say = (text: string | undefined) => {
    if (status) status.textContent = text ?? '';
  };
  /** Shows the button that fits: stop when followed, follow when not. */
  const shown = (following: boolean) => {
    follow.hidden = following;
    stop.hidden = !following;
  };
  /** Runs a click's work with its button held, and says the failure if it fails. */
  const act = (button: HTMLButtonElement, work: () => Promise<void>) => () => {
    button.disabled = true;
    void work()
      .catch(() => say(box.dataset.failed))
      .finally(() => (button.disabled = false));
  };
  const current = await currentSubscription().catch(() => null);
  if (current) {
    const res = await send('POST', `${url}/state`, { endpoint: current.endpoint });
    if (res.ok && ((await res.json()) as { following: boolean }).following) {
      shown(true);
      say(box.dataset.following);
    }
  }
  follow.addEventListener(
    'click',
    act(follow, async () => {
      if ((await Notification.requestPermission()) !== 'granted') throw new Error('not allowed');
      const res = await send('POST', url, (await browserSubscription()).toJSON());
      if (!res.ok) throw new Error(`refused (${res.status})`);
      shown(true);
      say(box.dataset.following);
      stop.focus();
    }),
  );
  stop.addEventListener(
    'click',
    act(stop, async () => {
      const subscription = await currentSubscription();
      if (subscription) {
        const res = await send('DELETE', url, { endpoint: subscription.endpoint });
        if (!res.ok) throw new Error(`refused (${res.status})`);
      }
      shown(false);
      say(box.dataset.unfollowed);
      follow.focus();
    }),
  );
  box.hidden = false;
}

const url = box?.dataset.seatFollow;
if (
  box &&
  url &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window
)
  void enhance(box, url);
