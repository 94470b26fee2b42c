/*
 * A webhook failing for 3 days is disabled (issue 41 item 3): its deliveries stop, the list
 * says since when, and starting it again (PUT enabled: true) forgets the failures.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';
import { startWebhookReceiver } from '../../setup/webhook-receiver';

const DAY = 86_400_000;
const time = shiftedClock();
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: '1' }, { clock: time.clock });
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  time.shift(0);
  await t.close();
});

it('disables a webhook whose deliveries have failed for 3 days', async () => {
  const receiver = await startWebhookReceiver();
  const url = receiver.url;
  await receiver.stop();
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: auth(admin),
    payload: { url, events: ['article.published'] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const hook = made.json() as { _id: string };
  const category = await createCategory(t.app, admin);
  await createArticle(t.app, admin, category._id, { status: 'published' });
  const list = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/webhooks/${hook._id}/deliveries`,
        headers: auth(admin),
      })
    ).json() as { _id: string; status: string; attempts: number }[];
  await waitUntil(async () => (await list())[0]?.status === 'retrying', {
    timeoutMs: 5_000,
    message: 'the first attempt did not fail',
  });
  const read = async () =>
    (
      await t.app.inject({ method: 'GET', url: `/api/webhooks/${hook._id}`, headers: auth(admin) })
    ).json() as { enabled: boolean; failingSince: string | null; disabledAt: string | null };
  expect(await read()).toMatchObject({ enabled: true, disabledAt: null });
  expect((await read()).failingSince).not.toBeNull();
  // Three days on, still failing: the next attempt disables it.
  time.shift(3 * DAY + 60_000);
  const [delivery] = await list();
  const again = await t.app.inject({
    method: 'POST',
    url: `/api/webhooks/${hook._id}/deliveries/${delivery!._id}/retry`,
    headers: auth(admin),
  });
  expect(again.statusCode, again.body).toBe(200);
  expect(await read()).toMatchObject({ enabled: false });
  expect((await read()).disabledAt).not.toBeNull();
  // Started again: enabled, its failures forgotten.
  const restarted = await t.app.inject({
    method: 'PUT',
    url: `/api/webhooks/${hook._id}`,
    headers: auth(admin),
    payload: { url, events: ['article.published'], enabled: true },
  });
  expect(restarted.statusCode, restarted.body).toBe(200);
  expect(restarted.json()).toMatchObject({ enabled: true, failingSince: null, disabledAt: null });
});
