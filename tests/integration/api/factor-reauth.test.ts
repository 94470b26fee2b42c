/*
 * Adding a factor needs a factor (issue 66 item 4, docs/decisions/052e). A stolen session alone
 * cannot add a passkey or turn authenticator codes on: the set-up calls ask for the current
 * password (or a code now shown), wrong ones count as wrong sign-ins; an account with nothing
 * to type proves itself by a sign-in of the last minutes. The owner is mailed of every factor
 * added, with how to undo it, and a password change or sign-out-everywhere can remove the
 * factors added in the last day.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPasskeys } from '../../../db/schema/passkeys';
import { users } from '../../../db/schema/users';
import { createUser, signUp, type TestUser } from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { passkeyCalls } from '../../setup/passkey-calls';
import { softPasskey } from '../../setup/soft-authenticator';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });
let t: TestApp;
let app: FastifyInstance;
let smtp: TestSmtpServer;
let origin: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'desk@patrika.test', PUBLIC_URL: 'https://patrika.test' },
    { clock: time.clock, pollJobs: false },
  );
  app = t.app;
  origin = new URL(t.config.publicUrl).origin;
  await signUp(app, { name: 'Asha Admin' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const { call } = passkeyCalls(() => app);
const passkeysOf = async (user: TestUser) =>
  (await call('GET', '/api/me/passkeys', user.token)).json() as { name: string }[];
const codesOn = async (user: TestUser) =>
  (await call('GET', '/api/me/2fa', user.token)).json().totp as boolean;

/** Adds a passkey with `proof` in the options call; answers the adding call's answer. */
async function addWith(user: TestUser, proof: object | undefined, name = 'Thief’s key') {
  const options = await call('POST', '/api/me/passkeys/options', user.token, proof);
  if (options.statusCode !== 200) return options;
  const key = softPasskey(origin);
  return call('POST', '/api/me/passkeys', user.token, {
    name,
    response: key.register(options.json()),
  });
}

/** Turns codes on with `proof`; answers the secret. */
async function turnOn(user: TestUser, proof: object) {
  const setup = await call('POST', '/api/me/2fa/totp', user.token, proof);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const on = await call('POST', '/api/me/2fa/totp/confirm', user.token, {
    code: await totp.generate({ secret, epoch: Math.floor(time.clock.now().getTime() / 1000) }),
  });
  expect(on.statusCode, on.body).toBe(200);
  return secret;
}

describe('adding a factor needs a factor', () => {
  it('refuses a passkey to a session alone or a wrong password, and takes the right one', async () => {
    const editor = await createUser(app, 'editor');
    const bare = await call('POST', '/api/me/passkeys/options', editor.token);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().code).toBe('auth.reauth_required');
    const wrong = await addWith(editor, { password: 'not the password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('auth.reauth_failed');
    expect(await passkeysOf(editor)).toEqual([]);
    const right = await addWith(editor, { password: editor.password }, 'Work laptop');
    expect(right.statusCode, right.body).toBe(201);
    expect((await passkeysOf(editor)).map((p) => p.name)).toEqual(['Work laptop']);
  });

  it('takes a code now shown for a passkey, once', async () => {
    const author = await createUser(app, 'author');
    const secret = await turnOn(author, { password: author.password });
    const code = await totp.generate({
      secret,
      epoch: Math.floor(time.clock.now().getTime() / 1000) + 30,
    });
    expect((await addWith(author, { code })).statusCode).toBe(201);
    // The same code again is spent (no replay).
    const again = await addWith(author, { code });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('auth.reauth_failed');
  });

  it('refuses to turn codes on for a session alone or a wrong password', async () => {
    const editor = await createUser(app, 'editor');
    const bare = await call('POST', '/api/me/2fa/totp', editor.token);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().code).toBe('auth.reauth_required');
    const wrong = await call('POST', '/api/me/2fa/totp', editor.token, { password: 'guess-123' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('auth.reauth_failed');
    expect(await codesOn(editor)).toBe(false);
    await turnOn(editor, { password: editor.password });
    expect(await codesOn(editor)).toBe(true);
  });

  it('counts wrong passwords as wrong sign-ins: past ten, 429, the right one too', async () => {
    const editor = await createUser(app, 'editor');
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/api/me/passkeys/options', editor.token, {
        password: `x${i}`,
      });
      expect(res.statusCode).toBe(403);
    }
    const paused = await call('POST', '/api/me/passkeys/options', editor.token, {
      password: editor.password,
    });
    expect(paused.statusCode).toBe(429);
    expect(paused.json().code).toBe('auth.too_many_failures');
  });

  it('counts wrong codes as the sign-in does: a right one clears the count, past five 429', async () => {
    const author = await createUser(app, 'author');
    const secret = await turnOn(author, { password: author.password });
    const wrong = () => addWith(author, { code: '000000' });
    for (let i = 0; i < 4; i++) expect((await wrong()).statusCode).toBe(403);
    const code = await totp.generate({
      secret,
      epoch: Math.floor(time.clock.now().getTime() / 1000) + 30,
    });
    expect((await addWith(author, { code })).statusCode).toBe(201);
    // Cleared, as the sign-in's second step clears it: five wrong codes again, then the pause.
    for (let i = 0; i < 5; i++) {
      const res = await wrong();
      expect(res.statusCode, `wrong code ${i + 1} after a right one`).toBe(403);
    }
    const paused = await wrong();
    expect(paused.statusCode).toBe(429);
    expect(paused.json().code).toBe('auth.too_many_failures');
  });

  it('lets an account with nothing to type prove itself by a sign-in of the last ten minutes', async () => {
    const person = await createUser(app, 'author');
    // An account single sign-on made: no password, no codes; its session began just now.
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, person._id));
    expect((await call('POST', '/api/me/passkeys/options', person.token)).statusCode).toBe(200);
    time.shift(11 * 60_000);
    try {
      const late = await call('POST', '/api/me/passkeys/options', person.token);
      expect(late.statusCode).toBe(403);
      expect(late.json().code).toBe('auth.reauth_required');
    } finally {
      time.shift(0);
    }
  });
});

describe('a factor added is told and can be undone', () => {
  it('mails the owner of a passkey added, with how to undo it', async () => {
    const editor = await createUser(app, 'editor', { name: 'Meena Editor' });
    expect((await addWith(editor, { password: editor.password }, 'Pocket key')).statusCode).toBe(
      201,
    );
    const [mail] = await smtp.waitFor(editor.email);
    expect(mail?.subject).toContain('a new way to sign in was added to your account');
    expect(mail?.text).toContain('the passkey “Pocket key”');
    expect(mail?.text).toContain('https://patrika.test/profile');
    expect(mail?.text).toContain('added in the last 24 hours');
  });

  it('removes the factors of the last day with a password change that asks for it', async () => {
    const editor = await createUser(app, 'editor');
    expect((await addWith(editor, { password: editor.password })).statusCode).toBe(201);
    await turnOn(editor, { password: editor.password });
    // Without the option, a password change keeps them.
    const keep = await call('PUT', '/api/users/me', editor.token, {
      password: 'a new password 1',
      currentPassword: editor.password,
    });
    expect(keep.statusCode, keep.body).toBe(200);
    const token = keep.json().token as string;
    const owner = { ...editor, token, password: 'a new password 1' };
    expect(await passkeysOf(owner)).toHaveLength(1);
    expect(await codesOn(owner)).toBe(true);
    const changed = await call('PUT', '/api/users/me', token, {
      password: 'a new password 2',
      currentPassword: 'a new password 1',
      removeRecentFactors: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = { ...owner, token: changed.json().token as string };
    expect(await passkeysOf(after)).toEqual([]);
    expect(await codesOn(after)).toBe(false);
  });

  it('removes them with sign-out-everywhere that asks for it, and only those of the last day', async () => {
    const editor = await createUser(app, 'editor');
    expect((await addWith(editor, { password: editor.password }, 'Old key')).statusCode).toBe(201);
    expect((await addWith(editor, { password: editor.password }, 'New key')).statusCode).toBe(201);
    // The old one was added last week.
    await t.database.db
      .update(userPasskeys)
      .set({ createdAt: new Date(Date.now() - 7 * 24 * 3600_000) })
      .where(and(eq(userPasskeys.userId, editor._id), eq(userPasskeys.name, 'Old key')));
    const out = await call('POST', '/api/users/signout-everywhere', editor.token, {
      removeRecentFactors: true,
    });
    expect(out.statusCode, out.body).toBe(200);
    const rows = await t.database.db
      .select({ name: userPasskeys.name })
      .from(userPasskeys)
      .where(eq(userPasskeys.userId, editor._id));
    expect(rows.map((r) => r.name)).toEqual(['Old key']);
  });
});
