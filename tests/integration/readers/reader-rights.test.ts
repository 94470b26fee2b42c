/*
 * Issue 37 item 6: the reader's own data. The export carries the account, consents, follows,
 * saved stories and subscriptions; a deleted reader gets no further mail (an issue queued
 * before the deletion included: its delivery goes with the address) and their export answers
 * 401; readers without a password delete with a mailed code (6 digits, once); the last
 * administrator may not delete themselves.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterDeliveries, newsletterSubscribers } from '../../../db/schema/newsletters';
import { readerConsents, readerDeleteCodes } from '../../../db/schema/readers';
import { users } from '../../../db/schema/users';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  signUp,
  someAddress,
  type TestUser,
} from '../../factories';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://patrika.test',
      NEWSLETTER_RATE: '100',
    },
    { pollJobs: false },
  ); // the test runs the jobs: an issue queued must wait for the deletion
  admin = await createAdmin(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.app.services.database.db;

async function sendIssue(newsletterId: string) {
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/newsletters/${newsletterId}/send`,
    headers: auth(admin),
  });
  expect(sent.statusCode, sent.body).toBe(202);
  return sent.json<{ issueId: string | null }>().issueId;
}

describe("the reader's own data (issue 37 item 6)", () => {
  it('exports, deletes with the password, and no mail reaches the address afterwards', async () => {
    const category = await createCategory(t.app, admin, { name: 'Rights Desk' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/newsletters',
      headers: auth(admin),
      payload: {
        name: 'Rights Daily',
        language: 'en',
        schedule: { kind: 'manual', time: '07:00' },
        categories: [category._id],
        maxArticles: 5,
      },
    });
    const newsletter = made.json<{ _id: string }>();
    const reader = await signUp(t.app, { email: 'leaving-reader@example.com' });
    // A proved address subscribes at once (an unproved one gets the mail: issue 66 item 8).
    await t.app.services.database.db
      .update(users)
      .set({ emailConfirmedAt: new Date() })
      .where(eq(users.id, reader._id));
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/newsletters/subscribe',
      headers: auth(reader),
      payload: { email: reader.email, newsletters: [newsletter._id] },
    });
    expect(subscribed.json()).toMatchObject({ subscribed: true });
    const story = await createArticle(t.app, admin, category._id, { name: 'First rights story' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/follows',
      headers: auth(reader),
      payload: { categories: [category._id] },
    });
    await t.app.inject({ method: 'PUT', url: `/api/me/saved/${story._id}`, headers: auth(reader) });

    const exported = await t.app.inject({ url: '/api/me/export', headers: auth(reader) });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(exported.headers['cache-control']).toBe('no-store');
    const data = exported.json();
    expect(data.account).toMatchObject({ _id: reader._id, email: reader.email, role: 'reader' });
    expect(data.consents).toEqual([
      expect.objectContaining({ purpose: 'account', form: 'signup' }),
      expect.objectContaining({ purpose: 'newsletter', form: 'subscribe' }),
    ]);
    expect(data.consents[0].textVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.follows.categories).toEqual([category._id]);
    expect(data.saved).toEqual([expect.objectContaining({ articleId: story._id })]);
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ newsletter: 'Rights Daily', status: 'subscribed' }),
    ]);

    // The pipeline works: the first issue reaches the reader.
    expect(await sendIssue(newsletter._id)).toBeTruthy();
    await t.app.services.jobs.runDue();
    await smtp.waitFor(reader.email, 1);

    // A second issue is queued for them, then they delete their account before it goes.
    await createArticle(t.app, admin, category._id, { name: 'Second rights story' });
    const queued = await sendIssue(newsletter._id);
    expect(queued).toBeTruthy();

    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: auth(reader),
      payload: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('user.wrong_password');
    const none = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: auth(reader),
      payload: {},
    });
    expect(none.json().code).toBe('account.proof_required');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: auth(reader),
      payload: { password: reader.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().code).toBe('account.deleted');
    expect(String(deleted.headers['set-cookie'])).toContain('patrika_reader=;');

    await t.app.services.jobs.runDue();
    await t.app.services.mailer.settled();
    expect(smtp.to(reader.email)).toHaveLength(1);
    const left = await db()
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, queued!));
    expect(left).toEqual([]);
    expect(
      await db()
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, reader.email)),
    ).toEqual([]);
    expect(
      await db().select().from(readerConsents).where(eq(readerConsents.email, reader.email)),
    ).toEqual([]);
    expect(await db().select().from(users).where(eq(users.id, reader._id))).toEqual([]);

    // A third issue: still nothing to the address.
    await createArticle(t.app, admin, category._id, { name: 'Third rights story' });
    await sendIssue(newsletter._id);
    await t.app.services.jobs.runDue();
    await t.app.services.mailer.settled();
    expect(smtp.to(reader.email)).toHaveLength(1);

    const gone = await t.app.inject({ url: '/api/me/export', headers: auth(reader) });
    expect(gone.statusCode).toBe(401);
  });

  it('deletes by a mailed code: six digits, once, kept hashed', async () => {
    const reader = await signUp(t.app, { email: 'code-reader@example.com' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/me/delete-code',
      headers: auth(reader),
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      code: 'account.delete_code_sent',
      params: { minutes: 15 },
    });
    const [mail] = await smtp.waitFor(reader.email);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const [stored] = await db()
      .select()
      .from(readerDeleteCodes)
      .where(eq(readerDeleteCodes.userId, reader._id));
    expect(stored!.codeHash).not.toContain(code);

    const other = code === '000000' ? '000001' : '000000';
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: auth(reader),
      payload: { code: other },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('account.delete_code_invalid');

    const done = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: auth(reader),
      payload: { code },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await db().select().from(users).where(eq(users.id, reader._id))).toEqual([]);
    expect((await t.app.inject({ url: '/api/me/export', headers: auth(reader) })).statusCode).toBe(
      401,
    );
  });

  it('a code dies after a few wrong tries', async () => {
    const reader = await signUp(t.app);
    // The tries come from one address of their own: DELETE /api/me is limited per address.
    const remoteAddress = someAddress();
    await t.app.inject({ method: 'POST', url: '/api/me/delete-code', headers: auth(reader) });
    const [mail] = await smtp.waitFor(reader.email);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const other = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++)
      await t.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: auth(reader),
        payload: { code: other },
        remoteAddress,
      });
    const late = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: auth(reader),
      payload: { code },
      remoteAddress,
    });
    expect(late.json().code).toBe('account.delete_code_invalid');
  });

  it('the last administrator may not delete themselves', async () => {
    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: auth(admin),
      payload: { password: admin.password },
      remoteAddress: someAddress(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('account.last_admin');
    expect((await t.app.inject({ url: '/api/me/export', headers: auth(admin) })).statusCode).toBe(
      200,
    );
  });
});
