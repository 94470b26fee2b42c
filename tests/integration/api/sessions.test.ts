/*
 * Sessions you can see and end (issue 40 item 5, docs/decisions/052): every sign-in is a row
 * its token names; listing, ending one, ending the others, an administrator ending all of a
 * person's, a password change ending the others. An ended session's token answers 401.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, signUp, someAddress, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { shiftedClock } from '../../setup/clock';

const time = shiftedClock();
let t: TestApp;
let app: FastifyInstance;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { clock: time.clock });
  app = t.app;
  admin = await signUp(app, { name: 'Asha Admin' });
});
afterAll(async () => t.close());

const signIn = async (user: TestUser, userAgent: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: someAddress(),
  });
  expect(res.statusCode).toBe(200);
  // SPEC's sign-in answer is unchanged: the user's names and a token, nothing more.
  expect(Object.keys(res.json()).sort()).toEqual(['_id', 'email', 'name', 'role', 'token']);
  return res.json().token as string;
};
const me = (token: string) =>
  app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });
const sessions = async (token: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/me/sessions', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    _id: string;
    createdAt: string;
    lastSeenAt: string;
    userAgent: string;
    current: boolean;
  }[];
};

describe('sessions as rows', () => {
  it('lists the person’s sessions with the current one marked, and nobody else’s', async () => {
    const user = await createUser(app, 'editor');
    const laptop = await signIn(user, 'Laptop Firefox');
    const phone = await signIn(user, 'Phone Chrome');
    const list = await sessions(laptop);
    // The sign-up's own session (app.inject's User-Agent) is there too.
    const mine = list.filter((s) => s.userAgent !== 'lightMyRequest');
    expect(mine.map((s) => [s.userAgent, s.current]).sort()).toEqual([
      ['Laptop Firefox', true],
      ['Phone Chrome', false],
    ]);
    expect(Date.parse(list[0]!.createdAt)).not.toBeNaN();
    expect((await sessions(phone)).find((s) => s.current)?.userAgent).toBe('Phone Chrome');
    // Someone else's list holds none of these.
    const others = await sessions(admin.token);
    expect(others.some((s) => mine.some((m) => m._id === s._id))).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/me/sessions' })).statusCode).toBe(401);
  });

  it('ends one session: its token answers 401, the others go on', async () => {
    const user = await createUser(app, 'author');
    const a = await signIn(user, 'A');
    const b = await signIn(user, 'B');
    const target = (await sessions(a)).find((s) => s.userAgent === 'B')!;
    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${target._id}`,
      headers: auth(a),
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().code).toBe('session.ended');
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(a)).statusCode).toBe(200);
    // Again, or someone else's session: not found, and nothing ends.
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${target._id}`,
      headers: auth(a),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('session.not_found');
    const adminSession = (await sessions(admin.token)).find((s) => s.current)!;
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${adminSession._id}`,
      headers: auth(a),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(admin.token)).statusCode).toBe(200);
  });

  it('ends every other session, keeping this one', async () => {
    const user = await createUser(app, 'reader');
    const keep = await signIn(user, 'Keep');
    const other1 = await signIn(user, 'Other 1');
    const other2 = await signIn(user, 'Other 2');
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/me/sessions',
      headers: auth(keep),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe('session.others_ended');
    expect((await me(other1)).statusCode).toBe(401);
    expect((await me(other2)).statusCode).toBe(401);
    expect((await me(keep)).statusCode).toBe(200);
    expect((await sessions(keep)).map((s) => s.userAgent)).toEqual(['Keep']);
  });

  it('lets an administrator end all of a person’s sessions, and nobody else', async () => {
    const user = await createUser(app, 'editor');
    const one = await signIn(user, 'One');
    const editor = await createUser(app, 'editor');
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/users/${user._id}/sessions`,
      headers: auth(editor),
    });
    expect(refused.statusCode).toBe(403);
    expect((await me(one)).statusCode).toBe(200);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/users/${user._id}/sessions`,
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    expect((await me(one)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(401);
    const missing = await app.inject({
      method: 'DELETE',
      url: '/api/users/00000000-0000-4000-8000-000000000000/sessions',
      headers: auth(admin),
    });
    expect(missing.statusCode).toBe(404);
    // They can sign in again.
    expect((await me(await signIn(user, 'Again'))).statusCode).toBe(200);
  });

  it('a password change ends the others and keeps this session', async () => {
    const user = await createUser(app, 'author');
    const here = await signIn(user, 'Here');
    const there = await signIn(user, 'There');
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: auth(here),
      payload: { password: 'a brand new passphrase', currentPassword: user.password },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = changed.json().token as string;
    expect((await me(there)).statusCode).toBe(401);
    expect((await me(renewed)).statusCode).toBe(200);
    const list = await sessions(renewed);
    expect(list.map((s) => [s.userAgent, s.current])).toEqual([['Here', true]]);
  });

  it('a sign-out ends its session row', async () => {
    const user = await createUser(app, 'reader');
    const a = await signIn(user, 'Out');
    const b = await signIn(user, 'Stay');
    const out = await app.inject({ method: 'POST', url: '/api/users/signout', headers: auth(a) });
    expect(out.statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await sessions(b)).map((s) => s.userAgent)).not.toContain('Out');
  });

  it('moves lastSeenAt forward as the session is used, a few minutes at a time', async () => {
    const user = await createUser(app, 'reader');
    const token = await signIn(user, 'Seen');
    const before = (await sessions(token)).find((s) => s.current)!;
    time.shift(10 * 60_000);
    try {
      await me(token);
      const after = (await sessions(token)).find((s) => s.current)!;
      expect(Date.parse(after.lastSeenAt)).toBeGreaterThan(Date.parse(before.lastSeenAt));
      expect(after.createdAt).toBe(before.createdAt);
    } finally {
      time.shift(0);
    }
  });
});
