/*
 * Passkeys (issue 40 item 2, docs/decisions/052c): added (options, then the answer), listed and
 * removed. A software authenticator (tests/setup/soft-authenticator.ts) signs real answers, so
 * the refusals below are the server's own: a challenge never given, used, past its time or
 * another person's; another site's origin; the same passkey twice.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webauthnChallenges } from '../../../db/schema/passkeys';
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

const { call, add, signInWith, auditOf } = passkeyCalls(() => app);

describe('adding, listing and removing passkeys', () => {
  it('adds two named passkeys, lists them, refuses the same one twice, removes one', async () => {
    const editor = await createUser(app, 'editor');
    const phone = softPasskey(origin);
    const laptop = softPasskey(origin);
    const options = await call('POST', '/api/me/passkeys/options', editor.token, {
      password: editor.password,
    });
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
    const options = (
      await call('POST', '/api/me/passkeys/options', editor.token, { password: editor.password })
    ).json();
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

    const late = (
      await call('POST', '/api/me/passkeys/options', editor.token, { password: editor.password })
    ).json();
    time.shift(6 * 60_000);
    try {
      expect((await made(late.challenge)).statusCode).toBe(400);
    } finally {
      time.shift(0);
    }
    // Another person's challenge is not this person's.
    const other = await createUser(app, 'author');
    const theirs = (
      await call('POST', '/api/me/passkeys/options', other.token, { password: other.password })
    ).json();
    expect((await made(theirs.challenge)).statusCode).toBe(400);
    expect((await call('GET', '/api/me/passkeys', editor.token)).json()).toEqual([]);
  });

  it('keeps challenges in the database until used', async () => {
    const editor = await createUser(app, 'editor');
    const options = (
      await call('POST', '/api/me/passkeys/options', editor.token, { password: editor.password })
    ).json();
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

describe('the audit trail', () => {
  it('records a passkey added and removed, and sign-ins with one', async () => {
    const editor = await createUser(app, 'editor', { name: 'Passkey Editor' });
    const key = softPasskey(origin);
    const added = await add(editor, key, 'Work laptop');
    await signInWith(key);
    await call('DELETE', `/api/me/passkeys/${added.json()._id}`, editor.token);
    const entries = (action: string) => auditOf(admin.token, action, editor._id);
    const [addedEntry] = await entries('passkey.added');
    expect(addedEntry?.details).toEqual({ passkey: added.json()._id, name: 'Work laptop' });
    expect(await entries('passkey.removed')).toHaveLength(1);
    const signIns = await entries('auth.signin');
    expect(signIns.filter((e) => e.details.factor === 'passkey')).toHaveLength(1);
  });
});
