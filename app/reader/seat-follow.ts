/*
 * A seat's "Alert me when this seat is declared" (issue 69 item 4): the kept page has the button
 * hidden, the same for everyone; this browser's own state is asked after load. With push
 * subscribed already and the seat followed, it says so; else the button shows, and a click asks
 * the browser's permission, subscribes and follows (POST …/follow with the subscription).
 */
import { browserSubscription } from './push';

const box = document.querySelector<HTMLElement>('[data-seat-follow]');

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function enhance(box: HTMLElement, url: string) {
  const button = box.querySelector('button');
  const status = box.querySelector<HTMLElement>('[role="status"]');
  const say = (text: string | undefined) => {
    if (status) status.textContent = text ?? '';
  };
  const followed = () => {
    if (button) button.hidden = true;
    say(box.dataset.following);
  };
  const current = await currentSubscription().catch(() => null);
  if (current) {
    const res = await post(`${url}/state`, { endpoint: current.endpoint });
    if (res.ok && ((await res.json()) as { following: boolean }).following) followed();
  }
  button?.addEventListener('click', () => {
    button.disabled = true;
    void Notification.requestPermission()
      .then(async (permission) => {
        if (permission !== 'granted') throw new Error('not allowed');
        const res = await post(url, (await browserSubscription()).toJSON());
        if (!res.ok) throw new Error(`refused (${res.status})`);
        followed();
      })
      .catch(() => {
        say(box.dataset.failed);
        button.disabled = false;
      });
  });
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
