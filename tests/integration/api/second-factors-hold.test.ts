/*
 * Second factors that hold (issue 66 items 3 and 7): a password reset of a person with a second
 * factor answers the sign-in's `twoFactor` step, not a session; resets and password changes are
 * audited; a person the policy asks for a second factor reads nothing but their set-up, own
 * sessions and sign-out until they add one; a step token completes one sign-in only; every call
 * that takes a code counts wrong codes with the sign-in step's counter and pauses alike.
 */
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../../db/schema/users';
import { auth, createUser, signUp, someAddress, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { shiftedClock } from '../../setup/clock';
import { waitUntil } from '../../setup/wait-until';
import { passkeyCalls } from '../../setup/passkey-calls';
import { softPasskey } from '../../setup/soft-authenticator';

const time = shiftedClock();
let t: TestApp;
let app: FastifyInstance;
let admin: TestUser;

const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });
const codeOf = (secret: string, stepsAhead = 0) =>
  totp.generate({
    secret,
    epoch: Math.floor(time.clock.now().getTime() / 1000) + stepsAhead * 30,
  });

beforeAll(async () => {
  t = await createTestApp({}, { clock: time.clock });
  app = t.app;
  admin = await signUp(app, { name: 'Asha Admin' });
});
afterAll(async () => t.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  who?: string,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    ...(who ? { headers: auth(who) } : {}),
    ...(payload ? { payload } : {}),
    remoteAddress: someAddress(),
  });

async function turnOn(user: TestUser) {
  // Turning codes on asks for the password (issue 66 item 4).
  const setup = await call('POST', '/api/me/2fa/totp', user.token, { password: user.password });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json();
  const confirmed = await call('POST', '/api/me/2fa/totp/confirm', user.token, {
    code: await codeOf(secret),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

/** A reset link for `user`, as the mail would carry it (the table keeps its SHA-256 only). */
async function resetLink(user: TestUser) {
  const token = randomBytes(32).toString('hex');
  await t.database.db.insert(passwordResets).values({
    tokenHash: createHash('sha256').update(token).digest('base64url'),
    userId: user._id,
    expiresAt: new Date(time.clock.now().getTime() + 30 * 60_000),
  });
  return token;
}
const reset = (token: string, password: string) =>
  call('POST', `/api/users/password-reset/${token}`, undefined, { password });
const signIn = (email: string, password: string) =>
  call('POST', '/api/users/signin', undefined, { email, password });
const second = (payload: object) => call('POST', '/api/users/signin/2fa', undefined, payload);

/** The audit entries of `action` whose subject is `userId` (recorded after the answer). */
async function auditOf(action: string, userId: string) {
  let found: { details: Record<string, unknown> }[] = [];
  await waitUntil(
    async () => {
      const res = await call('GET', `/api/audit?action=${action}&limit=200`, admin.token);
      expect(res.statusCode, res.body).toBe(200);
      found = (res.json().entries as { subject: { id: string }; details: never }[]).filter(
        (e) => e.subject.id === userId,
      );
      return found.length > 0;
    },
    { timeoutMs: 5000, message: `no ${action} entry for ${userId}` },
  );
  return found;
}

describe('a password reset is not a second factor', () => {
  it('answers the twoFactor step for a person with codes, completed by the sign-in’s second step', async () => {
    const editor = await createUser(app, 'editor');
    const { secret } = await turnOn(editor);
    const res = await reset(await resetLink(editor), 'a fresh long password');
    expect(res.statusCode, res.body).toBe(200);
    const { twoFactor } = res.json();
    expect(twoFactor.methods).toEqual(['totp', 'recovery']);
    expect(res.json().token).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    // The password is set all the same: the old one is refused, the new one asks for a code.
    expect((await signIn(editor.email, editor.password)).statusCode).toBe(401);
    expect((await signIn(editor.email, 'a fresh long password')).json().twoFactor).toBeDefined();
    const done = await second({ token: twoFactor.token, code: await codeOf(secret, 1) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ _id: editor._id, role: 'editor' });
    expect(done.headers['set-cookie']).toBeDefined();
  });

  it('answers the twoFactor step for a person with a passkey, completed with the passkey', async () => {
    const { add, signInOptions } = passkeyCalls(() => app);
    const editor = await createUser(app, 'editor');
    const key = softPasskey(new URL(t.config.publicUrl).origin);
    expect((await add(editor, key)).statusCode).toBe(201);
    const res = await reset(await resetLink(editor), 'a passkey person password');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().token).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    const { token, methods } = res.json().twoFactor;
    expect(methods).toEqual(['passkey']);
    const done = await second({ token, response: key.answer(await signInOptions(token)) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ _id: editor._id });
  });

  it('still signs in a person without a second factor', async () => {
    const author = await createUser(app, 'author');
    const res = await reset(await resetLink(author), 'another long password');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: author._id });
    expect(res.json().token).toBeTruthy();
  });

  it('records resets and password changes in the audit trail, never the password', async () => {
    const author = await createUser(app, 'author');
    expect((await reset(await resetLink(author), 'reset long password')).statusCode).toBe(200);
    const signedIn = (await signIn(author.email, 'reset long password')).json();
    const changed = await call('PUT', '/api/users/me', signedIn.token, {
      currentPassword: 'reset long password',
      password: 'changed long password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // A profile change without a new password is no password change.
    await call('PUT', '/api/users/me', changed.json().token, { name: 'Renamed Author' });
    const resets = await auditOf('user.password_reset', author._id);
    expect(resets).toHaveLength(1);
    const changes = await auditOf('user.password_changed', author._id);
    expect(changes).toHaveLength(1);
    const text = JSON.stringify([...resets, ...changes]);
    expect(text).not.toContain('long password');
  });
});

describe('the policy holds until a second factor is added', () => {
  it('refuses a held editor’s reads too, but not the set-up, own sessions and sign-out', async () => {
    const chief = await createUser(app, 'administrator');
    await turnOn(chief);
    const editor = await createUser(app, 'editor');
    const set = await call('PUT', '/api/settings', chief.token, { twoFactorRequired: 'editors' });
    expect(set.statusCode, set.body).toBe(200);
    try {
      for (const url of [
        '/api/articles/admin-article',
        '/api/articles/admin-article?status=draft',
        '/api/users?limit=10',
        '/api/audit',
        '/api/events',
      ]) {
        const read = await call('GET', url, editor.token);
        expect(read.statusCode, url).toBe(403);
        expect(read.json().code, url).toBe('auth.second_factor_required');
      }
      for (const url of ['/api/users/me', '/api/me/sessions', '/api/me/2fa', '/api/me/passkeys'])
        expect((await call('GET', url, editor.token)).statusCode, url).toBe(200);
      await turnOn(editor);
      const after = await call('GET', '/api/articles/admin-article', editor.token);
      expect(after.statusCode, after.body).toBe(200);
      expect((await call('POST', '/api/users/signout', editor.token)).statusCode).toBe(200);
    } finally {
      await call('PUT', '/api/settings', chief.token, { twoFactorRequired: 'none' });
    }
  });
});

describe('a step token completes one sign-in', () => {
  it('refuses a second use of the same token', async () => {
    const editor = await createUser(app, 'editor');
    const { secret, recoveryCodes } = await turnOn(editor);
    const { twoFactor } = (await signIn(editor.email, editor.password)).json();
    const first = await second({ token: twoFactor.token, code: await codeOf(secret, 1) });
    expect(first.statusCode, first.body).toBe(200);
    const again = await second({ token: twoFactor.token, recoveryCode: recoveryCodes[0] });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('auth.second_step_expired');
  });
});

describe('every call that takes a code counts wrong codes', () => {
  it('pauses turning codes off after five wrong codes, and sign-in with them', async () => {
    const author = await createUser(app, 'author');
    const { secret } = await turnOn(author);
    for (let i = 0; i < 5; i++) {
      const res = await call('DELETE', '/api/me/2fa/totp', author.token, { code: '000000' });
      expect(res.statusCode).toBe(403);
    }
    const sixth = await call('DELETE', '/api/me/2fa/totp', author.token, {
      code: await codeOf(secret, 1),
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('auth.too_many_failures');
    expect(sixth.headers['retry-after']).toBeDefined();
    expect((await signIn(author.email, author.password)).statusCode).toBe(429);
    time.shift(16 * 60_000);
    try {
      const off = await call('DELETE', '/api/me/2fa/totp', author.token, {
        code: await codeOf(secret),
      });
      expect(off.statusCode, off.body).toBe(200);
    } finally {
      time.shift(0);
    }
  });

  it('counts wrong recovery codes and wrong first codes alike', async () => {
    const author = await createUser(app, 'author');
    await turnOn(author);
    for (let i = 0; i < 5; i++)
      await call('DELETE', '/api/me/2fa/totp', author.token, { recoveryCode: 'aaaaa-bbbbb' });
    const locked = await call('DELETE', '/api/me/2fa/totp', author.token, {
      recoveryCode: 'ccccc-ddddd',
    });
    expect(locked.statusCode).toBe(429);

    const other = await createUser(app, 'author');
    const started = await call('POST', '/api/me/2fa/totp', other.token, {
      password: other.password,
    });
    expect(started.statusCode, started.body).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/api/me/2fa/totp/confirm', other.token, { code: '000000' });
      expect(res.statusCode).toBe(403);
    }
    const sixth = await call('POST', '/api/me/2fa/totp/confirm', other.token, { code: '000000' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('auth.too_many_failures');
  });
});
