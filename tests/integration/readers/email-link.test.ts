/*
 * Issue 37 item 1: signing in without a password, through real SMTP (smtp-server on loopback).
 * A link and a code, 15 minutes, once; the same 202 for every address; five links an hour to one
 * address; a first use makes a reader's account with its consent; staff get no link.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLinks, readerConsents } from '../../../db/schema/readers';
import { users } from '../../../db/schema/users';
import { createAdmin, createUser, signUp } from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { passkeyCalls } from '../../setup/passkey-calls';
import { softPasskey } from '../../setup/soft-authenticator';

let t: TestApp;
let smtp: TestSmtpServer;
const time = shiftedClock();

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://patrika.test' },
    { clock: time.clock },
  );
  await createAdmin(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const ask = (email: string, next?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: { email, next } });
const open = (path: string) => t.app.inject({ method: 'GET', url: path });
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const sessionCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'patrika_reader' && c.value !== '');

describe('sign-in by e-mail link (issue 37 item 1)', () => {
  it('a new address gets a link that makes a reader, signs them in once, and goes on', async () => {
    const email = 'new-reader@example.com';
    const asked = await ask(email, '/category/desh?x=1');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().code).toBe('email_link.sent');
    const [mail] = await smtp.waitFor(email);
    expect(mail!.subject).toMatch(/sign-in link/);
    const path = linkIn(mail!, '/auth/email-link/');
    // Only hashes are kept: neither the link's token nor the code is in the table.
    const [row] = await t.app.services.database.db
      .select()
      .from(emailLinks)
      .where(eq(emailLinks.email, email));
    expect(JSON.stringify(row)).not.toContain(path.split('/').pop());
    expect(JSON.stringify(row)).not.toContain(codeIn(mail!.text));

    const first = await open(path);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/category/desh?x=1#signed-in');
    expect(first.headers['cache-control']).toBe('no-store');
    const cookie = sessionCookie(first);
    expect(cookie).toBeDefined();
    const me = await t.app.inject({ url: '/api/me', cookies: { patrika_reader: cookie!.value } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email, role: 'reader' });
    const [account] = await t.app.services.database.db
      .select()
      .from(users)
      .where(eq(users.email, email));
    expect(account?.passwordHash).toBeNull();
    // The link proved the address (issue 42: who may comment).
    expect(account?.emailConfirmedAt).toBeInstanceOf(Date);
    const consents = await t.app.services.database.db
      .select()
      .from(readerConsents)
      .where(eq(readerConsents.email, email));
    expect(consents).toMatchObject([{ purpose: 'account', form: 'email-link' }]);

    // Once only: the same link again goes to the sign-in page, saying it was used.
    const again = await open(path);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/login?emailLink=used');
    expect(sessionCookie(again)).toBeUndefined();
  });

  it('answers every address alike, and sends a known reader a link to their own account', async () => {
    const reader = await signUp(t.app, { email: 'has-password@example.com' });
    const known = await ask(reader.email);
    const unknown = await ask('nobody-here@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const [mail] = await smtp.waitFor(reader.email);
    const res = await open(linkIn(mail!, '/auth/email-link/'));
    expect(res.headers.location).toBe('/#signed-in');
    const me = await t.app.inject({
      url: '/api/me',
      cookies: { patrika_reader: sessionCookie(res)!.value },
    });
    expect(me.json().user._id).toBe(reader._id);
    // The password still works.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: reader.email, password: reader.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('signs in with the code instead; a wrong code is refused and the fifth spends it', async () => {
    const email = 'code-reader@example.com';
    await ask(email, '/profile');
    const [mail] = await smtp.waitFor(email);
    const code = codeIn(mail!.text);
    const wrong = code === '000000' ? '111111' : '000000';
    const tryCode = (c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/email-link/code',
        payload: { email, code: c },
      });
    const refused = await tryCode(wrong);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('email_link.wrong_code');
    expect((await tryCode('12ab')).json()).toMatchObject({
      code: 'validation.invalid',
      errors: [{ path: 'body.code', code: 'email_link.code_format' }],
    });
    const right = await tryCode(code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ email, role: 'reader', next: '/profile' });
    expect(sessionCookie(right)).toBeDefined();
    // Used: neither the code nor the link works again.
    expect((await tryCode(code)).statusCode).toBe(401);
    expect((await open(linkIn(mail!, '/auth/email-link/'))).headers.location).toBe(
      '/login?emailLink=used',
    );

    const guessed = 'guessed-reader@example.com';
    await ask(guessed);
    const [theirs] = await smtp.waitFor(guessed);
    const theirCode = codeIn(theirs!.text);
    const other = theirCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/email-link/code',
            payload: { email: guessed, code: other },
          })
        ).statusCode,
      ).toBe(401);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-link/code',
      payload: { email: guessed, code: theirCode },
    });
    expect(late.statusCode).toBe(401);
  });

  it('expires after 15 minutes; a link for another site is refused; next stays on this site', async () => {
    const email = 'late-reader@example.com';
    await ask(email, 'https://evil.example/steal');
    const [mail] = await smtp.waitFor(email);
    const path = linkIn(mail!, '/auth/email-link/');
    time.shift(16 * 60_000);
    try {
      expect((await open(path)).headers.location).toBe('/login?emailLink=expired');
    } finally {
      time.shift(0);
    }
    expect((await open(`/auth/email-link/${'a'.repeat(64)}`)).headers.location).toBe(
      '/login?emailLink=unknown',
    );
    expect((await open('/auth/email-link/short')).headers.location).toBe(
      '/login?emailLink=unknown',
    );
    // The unsafe next became the home page.
    const [row] = await t.app.services.database.db
      .select()
      .from(emailLinks)
      .where(eq(emailLinks.email, email));
    expect(row?.next).toBe('/');
  });

  it('sends one address at most five links an hour (429 after), and staff none', async () => {
    const email = 'many-links@example.com';
    for (let i = 0; i < 5; i++) expect((await ask(email)).statusCode).toBe(202);
    const sixth = await ask(email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('rate_limit.exceeded');
    await smtp.waitFor(email, 5);

    const editor = await createUser(t.app, 'editor', { email: 'desk-editor@example.com' });
    expect((await ask(editor.email)).statusCode).toBe(202);
    // A reader's link sent after it arrives; the editor's never does.
    await ask('after-editor@example.com');
    await smtp.waitFor('after-editor@example.com');
    expect(smtp.to(editor.email)).toEqual([]);
  });

  // A passkey is a second factor as codes are (a password sign-in asks for it): a mailbox alone
  // passes neither (issue 66 item 3, as a reset link).
  it('sends a reader with a passkey no link, and one sent before the passkey signs nobody in', async () => {
    const { add } = passkeyCalls(() => t.app);
    const reader = await createUser(t.app, 'reader', { email: 'passkey-reader@example.com' });
    expect((await ask(reader.email)).statusCode).toBe(202);
    const [mail] = await smtp.waitFor(reader.email);
    const path = linkIn(mail!, '/auth/email-link/');
    const added = await add(reader, softPasskey(new URL(t.config.publicUrl).origin));
    expect(added.statusCode, added.body).toBe(201);
    const opened = await open(path);
    expect(opened.statusCode).toBe(302);
    expect(sessionCookie(opened)).toBeUndefined();

    expect((await ask(reader.email)).statusCode).toBe(202);
    await ask('after-passkey@example.com');
    await smtp.waitFor('after-passkey@example.com');
    // The one sign-in link is the first, asked before the passkey; the other mail to the reader
    // is the notice that a passkey was added (issue 66 item 4).
    const links = smtp.to(reader.email).filter((m) => m.text.includes('/auth/email-link/'));
    expect(links).toHaveLength(1);
  });
});
