import { smallElectionCalls } from '../factories/election-data';
import { startPushEndpoint } from '../setup/push-endpoint';
import { expect, readJson, test, unique, WHOLE_BROWSER } from './fixtures';

/*
 * A reader follows a seat from its page, and stops (issue 69 item 4), in the whole Chromium
 * (the headless shell has no PushManager). The browser's push service is stood in for by a
 * subscriber of the local push endpoint (tests/setup/push-endpoint.ts): Chromium's own needs
 * Google's servers, so `PushManager` answers that subscriber's subscription, kept for the tab's
 * session as a browser keeps its own; everything else is the page's: the service worker, the
 * permission, the calls to /api/elections/{slug}/seats/{id}/follow and what the page says. The
 * push sent when the seat is declared is tested in tests/integration/api/election-follows.test.ts.
 */

test.use(WHOLE_BROWSER);

test('a reader follows a seat from its page, sees it followed after a reload, and stops', async ({
  page,
  admin,
  api,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const slug = `follow-${unique()}`;
  for (const call of smallElectionCalls(slug, { hi: 'अनुसरण चुनाव', en: `Follow ${slug}` }))
    await readJson(
      await admin.post(call.url, call.body),
      call.url === '/api/elections' ? 201 : 200,
    );
  const { seats } = await readJson<{ seats: { _id: string }[] }>(
    await api.get(`/api/elections/${slug}/seats?q=Varanasi`),
  );
  const follows = `/api/elections/${slug}/seats/${seats[0]!._id}/follow`;
  const push = await startPushEndpoint();
  try {
    const browser = push.subscriber();
    const following = async () =>
      (
        await readJson<{ following: boolean }>(
          await api.post(`${follows}/state`, { endpoint: browser.endpoint }),
        )
      ).following;
    await page.context().grantPermissions(['notifications'], { origin: baseURL });
    await page.addInitScript(standInPushService, {
      endpoint: browser.endpoint,
      keys: browser.keys,
    });

    await page.goto(`/elections/${slug}/uttar-pradesh/77-varanasi`);
    const follow = page.getByRole('button', { name: 'Alert me when this seat is declared' });
    const stop = page.getByRole('button', { name: 'Stop alerts for this seat' });
    const said = (text: string) => page.getByRole('status').filter({ hasText: text });
    const followed = said('You will get an alert when this seat is declared.');
    await follow.click();
    await expect(followed).toBeVisible();
    await expect(stop).toBeFocused();
    await expect(follow).toBeHidden();
    expect(await following()).toBe(true);

    // The kept page is the same for everyone: this browser's state comes after load.
    await page.reload();
    await expect(stop).toBeVisible();
    await expect(follow).toBeHidden();
    await expect(followed).toBeVisible();

    await stop.click();
    await expect(said('You will not get an alert for this seat.')).toBeVisible();
    await expect(follow).toBeFocused();
    await expect(stop).toBeHidden();
    expect(await following()).toBe(false);
    await page.reload();
    await expect(follow).toBeVisible();
    await expect(stop).toBeHidden();
  } finally {
    await push.close();
  }
});

/**
 * In the page, before its scripts: `PushManager` subscribes to the given subscription, kept in
 * sessionStorage so a reload finds it as a browser finds its own.
 */
function standInPushService(given: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const KEY = 'test:push-subscription';
  const bytes = (base64Url: string) =>
    Uint8Array.from(atob(base64Url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
      .buffer;
  const subscription = (serverKey: string) => ({
    endpoint: given.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: bytes(serverKey) },
    toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: given.keys }),
    unsubscribe: async () => {
      sessionStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function () {
    const serverKey = sessionStorage.getItem(KEY);
    return (serverKey === null ? null : subscription(serverKey)) as PushSubscription | null;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const serverKey = String(options?.applicationServerKey ?? '');
    sessionStorage.setItem(KEY, serverKey);
    return subscription(serverKey) as unknown as PushSubscription;
  };
}
