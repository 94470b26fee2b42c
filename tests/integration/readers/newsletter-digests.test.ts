/*
 * Issue 37 item 3: a digest goes at its time in the site's time zone, of what the newsletter's
 * sections published since its last issue; nothing new, nothing sent; and it is planned again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema/jobs';
import { toZonedInput } from '../../../common/time-zone';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestUser;
const time = shiftedClock();
const MINUTE = 60_000;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://patrika.test', NEWSLETTER_RATE: '100' },
    { clock: time.clock },
  );
  admin = await createAdmin(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const digestJob = async (id: string) =>
  (
    await t.app.services.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `newsletter.digest:${id}`))
  )[0];

describe('a digest at its time (issue 37 item 3)', () => {
  it('goes at the time in the site’s zone with what is new, then nothing when nothing is', async () => {
    const { timeZone } = await t.app.services.settings.get();
    // Ten minutes from now on the site's clock, as HH:MM.
    const at = toZonedInput(new Date(Date.now() + 10 * MINUTE), timeZone).slice(11, 16);
    const category = await createCategory(t.app, admin, { name: 'Digest Desk' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/newsletters',
      headers: auth(admin),
      payload: {
        name: 'Evening digest',
        description: 'The day in one mail',
        language: 'en',
        schedule: { kind: 'daily', time: at },
        categories: [category._id],
        maxArticles: 5,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const newsletter = made.json();
    const planned = await digestJob(newsletter._id);
    expect(toZonedInput(planned!.runAt, timeZone).slice(11, 16)).toBe(at);
    expect(planned!.runAt.getTime() - Date.now()).toBeGreaterThan(8 * MINUTE);
    expect(planned!.runAt.getTime() - Date.now()).toBeLessThan(11 * MINUTE);

    const email = 'evening-reader@example.com';
    await t.app.inject({
      method: 'POST',
      url: '/api/newsletters/subscribe',
      payload: { email, newsletters: [newsletter._id] },
    });
    const [confirmation] = await smtp.waitFor(email);
    await t.app.inject({ url: linkIn(confirmation!, '/newsletters/confirm/') });

    const story = await createArticle(t.app, admin, category._id, { name: 'Evening story' });
    // Before its time nothing goes.
    await t.app.services.jobs.runDue();
    expect(smtp.to(email)).toHaveLength(1);

    time.shift(12 * MINUTE);
    await t.app.services.jobs.runDue();
    await t.app.services.jobs.runDue();
    const [, digest] = await smtp.waitFor(email, 2);
    expect(digest!.subject).toContain('Evening digest');
    expect(digest!.text.replace(/=\r?\n/g, '')).toContain(story.slug);
    // The issue has a web page of its own, the same for everyone, without anyone's links.
    const [issue] = (
      await t.app.inject({
        url: `/api/newsletters/${newsletter._id}/issues`,
        headers: auth(admin),
      })
    ).json();
    const web = await t.app.inject({ url: `/newsletters/${newsletter.slug}/${issue._id}` });
    expect(web.statusCode).toBe(200);
    expect(web.headers['cache-control']).toBe('public, max-age=3600');
    expect(web.body).toContain(story.slug);
    expect(web.body).not.toContain('/newsletters/manage/');
    expect(web.body).not.toContain('__PATRIKA_MANAGE_URL__');
    expect((await t.app.inject({ url: `/newsletters/other-slug/${issue._id}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/newsletters/${newsletter.slug}/nope` })).statusCode).toBe(
      404,
    );
    // Planned again for the same time tomorrow.
    const next = await digestJob(newsletter._id);
    expect(next!.doneAt).toBeNull();
    expect(next!.runAt.getTime() - planned!.runAt.getTime()).toBe(24 * 60 * MINUTE);

    // Nothing published since: the next day's run sends nothing.
    time.shift(24 * 60 * MINUTE + 12 * MINUTE);
    await t.app.services.jobs.runDue();
    await t.app.services.jobs.runDue();
    const issues = await t.app.inject({
      url: `/api/newsletters/${newsletter._id}/issues`,
      headers: auth(admin),
    });
    expect(issues.json()).toHaveLength(1);
    expect(smtp.to(email)).toHaveLength(2);
    time.shift(0);

    // Archived: no digest is left planned.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/newsletters/${newsletter._id}`,
      headers: auth(admin),
    });
    expect(await digestJob(newsletter._id)).toBeUndefined();
  });

  it('moves every digest to its time in a new zone when the site’s time zone changes', async () => {
    const { timeZone } = await t.app.services.settings.get();
    const other = timeZone === 'America/New_York' ? 'Asia/Kolkata' : 'America/New_York';
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/newsletters',
      headers: auth(admin),
      payload: {
        name: 'Dawn digest',
        language: 'en',
        schedule: { kind: 'daily', time: '06:30' },
        maxArticles: 5,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { _id } = made.json<{ _id: string }>();
    const before = (await digestJob(_id))!.runAt;
    expect(toZonedInput(before, timeZone).slice(11, 16)).toBe('06:30');
    const setZone = async (zone: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { timeZone: zone },
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.app.services.events.settled();
    };
    try {
      await setZone(other);
      // The re-plan follows the settings' change notice, which PostgreSQL may deliver after
      // `settled()` answered: wait for the job to move (or fail after 15 s), then judge where to.
      await waitUntil(async () => (await digestJob(_id))!.runAt.getTime() !== before.getTime(), {
        timeoutMs: 15_000,
        message: 'the digest was not re-planned after the time zone changed',
      });
      const after = (await digestJob(_id))!.runAt;
      expect(after.getTime()).not.toBe(before.getTime());
      expect(toZonedInput(after, other).slice(11, 16)).toBe('06:30');
      expect(after.getTime()).toBeGreaterThan(time.clock.now().getTime());
    } finally {
      await setZone(timeZone);
    }
    expect(toZonedInput((await digestJob(_id))!.runAt, timeZone).slice(11, 16)).toBe('06:30');
  });
});
