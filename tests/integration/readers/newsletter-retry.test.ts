/*
 * Issue 37 item 4's refusals, through a real smtp-server: a temporary one (451) is tried again
 * with a backoff that doubles (never before its time), and the message then goes once; a
 * permanent one (550) marks the address bounced, and no further mail goes to it, not even in an
 * issue queued before the bounce. The app's clock is moved past each backoff (no waiting, no
 * timing), and the send job is run by hand (the jobs poll is off) so each step is one run.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newsletterDeliveries, newsletterSubscribers } from '../../../db/schema/newsletters';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { createNewsletterWith } from '../../factories/newsletters';
import { shiftedClock } from '../../setup/clock';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

const SUBSCRIBERS = 20;
const LATER = 'try-later@example.com';
const GONE = 'gone-away@example.com';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestUser;
const time = shiftedClock();

beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: { [LATER]: { code: 451, times: 2 }, [GONE]: 550 } });
  t = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://patrika.test', NEWSLETTER_RATE: '1000' },
    { clock: time.clock, pollJobs: false },
  );
  admin = await createAdmin(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function newsletterWithSubscribers(addresses: string[]) {
  const category = await createCategory(t.app, admin, { name: 'Retry Desk' });
  const newsletter = await createNewsletterWith(t.app, admin, {
    name: 'Counting Day',
    categoryId: category._id,
    addresses,
  });
  return { newsletter, category };
}

/** A new story in the section, then an issue of it now. */
async function issueOf(newsletterId: string, categoryId: string, name: string) {
  await createArticle(t.app, admin, categoryId, { name });
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/newsletters/${newsletterId}/send`,
    headers: auth(admin),
  });
  expect(sent.statusCode, sent.body).toBe(202);
  return sent.json<{ issueId: string }>().issueId;
}

const db = () => t.app.services.database.db;
const deliveryTo = async (issueId: string, email: string) => {
  const [row] = await db()
    .select({
      status: newsletterDeliveries.status,
      attempts: newsletterDeliveries.attempts,
      nextAt: newsletterDeliveries.nextAt,
    })
    .from(newsletterDeliveries)
    .innerJoin(
      newsletterSubscribers,
      eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId),
    )
    .where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterSubscribers.email, email)));
  return row!;
};
const mailsTo = (email: string) => smtp.to(email).length;
const refusalsOf = (email: string) => smtp.refused.filter((r) => r.to === email).length;
const run = (issueId: string) => t.app.services.newsletters.runSend(issueId);
/** Moves the app's clock to just past `at`. */
const moveTo = (at: Date) => time.shift(at.getTime() - Date.now() + 10);

it('a 451 is tried again after a doubling backoff; a 550 bounces the address for good', async () => {
  const addresses = Array.from({ length: SUBSCRIBERS }, (_, i) => `retry${i}@example.com`);
  addresses[3] = LATER;
  addresses[11] = GONE;
  const { newsletter, category } = await newsletterWithSubscribers(addresses);
  // Two issues queued before anything is sent: the bounce on the first must spare the second.
  const first = await issueOf(newsletter._id, category._id, 'Counting begins');
  const second = await issueOf(newsletter._id, category._id, 'Counting ends');

  const began = time.clock.now().getTime();
  await run(first);
  expect(refusalsOf(LATER)).toBe(1);
  expect(mailsTo(LATER)).toBe(0);
  const afterOne = await deliveryTo(first, LATER);
  expect(afterOne).toMatchObject({ status: 'pending', attempts: 1 });
  expect(afterOne.nextAt.getTime() - began, 'the first backoff').toBeGreaterThanOrEqual(2_000);
  // 550: marked bounced, the row failed, not tried again.
  expect(await deliveryTo(first, GONE)).toMatchObject({ status: 'failed', attempts: 1 });
  const [gone] = await db()
    .select({ bouncedAt: newsletterSubscribers.bouncedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, GONE));
  expect(gone?.bouncedAt).toBeInstanceOf(Date);

  // Before its time, a run leaves the 451 address alone.
  await run(first);
  expect(refusalsOf(LATER)).toBe(1);

  moveTo(afterOne.nextAt);
  await run(first);
  expect(refusalsOf(LATER)).toBe(2);
  const afterTwo = await deliveryTo(first, LATER);
  expect(afterTwo).toMatchObject({ status: 'pending', attempts: 2 });
  expect(afterTwo.nextAt.getTime() - afterOne.nextAt.getTime(), 'doubled').toBeGreaterThanOrEqual(
    4_000,
  );

  moveTo(afterTwo.nextAt);
  await run(first);
  expect(mailsTo(LATER), 'taken on the third try, once').toBe(1);
  expect(await deliveryTo(first, LATER)).toMatchObject({ status: 'sent', attempts: 3 });

  // The second issue, queued before the bounce: every address but the bounced one, once.
  await run(second);
  expect(await deliveryTo(second, GONE)).toMatchObject({ status: 'skipped' });
  expect(refusalsOf(GONE), 'never asked again after the 550').toBe(1);
  expect(mailsTo(GONE)).toBe(0);
  for (const address of addresses.filter((a) => a !== GONE))
    expect(mailsTo(address), address).toBe(2);

  const issues = (
    await t.app.inject({ url: `/api/newsletters/${newsletter._id}/issues`, headers: auth(admin) })
  ).json<{ _id: string; sent: number; failed: number; pending: number; sentAt: string | null }[]>();
  const report = (id: string) => issues.find((i) => i._id === id);
  expect(report(first)).toMatchObject({ sent: SUBSCRIBERS - 1, failed: 1, pending: 0 });
  expect(report(second)).toMatchObject({ sent: SUBSCRIBERS - 1, failed: 0, pending: 0 });
  expect(report(first)?.sentAt).not.toBeNull();
});
