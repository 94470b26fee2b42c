/*
 * Comments' mail (issue 42 item 4), against a real SMTP server on loopback: a reply shown to
 * readers mails the reader it answers when they opted in, never the replier themselves and
 * never someone who did not opt in; a held reply mails nobody until a moderator approves it.
 * Moderators, editors and administrators get a daily mail of what waits, none when nothing
 * does. The test runs the jobs itself (jobs.runDue) and moves the services' clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paceKey } from '../../../server/modules/comments/comment-guards';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { commentCalls, confirmedReader } from '../../setup/comment-calls';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestUser;
let asha: TestUser;
let ravi: TestUser;
let story: { _id: string; name: string };
const c = commentCalls(() => t.app);
/** The site's name, as the seeded settings have it. */
const SITE = 'Patrika — पत्रिका';

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'desk@patrika.test', PUBLIC_URL: 'https://patrika.test' },
    { clock: time.clock, pollJobs: false },
  );
  admin = await createAdmin(t.app);
  asha = await confirmedReader(t.app, 'Asha');
  ravi = await confirmedReader(t.app, 'Ravi');
  story = await createArticle(t.app, admin, (await createCategory(t.app, admin))._id);
  await c.settings(admin, { hold: 'none', minAccountAgeMinutes: 0 });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  for (const who of [asha, ravi]) await t.app.services.rateLimits.reset(paceKey(who._id));
});

const optIn = (who: TestUser, on: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/me/notifications',
    headers: auth(who),
    payload: { commentReplies: on },
  });
const posted = async (who: TestUser, payload: Record<string, unknown>) => {
  const res = await c.post(who, story._id, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; status: string };
};
const deliver = async () => {
  await t.app.services.events.settled();
  await t.app.services.jobs.runDue();
  await t.app.services.mailer.settled();
};

describe('a reply’s mail', () => {
  it('goes to the opted-in reader it answers, once, and never to the replier', async () => {
    expect((await optIn(asha, true)).statusCode).toBe(200);
    const parent = await posted(asha, { body: 'The bridge opened late.' });
    // Her own reply mails nobody.
    await posted(asha, { body: 'Update: it opened at noon.', parentId: parent._id });
    await deliver();
    expect(smtp.to(asha.email)).toHaveLength(0);

    await posted(ravi, { body: 'It was 11:40, I was there.', parentId: parent._id });
    await deliver();
    const [mail] = await smtp.waitFor(asha.email);
    expect(mail!.subject).toBe(`${SITE}: Ravi replied to your comment`);
    expect(mail!.text).toContain(`on “${story.name}”`);
    expect(mail!.text).toContain('It was 11:40, I was there.');
    expect(mail!.text).toContain('https://patrika.test/');
    expect(mail!.text).toContain('#comments-title');
    await deliver();
    expect(smtp.to(asha.email)).toHaveLength(1);
  });

  it('goes to nobody who did not opt in', async () => {
    const parent = await posted(ravi, { body: 'Roads are flooded again.' });
    await posted(asha, { body: 'Same on our street.', parentId: parent._id });
    await deliver();
    expect(smtp.to(ravi.email)).toHaveLength(0);
  });

  it('waits while the reply is held, and goes when a moderator approves it', async () => {
    expect((await optIn(ravi, true)).statusCode).toBe(200);
    const parent = await posted(ravi, { body: 'The market moves on Monday.' });
    await c.settings(admin, { hold: 'all' });
    const reply = await posted(asha, { body: 'Which market?', parentId: parent._id });
    expect(reply.status).toBe('pending');
    await deliver();
    expect(smtp.to(ravi.email)).toHaveLength(0);

    expect((await c.setStatus(admin, reply._id, 'approved')).statusCode).toBe(200);
    await deliver();
    const [mail] = await smtp.waitFor(ravi.email);
    expect(mail!.subject).toBe(`${SITE}: Asha replied to your comment`);
    await c.settings(admin, { hold: 'none' });
  });
});

describe('the moderators’ daily mail', () => {
  it('tells moderators, editors and administrators what waits, and nothing when nothing does', async () => {
    const moderator = await createUser(t.app, 'moderator');
    const editor = await createUser(t.app, 'editor');
    const author = await createUser(t.app, 'author');
    const waiting = await c.queue(admin, '?status=pending');
    for (const item of waiting.json().comments as { _id: string }[])
      await c.setStatus(admin, item._id, 'approved');

    // A day on, nothing waits: no mail.
    time.shift(25 * 3600_000);
    await deliver();
    expect(smtp.to(moderator.email)).toHaveLength(0);

    await c.settings(admin, { hold: 'all' });
    await t.app.services.rateLimits.reset(paceKey(asha._id));
    await posted(asha, { body: 'Held for the desk.' });
    await posted(asha, { body: 'Held for the desk too.' });
    await c.settings(admin, { hold: 'none' });
    time.shift(49 * 3600_000);
    await deliver();
    for (const who of [moderator, editor, admin]) {
      const [mail] = await smtp.waitFor(who.email);
      expect(mail!.subject).toBe(`${SITE}: 2 comments wait for review`);
      expect(mail!.text).toContain('https://patrika.test/admin/comments');
    }
    expect(smtp.to(author.email)).toHaveLength(0);
    expect(smtp.to(asha.email).filter((m) => m.subject.includes('wait'))).toHaveLength(0);
    time.shift(0);
  });
});
