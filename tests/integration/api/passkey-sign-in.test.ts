/*
 * Signing in with a passkey (issue 40 item 2, docs/decisions/052c): alone (a discoverable
 * passkey, no password) and as a password's second step; it counts for the policy that requires
 * a second factor. A software authenticator (tests/setup/soft-authenticator.ts) signs real
 * answers; refused: a passkey nobody added, another person's, another site's answer, a
 * challenge used, past its time, or given for another purpose.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signUp, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { shiftedClock } from '../../setup/clock';
import { passkeyCalls } from '../../setup/passkey-calls';
import { softPasskey } from '../../setup/soft-authenticator';

const time = shiftedClock();
let t: TestApp;
let app: FastifyInstance;
let admin: TestUser;
let origin: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock: time.clock });
  app = t.app;
  origin = new URL(t.config.publicUrl).origin;
  admin = await signUp(app, { name: 'Asha Admin' });
});
afterAll(async () => t.close());

const { call, add, signInOptions, signInWith, password, auditOf } = passkeyCalls(() => app);

describe('signing in with a passkey', () => {
  it('signs in with a passkey alone, once per challenge', async () => {
    const editor = await createUser(app, 'editor');
    const key = softPasskey(origin);
    expect((await add(editor, key)).statusCode).toBe(201);
    const options = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = key.answer(options);
    const res = await call('POST', '/api/users/signin/passkey', undefined, { response: answer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: editor._id, email: editor.email });
    expect(res.headers['set-cookie']).toBeDefined();
    const me = await call('GET', '/api/me/passkeys', res.json().token);
    expect(me.json()[0].lastUsedAt).not.toBeNull();
    // The same answer again: its challenge is used.
    const replay = await call('POST', '/api/users/signin/passkey', undefined, { response: answer });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth.passkey_refused');
  });

  it('refuses a passkey nobody added, another site’s answer, and a challenge past its time', async () => {
    const stranger = softPasskey(origin);
    stranger.register({ challenge: 'x', user: { id: 'x' } });
    expect((await signInWith(stranger)).statusCode).toBe(401);

    const editor = await createUser(app, 'editor');
    const key = softPasskey(origin);
    await add(editor, key);
    const elsewhere = key.answer(await signInOptions(), 'https://evil.example');
    const res = await call('POST', '/api/users/signin/passkey', undefined, { response: elsewhere });
    expect(res.statusCode).toBe(401);
    const options = await signInOptions();
    time.shift(6 * 60_000);
    try {
      const late = await call('POST', '/api/users/signin/passkey', undefined, {
        response: key.answer(options),
      });
      expect(late.statusCode).toBe(401);
    } finally {
      time.shift(0);
    }
    // A registration's challenge does not sign anyone in.
    const registering = (
      await call('POST', '/api/me/passkeys/options', editor.token, { password: editor.password })
    ).json();
    const wrongPurpose = await call('POST', '/api/users/signin/passkey', undefined, {
      response: key.answer(registering),
    });
    expect(wrongPurpose.statusCode).toBe(401);
    expect((await signInWith(key)).statusCode).toBe(200);
  });

  it('is a second factor: a password then asks for it, and only the person’s own passkey', async () => {
    const editor = await createUser(app, 'editor');
    const key = softPasskey(origin);
    const first = await password(editor);
    expect(first.json().token).toBeDefined();
    await add(editor, key);
    const step = await password(editor);
    expect(step.statusCode, step.body).toBe(200);
    const { token, methods } = step.json().twoFactor;
    expect(methods).toEqual(['passkey']);
    expect(step.json().token).toBeUndefined();

    const options = await signInOptions(token);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    // Someone else's passkey does not complete this person's sign-in.
    const other = await createUser(app, 'author');
    const theirs = softPasskey(origin);
    await add(other, theirs);
    const wrong = await call('POST', '/api/users/signin/2fa', undefined, {
      token,
      response: theirs.answer(await signInOptions(token)),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('auth.passkey_refused');
    // A sign-in's challenge (no token) does not serve a second step.
    const alone = await call('POST', '/api/users/signin/2fa', undefined, {
      token,
      response: key.answer(await signInOptions()),
    });
    expect(alone.statusCode).toBe(401);
    const done = await call('POST', '/api/users/signin/2fa', undefined, {
      token,
      response: key.answer(options),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ _id: editor._id });
    const bad = await call('POST', '/api/users/signin/passkey/options', undefined, {
      token: 'not-a-token',
    });
    expect(bad.statusCode).toBe(401);
  });

  it('counts for the policy that requires a second factor', async () => {
    const editor = await createUser(app, 'editor');
    const put = (body: object) => call('PUT', '/api/settings', admin.token, body);
    const key = softPasskey(origin);
    await add(admin, softPasskey(origin), 'Admin key');
    expect((await put({ twoFactorRequired: 'editors' })).statusCode).toBe(200);
    try {
      const ended = await call('POST', '/api/users/signout-everywhere', editor.token);
      expect(ended.statusCode).toBe(200);
      const fresh = (await password(editor)).json().token as string;
      const write = await call('PUT', '/api/users/me', fresh, { name: 'Still Refused' });
      expect(write.statusCode).toBe(403);
      // Adding a passkey is allowed without one, and then writes answer.
      expect((await add({ ...editor, token: fresh }, key)).statusCode).toBe(201);
      const now = await call('PUT', '/api/users/me', fresh, { name: 'Now Allowed' });
      expect(now.statusCode, now.body).toBe(200);
    } finally {
      await put({ twoFactorRequired: 'none' });
    }
  });
});

describe('the audit trail', () => {
  it('records a sign-in whose second step was a passkey, and a refused one', async () => {
    const editor = await createUser(app, 'editor');
    const key = softPasskey(origin);
    await add(editor, key);
    const { token } = (await password(editor)).json().twoFactor;
    const done = await call('POST', '/api/users/signin/2fa', undefined, {
      token,
      response: key.answer(await signInOptions(token)),
    });
    expect(done.statusCode, done.body).toBe(200);
    const signIns = await auditOf(admin.token, 'auth.signin', editor._id);
    expect(signIns.map((e) => e.details)).toEqual([{ factor: 'passkey' }]);
    const stranger = softPasskey(origin);
    stranger.register({ challenge: 'x', user: { id: 'x' } });
    expect((await signInWith(stranger)).statusCode).toBe(401);
    const refused = await call(
      'GET',
      '/api/audit?action=auth.signin_failed&limit=200',
      admin.token,
    );
    const factors = (refused.json().entries as { details: { factor?: string } }[]).map(
      (e) => e.details.factor,
    );
    expect(factors).toContain('passkey');
  });
});
