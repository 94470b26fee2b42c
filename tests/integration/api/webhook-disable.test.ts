/*
 * A webhook failing for 3 days is disabled (issue 41 item 3): its deliveries stop, the list
 * says since when, every administrator is mailed (a real smtp-server), and starting it again
 * (PUT enabled: true) forgets the failures.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';
import { startWebhookReceiver } from '../../setup/webhook-receiver';

const DAY = 86_400_000;
const time = shiftedClock();
let t: TestApp;
let admin: TestUser;
let other: TestUser;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { WEBHOOKS_ALLOW_PRIVATE: '1', SMTP_URL: smtp.url },
    { clock: time.clock },
  );
  admin = await createAdmin(t.app);
  other = await createUser(t.app, 'administrator');
});
afterAll(async () => {
  time.shift(0);
  await t.close();
  await smtp?.close();
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
  const read = async () =>
    (
      await t.app.inject({ method: 'GET', url: `/api/webhooks/${hook._id}`, headers: auth(admin) })
    ).json() as { enabled: boolean; failingSince: string | null; disabledAt: string | null };
  // A failed attempt marks its delivery, then its webhook's failing time: both are waited for
  // (a read between the two, on a busy machine, found the delivery retrying and no time yet).
  await waitUntil(
    async () => (await list())[0]?.status === 'retrying' && (await read()).failingSince !== null,
    { timeoutMs: 5_000, message: 'the first attempt did not fail, or its failure was not kept' },
  );
  expect(await read()).toMatchObject({ enabled: true, disabledAt: null });
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
  // Every administrator hears of it, with the address that failed; no one else.
  for (const person of [admin, other]) {
    const [mail] = await smtp.waitFor(person.email);
    expect(mail!.subject).toMatch(/: a webhook was turned off$/);
    expect(mail!.text).toContain(url);
  }
  await t.app.services.mailer.settled();
  expect(smtp.received.filter((m) => /a webhook was turned off/.test(m.subject))).toHaveLength(2);
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
