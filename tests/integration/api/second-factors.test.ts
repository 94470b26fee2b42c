/*
 * Authenticator codes and the second-factor policy (issue 40 items 1 and 3,
 * docs/decisions/052b): set up, confirmed, turned off; a sign-in's second step with a code or a
 * recovery code (each once); five wrong codes pause the account's sign-in; the secret is sealed
 * at rest; a policy refuses writes (403) to a person without a second factor until they add one.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTotp } from '../../../db/schema/second-factors';
import { auth, createUser, signUp, someAddress, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { shiftedClock } from '../../setup/clock';

const time = shiftedClock();
let t: TestApp;
let app: FastifyInstance;
let admin: TestUser;

const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });
/** The code an authenticator app shows `stepsAhead` steps of 30 s from the app's clock. */
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

/** Turns codes on for `user`; answers the secret and the recovery codes. */
async function turnOn(user: TestUser) {
  const setup = await call('POST', '/api/me/2fa/totp', user.token, { password: user.password });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl, qrSvg } = setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  expect(qrSvg).toMatch(/^<svg/);
  const confirmed = await call('POST', '/api/me/2fa/totp/confirm', user.token, {
    code: await codeOf(secret),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
  return { secret: secret as string, recoveryCodes };
}

const password = (user: TestUser) =>
  call('POST', '/api/users/signin', undefined, { email: user.email, password: user.password });
const stepToken = async (user: TestUser) => {
  const res = await password(user);
  expect(res.statusCode, res.body).toBe(200);
  const { twoFactor } = res.json();
  expect(twoFactor.methods).toEqual(['totp', 'recovery']);
  // No session before the second step: no token, no cookie.
  expect(res.json().token).toBeUndefined();
  expect(res.headers['set-cookie']).toBeUndefined();
  return twoFactor.token as string;
};
const second = (payload: object) => call('POST', '/api/users/signin/2fa', undefined, payload);

describe('authenticator codes', () => {
  it('sets up, confirms with a code, then signs in with password and code', async () => {
    const editor = await createUser(app, 'editor');
    // Before set-up the sign-in answers a session, as SPEC says.
    expect(Object.keys((await password(editor)).json()).sort()).toEqual([
      '_id',
      'email',
      'name',
      'role',
      'token',
    ]);
    const { secret, recoveryCodes } = await turnOn(editor);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await call('GET', '/api/me/2fa', editor.token);
    expect(status.json()).toEqual({ totp: true, recoveryCodesLeft: 10, available: true });

    const token = await stepToken(editor);
    // The code used to confirm is not accepted again (RFC 6238 §5.2): the next one is.
    const signedIn = await second({ token, code: await codeOf(secret, 1) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ _id: editor._id, role: 'editor' });
    expect(signedIn.headers['set-cookie']).toBeDefined();
    const me = await call('GET', '/api/users/me', signedIn.json().token);
    expect(me.statusCode).toBe(200);
    // A wrong code is a 401 with its code; a forged token is refused.
    const wrong = await second({ token, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('auth.invalid_code');
    const forged = await second({ token: token.replace(/.$/, 'x'), code: '123456' });
    expect(forged.json().code).toBe('auth.second_step_expired');
  });

  it('keeps the secret sealed at rest, never the plain secret', async () => {
    const author = await createUser(app, 'author');
    const { secret } = await turnOn(author);
    const [row] = await t.database.db
      .select({ secret: userTotp.secret })
      .from(userTotp)
      .where(eq(userTotp.userId, author._id));
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(secret);
  });

  it('takes each recovery code once', async () => {
    const editor = await createUser(app, 'editor');
    const { recoveryCodes } = await turnOn(editor);
    const recoveryCode = recoveryCodes[0] as string;
    const first = await second({ token: await stepToken(editor), recoveryCode });
    expect(first.statusCode, first.body).toBe(200);
    const again = await second({ token: await stepToken(editor), recoveryCode });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('auth.invalid_code');
    // Case and the dash do not matter; the other nine still work.
    const other = (recoveryCodes[1] as string).toUpperCase().replace('-', '');
    expect((await second({ token: await stepToken(editor), recoveryCode: other })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/me/2fa', first.json().token)).json().recoveryCodesLeft).toBe(8);
  });

  it('pauses the account after five wrong codes: the right password and code are refused', async () => {
    const editor = await createUser(app, 'editor');
    const { secret } = await turnOn(editor);
    const token = await stepToken(editor);
    for (let i = 0; i < 5; i++) {
      const res = await second({ token, code: '000000' });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await second({ token, code: await codeOf(secret, 1) });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('auth.too_many_failures');
    const again = await password(editor);
    expect(again.statusCode).toBe(429);
    // When the window is over, password and code work again.
    time.shift(16 * 60_000);
    try {
      const later = await second({ token: await stepToken(editor), code: await codeOf(secret) });
      expect(later.statusCode, later.body).toBe(200);
    } finally {
      time.shift(0);
    }
  });

  it('turns off with a code, and only with a right one', async () => {
    const author = await createUser(app, 'author');
    const { secret } = await turnOn(author);
    const wrong = await call('DELETE', '/api/me/2fa/totp', author.token, { code: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('totp.wrong_code');
    const off = await call('DELETE', '/api/me/2fa/totp', author.token, {
      code: await codeOf(secret, 1),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().code).toBe('totp.turned_off');
    expect((await password(author)).json().token).toBeDefined();
    expect(
      (await call('DELETE', '/api/me/2fa/totp', author.token, { code: '123456' })).json().code,
    ).toBe('totp.not_on');
  });

  it('refuses a confirm with no set-up, and a second set-up once on', async () => {
    const author = await createUser(app, 'author');
    const none = await call('POST', '/api/me/2fa/totp/confirm', author.token, { code: '123456' });
    expect(none.json().code).toBe('totp.not_started');
    await turnOn(author);
    const again = await call('POST', '/api/me/2fa/totp', author.token, {
      password: author.password,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('totp.already_on');
    expect((await call('POST', '/api/me/2fa/totp')).statusCode).toBe(401);
  });
});

describe('the policy twoFactorRequired', () => {
  it('refuses an editor’s writes without a second factor until they add one', async () => {
    const editor = await createUser(app, 'editor');
    const author = await createUser(app, 'author');
    // An administrator without a second factor cannot require one of their own role: every
    // write of theirs, this setting's too, would be refused from then on.
    const early = await call('PUT', '/api/settings', admin.token, { twoFactorRequired: 'editors' });
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('settings.second_factor_first');
    const chief = await createUser(app, 'administrator');
    await turnOn(chief);
    const set = await call('PUT', '/api/settings', chief.token, { twoFactorRequired: 'editors' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().twoFactorRequired).toBe('editors');
    try {
      const write = await call('PUT', '/api/users/me', editor.token, { name: 'Not Yet' });
      expect(write.statusCode).toBe(403);
      expect(write.json().code).toBe('auth.second_factor_required');
      // The administrator without one is refused too (administrators are editors and up).
      const adminWrite = await call('PUT', '/api/users/me', admin.token, { name: 'Asha' });
      expect(adminWrite.json().code).toBe('auth.second_factor_required');
      // Reading their own account, the set-up itself and signing out still answer.
      expect((await call('GET', '/api/users/me', editor.token)).statusCode).toBe(200);
      // An author is not asked under 'editors'.
      const own = await call('PUT', '/api/users/me', author.token, { name: 'Still Writing' });
      expect(own.statusCode, own.body).toBe(200);
      const { secret } = await turnOn(editor);
      expect(secret).toBeTruthy();
      const after = await call('PUT', '/api/users/me', editor.token, { name: 'Now Allowed' });
      expect(after.statusCode, after.body).toBe(200);
      expect((await call('POST', '/api/users/signout', editor.token)).statusCode).toBe(200);
    } finally {
      const reset = await call('PUT', '/api/settings', chief.token, { twoFactorRequired: 'none' });
      expect(reset.statusCode, reset.body).toBe(200);
    }
  });
});

describe('the audit trail', () => {
  it('records a second factor added and removed, a code refused and a recovery code used', async () => {
    const editor = await createUser(app, 'editor', { name: 'Audited Editor' });
    const { secret, recoveryCodes } = await turnOn(editor);
    await second({ token: await stepToken(editor), code: '000000' });
    await second({ token: await stepToken(editor), recoveryCode: recoveryCodes[0] as string });
    await call('DELETE', '/api/me/2fa/totp', editor.token, { code: await codeOf(secret, 1) });
    const actions = ['second_factor.added', 'auth.recovery_code_used', 'second_factor.removed'];
    for (const action of actions) {
      let found: unknown[] = [];
      for (let i = 0; i < 50 && found.length === 0; i++) {
        const res = await call('GET', `/api/audit?action=${action}&limit=200`, admin.token);
        found = (res.json().entries as { actor: { _id: string } | null }[]).filter(
          (e) => e.actor?._id === editor._id,
        );
        if (found.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(found, action).toHaveLength(1);
    }
    const failed = await call('GET', '/api/audit?action=auth.signin_failed&limit=200', admin.token);
    expect(
      (failed.json().entries as { details: { factor?: string } }[]).some(
        (e) => e.details.factor === 'totp',
      ),
    ).toBe(true);
  });
});
