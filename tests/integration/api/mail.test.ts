/*
 * E-mail that brings people in (issue 26 item 8) and the owner's warning when sign-in to an
 * account pauses (issue 24), against a real SMTP server on loopback (tests/setup/smtp-server.ts):
 * each mail is read as it arrived and its link followed as a person would.
 */
import { PassThrough } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users';
import {
  INVITATION_EXPIRED,
  INVITATION_USED,
  RESET_REQUESTED,
  RESET_USED,
  RESET_WITHOUT_MAIL,
} from '../../../server/modules/users/account-links';
import { SIGN_IN_MAX_FAILURES } from '../../../server/modules/users/users-service';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  someAddress,
  type TestUser,
} from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
let smtp: TestSmtpServer;
let t: TestApp;
let admin: TestUser;

/** Every log line the app wrote: no link's token may be among them. */
const logged: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logged.push(chunk.toString()));
  // The test runs review-mail jobs itself (jobs.runDue), so no background poll takes one first.
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'desk@patrika.test',
      PUBLIC_URL: 'https://patrika.test',
      LOG_LEVEL: 'info',
    },
    { clock: time.clock, pollJobs: false, logStream },
  );
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let n = 0;
const address = (who: string) => `${who}-${++n}-${Date.now()}@example.com`;
const userCount = async () =>
  Number((await t.database.db.select({ n: count() }).from(users))[0]?.n);
const settled = () => t.app.services.mailer.settled();

const invite = (by: TestUser | undefined, payload: Record<string, unknown>, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/users/invite',
    headers: by ? auth(by) : {},
    payload,
  });
const accept = (path: string, password: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: `/api/users${path}`,
    payload: { password },
    remoteAddress: someAddress(),
  });
const me = (token: string) => t.app.inject({ url: '/api/users/me', headers: auth(token) });

describe('invitations', () => {
  it('an administrator invites an author and an editor; each sets a password from the mailed link and is signed in with that role; a second use is refused', async () => {
    const people = [
      { email: address('asha'), name: 'आशा राव', role: 'author' },
      { email: address('ravi'), name: 'Ravi Mehta', role: 'editor' },
    ] as const;
    for (const person of people) {
      const res = await invite(admin, person);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ ...person, mailed: true });
      // With mail, the link goes only to the person invited.
      expect(res.json().url).toBeUndefined();
    }
    for (const person of people) {
      const [mail] = await smtp.waitFor(person.email);
      expect(mail!.subject).toContain('Patrika — पत्रिका');
      expect(mail!.headers.from).toContain('Patrika — पत्रिका');
      expect(mail!.headers.from).toContain('desk@patrika.test');
      expect(mail!.text).toContain(person.name);
      const link = linkIn(mail!, '/invite/');
      expect(mail!.text).toContain(`https://patrika.test${link}`);

      const before = await userCount();
      const res = await accept(link, 'a new staff password');
      expect(res.statusCode, res.body).toBe(201);
      const info = res.json();
      expect(info).toMatchObject({ name: person.name, email: person.email, role: person.role });
      // Signed in: the session cookie of a sign-in, and the token works.
      expect(String(res.headers['set-cookie'])).toMatch(/patrika_token=/);
      expect((await me(info.token)).json()).toMatchObject({ role: person.role });
      expect(await userCount()).toBe(before + 1);

      // The same link again: refused, clearly, and nothing changes.
      const again = await accept(link, 'another password 2');
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toBe(INVITATION_USED);
      expect(await userCount()).toBe(before + 1);
      expect(await t.app.services.users.invitation(link.split('/').pop()!)).toEqual({
        state: 'used',
      });
      // The password set from the link signs in; the refused one does not.
      const signIn = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/signin',
          payload: { email: person.email, password },
          remoteAddress: someAddress(),
        });
      expect((await signIn('a new staff password')).statusCode).toBe(200);
      expect((await signIn('another password 2')).statusCode).toBe(401);
    }
    // The links' requests were logged, without their tokens.
    const log = logged.join('');
    expect(log).toContain('/api/users/invite/[Redacted]');
    for (const mail of smtp.received)
      for (const token of mail.text.match(/[0-9a-f]{64}/g) ?? []) expect(log).not.toContain(token);
    await settled();
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/patrika_mail_total\{kind="invitation",result="sent"\} [2-9]/);
  });

  it('refuses an expired link and changes nothing', async () => {
    const email = address('late');
    expect((await invite(admin, { email, name: 'Late Comer', role: 'author' })).statusCode).toBe(
      201,
    );
    const link = linkIn((await smtp.waitFor(email))[0]!, '/invite/');
    const before = await userCount();
    time.shift(7 * 86_400_000 + 60_000);
    try {
      const res = await accept(link, 'a new staff password');
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(INVITATION_EXPIRED);
    } finally {
      time.shift(0);
    }
    expect(await userCount()).toBe(before);
    // A link that is not ours is not found, and an incomplete one is bad input.
    expect((await accept(`/invite/${'f'.repeat(64)}`, 'a new staff password')).statusCode).toBe(
      404,
    );
    expect((await accept('/invite/short', 'a new staff password')).statusCode).toBe(400);
  });

  it('lets only administrators invite, staff roles only, and not an address that has an account', async () => {
    const editor = await createUser(t.app, 'editor');
    const body = { email: address('nope'), name: 'Nobody', role: 'author' };
    expect((await invite(editor, body)).statusCode).toBe(403);
    expect((await invite(undefined, body)).statusCode).toBe(401);
    expect((await invite(admin, { ...body, role: 'reader' })).statusCode).toBe(400);
    expect((await invite(admin, { ...body, email: editor.email })).statusCode).toBe(409);
    await settled();
    expect(smtp.to(body.email)).toHaveLength(0);
  });

  it('without SMTP_URL answers the link to copy, sends nothing, and the link works', async () => {
    const plain = await createTestApp({}, { pollJobs: false });
    try {
      const boss = await createAdmin(plain.app);
      const email = address('copy');
      const res = await invite(boss, { email, name: 'Copy Paste', role: 'editor' }, plain.app);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ mailed: false });
      const url = new URL(res.json().url as string);
      expect(url.pathname).toMatch(/^\/invite\/[0-9a-f]{64}$/);
      await plain.app.services.mailer.settled();
      expect(smtp.to(email)).toHaveLength(0);
      const accepted = await accept(url.pathname, 'a new staff password', plain.app);
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(accepted.json().role).toBe('editor');
      // Without mail a reset cannot be asked for by mail, and the answer says so.
      const reset = await plain.app.inject({
        method: 'POST',
        url: '/api/users/password-reset',
        payload: { email },
      });
      expect(reset.statusCode).toBe(202);
      expect(reset.json().message).toBe(RESET_WITHOUT_MAIL);
    } finally {
      await plain.close();
    }
  });

  it('with MAIL_FROM as Name <address>, mail comes from that name; the site’s name still opens the subject', async () => {
    const named = await createTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'पत्रिका डेस्क <desk@patrika.test>' },
      { pollJobs: false },
    );
    try {
      const boss = await createAdmin(named.app);
      const email = address('named');
      const res = await invite(boss, { email, name: 'Named From', role: 'author' }, named.app);
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = await smtp.waitFor(email);
      // The configured name wins over the site's name in From (server/lib/mail.ts).
      expect(mail!.headers.from).toBe('पत्रिका डेस्क <desk@patrika.test>');
      expect(mail!.from).toBe('desk@patrika.test');
      expect(mail!.subject).toMatch(/^Patrika — पत्रिका: /);
    } finally {
      await named.close();
    }
  });

  it('answers the invitation even when the SMTP server cannot be reached, and counts the failure', async () => {
    const down = await createTestApp(
      { SMTP_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'silent' },
      { pollJobs: false },
    );
    try {
      const boss = await createAdmin(down.app);
      const res = await invite(
        boss,
        { email: address('lost'), name: 'Lost', role: 'author' },
        down.app,
      );
      expect(res.statusCode, res.body).toBe(201);
      await down.app.services.mailer.settled();
      expect(down.app.services.mailer.counts().invitation).toEqual({ sent: 0, failed: 1 });
    } finally {
      await down.close();
    }
  });
});

describe('password reset', () => {
  const ask = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/password-reset',
      payload: { email },
      remoteAddress: someAddress(),
    });

  it('answers 202 for an existing and a missing address alike; only the existing one gets a link, which works once', async () => {
    const owner = await createUser(t.app, 'author', { email: address('owner') });
    const missing = address('missing');
    const [a, b] = [await ask(owner.email), await ask(missing)];
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json()).toEqual(b.json());
    expect(a.json().message).toBe(RESET_REQUESTED);
    await settled();
    expect(smtp.to(missing)).toHaveLength(0);
    const [mail] = await smtp.waitFor(owner.email);
    const link = linkIn(mail!, '/reset/');
    const token = link.split('/').pop()!;
    expect(await t.app.services.users.passwordReset(token)).toEqual({
      state: 'open',
      value: null,
    });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/password-reset/${token}`,
      payload: { password: 'a brand new password' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: owner.email });
    expect(String(res.headers['set-cookie'])).toMatch(/patrika_token=/);
    // Earlier sessions end with the old password; the new one signs in.
    expect((await me(owner.token)).statusCode).toBe(401);
    expect((await me(res.json().token)).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/users/password-reset/${token}`,
      payload: { password: 'yet another password' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(RESET_USED);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: owner.email, password: 'a brand new password' },
      remoteAddress: someAddress(),
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('review mail', () => {
  let category: { _id: string };
  beforeAll(async () => {
    category = await createCategory(t.app, admin);
  });
  const move = (by: TestUser, id: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/articles/${id}/status`,
      headers: auth(by),
      payload,
    });
  const optOut = async (who: TestUser) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: auth(who),
      payload: { reviewMail: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(res.json().token)).json().reviewMail).toBe(false);
  };
  /** Runs the review-mail jobs due and waits for what they handed over. */
  const deliver = async () => {
    await t.app.services.jobs.runDue();
    await settled();
  };

  it('tells editors of a submission, and the author of a piece sent back or published; not those who turned it off', async () => {
    const editor = await createUser(t.app, 'editor', { email: address('editor') });
    const quiet = await createUser(t.app, 'editor', { email: address('quiet-editor') });
    await optOut(quiet);
    const author = await createUser(t.app, 'author', { email: address('writer') });
    const article = await createArticle(t.app, author, category._id, {
      name: 'नदी का किनारा',
      status: 'draft',
    });

    expect((await move(author, article._id, { status: 'pending' })).statusCode).toBe(200);
    await deliver();
    const [submitted] = await smtp.waitFor(editor.email);
    expect(submitted!.subject).toContain('नदी का किनारा');
    expect(submitted!.text).toContain(`https://patrika.test/admin/edit-article/${article._id}`);
    expect(smtp.to(quiet.email)).toHaveLength(0);
    // The author submitted it: no mail to them about their own move.
    expect(smtp.to(author.email)).toHaveLength(0);

    const back = await move(editor, article._id, { status: 'draft', note: 'Add a source.' });
    expect(back.statusCode, back.body).toBe(200);
    await deliver();
    const [sentBack] = await smtp.waitFor(author.email);
    expect(sentBack!.subject).toContain('sent back');
    expect(sentBack!.text).toContain('Add a source.');

    expect((await move(author, article._id, { status: 'pending' })).statusCode).toBe(200);
    expect((await move(editor, article._id, { status: 'published' })).statusCode).toBe(200);
    await deliver();
    const mails = await smtp.waitFor(author.email, 2);
    expect(mails[1]!.subject).toContain('published');
    // Submitted, then published before the job ran: the editors hear nothing stale.
    expect(smtp.to(editor.email)).toHaveLength(1);
  });

  it('tells the author when an editor schedules their piece, with the time in the site’s zone', async () => {
    const editor = await createUser(t.app, 'editor');
    const author = await createUser(t.app, 'author', { email: address('scheduled') });
    const article = await createArticle(t.app, author, category._id, { status: 'pending' });
    const at = new Date(Date.now() + 3 * 86_400_000);
    at.setUTCHours(6, 30, 0, 0);
    const res = await move(editor, article._id, {
      status: 'published',
      publishedAt: at.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    const [mail] = await smtp.waitFor(author.email);
    expect(mail!.subject).toContain('is scheduled for');
    // 06:30 UTC is 12:00 noon in Asia/Kolkata, the default time zone.
    expect(mail!.subject).toMatch(/12:00\s?pm/i);
  });

  it('sends nothing to an author who turned review mail off', async () => {
    const editor = await createUser(t.app, 'editor', { email: address('editor') });
    const author = await createUser(t.app, 'author', { email: address('quiet-writer') });
    await optOut(author);
    const article = await createArticle(t.app, author, category._id, { status: 'pending' });
    await deliver();
    await smtp.waitFor(editor.email);
    expect((await move(editor, article._id, { status: 'draft', note: 'No.' })).statusCode).toBe(
      200,
    );
    await deliver();
    expect(smtp.to(author.email)).toHaveLength(0);
  });

  it('speaks Hindi when the interface does', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { uiLanguage: 'hi' },
    });
    expect(res.statusCode, res.body).toBe(200);
    try {
      const editor = await createUser(t.app, 'editor', { email: address('hindi-editor') });
      const author = await createUser(t.app, 'author', { email: address('hindi-writer') });
      await createArticle(t.app, author, category._id, { name: 'चुनाव', status: 'pending' });
      await deliver();
      const [mail] = await smtp.waitFor(editor.email);
      expect(mail!.subject).toContain('समीक्षा की प्रतीक्षा में');
      expect(mail!.headers['content-language']).toBe('hi');
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { uiLanguage: 'en' },
      });
    }
  });
});

describe('sign-in pause (issue 24)', () => {
  it('tells the account owner once when sign-in to the account pauses, not at every refused guess', async () => {
    const owner = await createUser(t.app, 'reader', { email: address('guessed') });
    const guess = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        payload: { email: owner.email, password: 'wrong guess' },
        remoteAddress: someAddress(),
      });
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) expect((await guess()).statusCode).toBe(401);
    await settled();
    expect(smtp.to(owner.email)).toHaveLength(0);
    expect((await guess()).statusCode).toBe(429);
    expect((await guess()).statusCode).toBe(429);
    expect((await guess()).statusCode).toBe(429);
    await settled();
    const mails = smtp.to(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('paused');
    expect(mails[0]!.text).toContain('https://patrika.test/reset');
    expect(mails[0]!.text).not.toContain('wrong guess');
    // The user row is untouched by the warning.
    const [row] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, owner.email));
    expect(Number(row?.n)).toBe(1);
  });
});
