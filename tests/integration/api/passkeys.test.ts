/*
 * Passkeys (issue 40 item 2, docs/decisions/052c): added (options, then the answer), listed and
 * removed; a sign-in with a passkey alone and as a password's second step. A software
 * authenticator (tests/setup/soft-authenticator.ts) signs real answers, so the refusals below
 * are the server's own: a challenge never given, used twice, past its time or given for
 * another purpose; another site's origin; a passkey nobody registered; another person's.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webauthnChallenges } from '../../../db/schema/passkeys';
import { auth, createUser, signUp, someAddress, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { shiftedClock } from '../../setup/clock';
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

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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

type Key = ReturnType<typeof softPasskey>;
/** Adds `key` to `user`'s account under `name`; answers the call's answer. */
async function add(user: TestUser, key: Key, name = 'Phone') {
  const options = await call('POST', '/api/me/passkeys/options', user.token);
  expect(options.statusCode, options.body).toBe(200);
  return call('POST', '/api/me/passkeys', user.token, {
    name,
    response: key.register(options.json()),
  });
}
const signInOptions = async (token?: string) => {
  const res = await call(
    'POST',
    '/api/users/signin/passkey/options',
    undefined,
    token ? { token } : {},
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { challenge: string; allowCredentials?: { id: string }[] };
};
const signInWith = async (key: Key) =>
  call('POST', '/api/users/signin/passkey', undefined, {
    response: key.answer(await signInOptions()),
  });
const password = (user: TestUser) =>
  call('POST', '/api/users/signin', undefined, { email: user.email, password: user.password });

describe('adding, listing and removing passkeys', () => {
  it('adds two named passkeys, lists them, refuses the same one twice, removes one', async () => {
    const editor = await createUser(app, 'editor');
    const phone = softPasskey(origin);
    const laptop = softPasskey(origin);
    const options = await call('POST', '/api/me/passkeys/options', editor.token);
    const { rp, user, authenticatorSelection } = options.json();
    expect(rp.id).toBe(new URL(origin).hostname);
    expect(user.name).toBe(editor.email);
    expect(authenticatorSelection.residentKey).toBe('required');

    const added = await add(editor, phone, 'Phone');
    expect(added.statusCode, added.body).toBe(201);
    expect((await add(editor, laptop, 'Laptop')).statusCode).toBe(201);
    const again = await add(editor, phone, 'Phone again');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('passkey.already_added');

    const list = await call('GET', '/api/me/passkeys', editor.token);
    expect(list.json().map((p: { name: string }) => p.name)).toEqual(['Phone', 'Laptop']);
    const other = await createUser(app, 'author');
    const theirs = await call('DELETE', `/api/me/passkeys/${added.json()._id}`, other.token);
    expect(theirs.statusCode).toBe(404);
    const removed = await call('DELETE', `/api/me/passkeys/${added.json()._id}`, editor.token);
    expect(removed.statusCode, removed.body).toBe(200);
    const left = await call('GET', '/api/me/passkeys', editor.token);
    expect(left.json().map((p: { name: string }) => p.name)).toEqual(['Laptop']);
    // The removed passkey signs nobody in any more.
    expect((await signInWith(phone)).statusCode).toBe(401);
  });

  it('needs a signed-in person', async () => {
    expect((await call('POST', '/api/me/passkeys/options')).statusCode).toBe(401);
    expect((await call('GET', '/api/me/passkeys')).statusCode).toBe(401);
  });

  it('refuses an answer to a challenge never given, another site’s, or one past its time', async () => {
    const editor = await createUser(app, 'editor');
    const key = softPasskey(origin);
    const options = (await call('POST', '/api/me/passkeys/options', editor.token)).json();
    const made = (challenge: string, from = origin) =>
      call('POST', '/api/me/passkeys', editor.token, {
        name: 'Key',
        response: key.register({ ...options, challenge }, from),
      });
    const never = await made(Buffer.from('never given').toString('base64url'));
    expect(never.statusCode).toBe(400);
    expect(never.json().code).toBe('passkey.refused');
    // Another origin: refused, and the challenge is used up all the same.
    expect((await made(options.challenge, 'https://evil.example')).statusCode).toBe(400);
    expect((await made(options.challenge)).statusCode).toBe(400);

    const late = (await call('POST', '/api/me/passkeys/options', editor.token)).json();
    time.shift(6 * 60_000);
    try {
      expect((await made(late.challenge)).statusCode).toBe(400);
    } finally {
      time.shift(0);
    }
    // Another person's challenge is not this person's.
    const other = await createUser(app, 'author');
    const theirs = (await call('POST', '/api/me/passkeys/options', other.token)).json();
    expect((await made(theirs.challenge)).statusCode).toBe(400);
    expect((await call('GET', '/api/me/passkeys', editor.token)).json()).toEqual([]);
  });

  it('keeps challenges in the database until used', async () => {
    const editor = await createUser(app, 'editor');
    const options = (await call('POST', '/api/me/passkeys/options', editor.token)).json();
    const kept = () =>
      t.database.db
        .select()
        .from(webauthnChallenges)
        .where(eq(webauthnChallenges.challenge, options.challenge));
    const [row] = await kept();
    expect(row?.purpose).toBe('register');
    expect(row?.userId).toBe(editor._id);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    await add(editor, softPasskey(origin));
    await call('POST', '/api/me/passkeys', editor.token, {
      name: 'Key',
      response: softPasskey(origin).register(options),
    });
    expect(await kept()).toEqual([]);
  });
});

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
    const registering = (await call('POST', '/api/me/passkeys/options', editor.token)).json();
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
  it('records a passkey added and removed, and sign-ins with one', async () => {
    const editor = await createUser(app, 'editor', { name: 'Passkey Editor' });
    const key = softPasskey(origin);
    const added = await add(editor, key, 'Work laptop');
    await signInWith(key);
    await call('DELETE', `/api/me/passkeys/${added.json()._id}`, editor.token);
    const entries = async (action: string) => {
      for (let i = 0; i < 50; i++) {
        const res = await call('GET', `/api/audit?action=${action}&limit=200`, admin.token);
        const found = (
          res.json().entries as {
            actor: { _id: string } | null;
            details: Record<string, unknown>;
          }[]
        ).filter((e) => e.actor?._id === editor._id);
        if (found.length > 0) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      return [];
    };
    const [addedEntry] = await entries('passkey.added');
    expect(addedEntry?.details).toEqual({ passkey: added.json()._id, name: 'Work laptop' });
    expect(await entries('passkey.removed')).toHaveLength(1);
    const signIns = await entries('auth.signin');
    expect(signIns.filter((e) => e.details.factor === 'passkey')).toHaveLength(1);
  });
});
