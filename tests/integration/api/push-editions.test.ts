/*
 * Issue 65 item 6: "an edition push reaches only that edition's subscribers" (the issue's
 * acceptance). A browser subscribes with its city's edition (the strip's "alerts for my city");
 * an editor's alert with `edition` goes to that edition's subscriptions only, and a national
 * alert (no edition) to every subscription. Delivered to the real local HTTPS push service.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { pushSubscriptions } from '../../../db/schema/push';
import { ALERTS_LIMIT_KEY } from '../../../server/modules/push/push-routes';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { startPushEndpoint, type PushEndpoint } from '../../setup/push-endpoint';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let push: PushEndpoint;
let admin: TestUser;
let categoryId: string;
let jaipur: { _id: string };
let jodhpur: { _id: string };

const DELIVERED = { timeout: 30_000, interval: 100 };
const unique = () => randomBytes(4).toString('hex');

async function addEdition(kind: string, parentId: string) {
  const slug = `${kind}-${unique()}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/editions',
    headers: auth(admin),
    payload: { slug, kind, parentId, names: { hi: slug, en: slug } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string };
}
const subscribe = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload });
const alertCounts = async (id: string) =>
  (await t.app.inject({ url: `/api/push/alerts/${id}`, headers: auth(admin) })).json();
const titles = (browser: { delivered: { payload: unknown }[] }) =>
  browser.delivered.map((m) => (m.payload as { title: string }).title);

beforeAll(async () => {
  push = await startPushEndpoint();
  t = await createTestApp({ PUSH_ALLOW_PRIVATE: '1', NODE_EXTRA_CA_CERTS: push.caFile });
  admin = await createAdmin(t.app);
  categoryId = (await createCategory(t.app, admin, { name: 'City alerts' }))._id;
  const rajasthan = await addEdition('state', NATIONAL_EDITION_ID);
  jaipur = await addEdition('city', rajasthan._id);
  jodhpur = await addEdition('city', rajasthan._id);
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});
beforeEach(() => t.app.services.rateLimits.reset(ALERTS_LIMIT_KEY));

describe('alerts by edition (issue 65 item 6)', () => {
  it('an edition push reaches only that edition’s subscribers; a national one reaches everyone', async () => {
    const inJaipur = push.subscriber();
    const inJodhpur = push.subscriber();
    const nationalOnly = push.subscriber();
    for (const [browser, edition] of [
      [inJaipur, jaipur._id],
      [inJodhpur, jodhpur._id],
      [nationalOnly, undefined],
    ] as const) {
      const res = await subscribe({ endpoint: browser.endpoint, keys: browser.keys, edition });
      expect(res.statusCode, res.body).toBe(201);
    }
    const story = await createArticle(t.app, admin, categoryId, {
      name: 'Jaipur: metro opens',
      status: 'published',
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/push/alerts',
      headers: auth(admin),
      payload: { articleId: story._id, edition: jaipur._id },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const { _id } = sent.json() as { _id: string };
    await expect
      .poll(() => alertCounts(_id), DELIVERED)
      .toMatchObject({ sent: 1, failed: 0, edition: jaipur._id, finishedAt: expect.any(String) });
    expect(titles(inJaipur)).toEqual(['Jaipur: metro opens']);
    expect(inJodhpur.delivered).toEqual([]);
    expect(nationalOnly.delivered).toEqual([]);

    // A national alert: every subscription, whatever its edition.
    t.app.services.rateLimits.reset(ALERTS_LIMIT_KEY);
    const national = await createArticle(t.app, admin, categoryId, {
      name: 'Budget day',
      status: 'published',
    });
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/push/alerts',
      headers: auth(admin),
      payload: { articleId: national._id },
    });
    expect(all.statusCode, all.body).toBe(202);
    await expect
      .poll(() => alertCounts((all.json() as { _id: string })._id), DELIVERED)
      .toMatchObject({ sent: 3, edition: null, finishedAt: expect.any(String) });
    expect(titles(inJaipur)).toEqual(['Jaipur: metro opens', 'Budget day']);
    expect(titles(inJodhpur)).toEqual(['Budget day']);
    expect(titles(nationalOnly)).toEqual(['Budget day']);
  });

  it('refuses an unknown edition (400 edition.unknown) on a subscription and an alert, keeping nothing', async () => {
    const browser = push.subscriber();
    const unknown = '00000000-0000-4000-8000-0000000000ff';
    const res = await subscribe({
      endpoint: browser.endpoint,
      keys: browser.keys,
      edition: unknown,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'body.edition', code: 'edition.unknown' });
    const kept = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(kept).toEqual([]);
    const story = await createArticle(t.app, admin, categoryId, { status: 'published' });
    const alert = await t.app.inject({
      method: 'POST',
      url: '/api/push/alerts',
      headers: auth(admin),
      payload: { articleId: story._id, edition: unknown },
    });
    expect(alert.statusCode).toBe(400);
    expect(alert.json().errors[0]).toMatchObject({ code: 'edition.unknown' });
  });
});
