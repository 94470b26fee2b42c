/*
 * The service worker of web push alerts (issue 25 item 3, docs/decisions/032), served at /sw.js.
 * It does nothing else: no caching, no fetch handler. A push shows the alert the server
 * encrypted for this browser ({ title, body, url, image? }); a click opens the article, or
 * brings its tab forward when one shows it already. When the browser renews the subscription,
 * the new one is handed to the server.
 *
 * Built on its own (vite.config.ts). The project's TypeScript library is the DOM's, not the
 * worker's, so the few worker types used here are written out below.
 */
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '../../common/push-paths';

interface AlertPayload {
  title: string;
  body: string;
  url: string;
  image?: string;
}

interface ExtendableEventLike extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown } | null;
}
interface NotificationClickLike extends ExtendableEventLike {
  notification: Notification;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
}
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  location: Location;
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationClickLike) => void,
  ): void;
  addEventListener(
    type: 'pushsubscriptionchange',
    listener: (event: ExtendableEventLike) => void,
  ): void;
}

const worker = self as unknown as WorkerScope;

/** An address of http(s) only (what the server sends); anything else opens the home page. */
const safeUrl = (url: unknown) => {
  try {
    const parsed = new URL(String(url), worker.location.origin);
    return /^https?:$/.test(parsed.protocol) ? parsed.href : worker.location.origin;
  } catch {
    return worker.location.origin;
  }
};

worker.addEventListener('push', (event) => {
  const alert = (event.data?.json() ?? null) as AlertPayload | null;
  if (!alert?.title) return;
  const url = safeUrl(alert.url);
  event.waitUntil(
    worker.registration.showNotification(alert.title, {
      body: alert.body,
      icon: '/icon-192.png',
      // A second alert for the same article replaces the first instead of stacking.
      tag: url,
      data: { url },
      ...(alert.image ? { image: alert.image } : {}),
    } as NotificationOptions),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = safeUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : worker.clients.openWindow(url);
    }),
  );
});

worker.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    fetch(PUSH_KEY_PATH)
      .then((res) => res.json() as Promise<{ publicKey: string }>)
      .then(({ publicKey }) =>
        worker.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: publicKey,
        }),
      )
      .then((subscription) =>
        fetch(PUSH_SUBSCRIPTIONS_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(subscription),
        }),
      ),
  );
});
