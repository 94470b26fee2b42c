/*
 * The accounts API (SPEC.md §7 users calls, DECISIONS.md §1–§2): sign-up, sign-in and its rate
 * limits, tokens and the session cookie, the own profile, and the administrator's user list and
 * role changes. Everything goes through app.inject; what changed (or did not) is read back from
 * the database.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { count, eq, ne } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users';
import { auth, createUser, signUp, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { shiftedClock } from '../../setup/clock';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SIGN_IN_FAILED = 'Invalid email or password.';
const NOT_SIGNED_IN = 'Not signed in, or the session has expired.';
const NEEDS_ADMIN = 'This needs the administrator role or higher.';
/** The wait added to each sign-in of an account past 10 failures (users-routes.ts). */

/** Real time plus an offset the tests move forward (token expiry, rate-limit windows). */
const time = shiftedClock();
const clock = time.clock;

let t: TestApp;
let app: FastifyInstance;
/** The first account of the site, signed up through the API before anything else. */
let first: TestUser;
let reader: TestUser;
let author: TestUser;
let editor: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  app = t.app;
  first = await signUp(app, { name: 'Asha Admin', email: 'asha@example.com' });
  reader = await createUser(app, 'reader', { name: 'Ravi Reader' });
  author = await createUser(app, 'author', { name: 'Anil Author' });
  editor = await createUser(app, 'editor', { name: 'Esha Editor' });
});
afterAll(async () => t.close());
afterEach(() => {
  time.shift(0);
});

const db = () => app.services.database.db;
const unique = () => randomBytes(4).toString('hex');

/** Every sign-in comes from its own address unless a test says otherwise. */
let addresses = 0;
const freshAddress = () => {
  addresses += 1;
  return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const signIn = (email: string, password: string, remoteAddress = freshAddress()) =>
  app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email, password },
    remoteAddress,
  });

const me = (headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/users/me', headers, ...(cookies ? { cookies } : {}) });

/** The session's cookie: staff's or a reader's (issue 37), the one set before one cleared. */
const SESSION_COOKIES = ['patrika_token', 'patrika_reader'];
const tokenCookie = (res: LightMyRequestResponse) => {
  const named = res.cookies.filter((c) => SESSION_COOKIES.includes(c.name));
  return named.find((c) => c.value !== '') ?? named[0];
};

const setCookieHeaders = (res: LightMyRequestResponse): string[] => {
  const raw = res.headers['set-cookie'];
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [String(raw)]).filter((h) =>
    SESSION_COOKIES.some((name) => h.startsWith(`${name}=`) && !h.startsWith(`${name}=;`)),
  );
};

async function userRow(id: string) {
  const [row] = await db()
    .select({
      name: users.name,
      email: users.email,
      role: users.role,
      passwordHash: users.passwordHash,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

async function userCount() {
  const [row] = await db().select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/** Checks the session cookie a sign-in or sign-up sets: the token, HttpOnly, SameSite=Lax. */
function expectSessionCookie(res: LightMyRequestResponse, token: string) {
  const cookie = tokenCookie(res);
  expect(cookie).toBeDefined();
  expect(cookie?.value).toBe(token);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.path).toBe('/');
  const [header] = setCookieHeaders(res);
  expect(header).toMatch(/;\s*HttpOnly/i);
  expect(header).toMatch(/;\s*SameSite=Lax/i);
}

describe('POST /api/users/signup', () => {
  it('makes the first account on an empty site an administrator', async () => {
    expect(first.role).toBe('administrator');
    expect((await userRow(first._id))?.role).toBe('administrator');
  });

  it('makes later accounts readers and answers exactly {_id, name, email, role, token}', async () => {
    const before = await userCount();
    const email = `later-${unique()}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { name: 'Lata Later', email, password: 'a long enough secret' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['_id', 'email', 'name', 'role', 'token']);
    expect(body).toEqual({
      _id: expect.any(String),
      name: 'Lata Later',
      email,
      role: 'reader',
      token: expect.any(String),
    });
    expect(res.body).not.toMatch(/password|hash|argon/i);
    expect(await userCount()).toBe(before + 1);
    const row = await userRow(body._id);
    expect(row?.role).toBe('reader');
    expect(row?.name).toBe('Lata Later');
    // The password is kept only as an argon2 hash.
    expect(row?.passwordHash).not.toContain('a long enough secret');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    // The token it answers signs the new user in.
    const who = await me(auth(body.token));
    expect(who.statusCode).toBe(200);
    expect(who.json()._id).toBe(body._id);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie holding the token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: {
        name: 'Kiran',
        email: `kiran-${unique()}@example.com`,
        password: 'kiran secret 1',
      },
    });
    expect(res.statusCode).toBe(201);
    expectSessionCookie(res, res.json().token);
  });

  it('stores the e-mail lower-cased and refuses the same e-mail in any case with 409', async () => {
    const id = unique();
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: {
        name: 'Meera Rao',
        email: `Meera.Rao-${id}@Example.COM`,
        password: 'meera secret 1',
      },
    });
    expect(res.statusCode).toBe(201);
    const lower = `meera.rao-${id}@example.com`;
    expect(res.json().email).toBe(lower);
    expect((await userRow(res.json()._id))?.email).toBe(lower);

    const before = await userCount();
    for (const email of [lower, `MEERA.RAO-${id.toUpperCase()}@EXAMPLE.COM`]) {
      const again = await app.inject({
        method: 'POST',
        url: '/api/users/signup',
        payload: { name: 'Someone Else', email, password: 'another secret 2' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: 'An account with this email already exists. Sign in instead.',
        code: 'user.email_taken',
      });
      expect(tokenCookie(again)).toBeUndefined();
    }
    expect(await userCount()).toBe(before);
    // The original account is untouched.
    const row = await userRow(res.json()._id);
    expect(row?.name).toBe('Meera Rao');
  });

  it.each([
    ['no fields at all', {}, ['body.email', 'body.name', 'body.password']],
    ['a missing name', { email: 'no-name@example.com', password: 'secret secret' }, ['body.name']],
    [
      'a blank name',
      { name: '   ', email: 'blank@example.com', password: 'secret secret' },
      ['body.name'],
    ],
    [
      'a bad e-mail',
      { name: 'Bad Mail', email: 'not-an-email', password: 'secret secret' },
      ['body.email'],
    ],
    [
      'a short password',
      { name: 'Short', email: 'short@example.com', password: 'seven77' },
      ['body.password'],
    ],
  ])('refuses %s with 400 and errors[], storing nothing', async (_case, payload, paths) => {
    const before = await userCount();
    const res = await app.inject({ method: 'POST', url: '/api/users/signup', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(typeof body.message).toBe('string');
    expect([...new Set(body.errors.map((e: { path: string }) => e.path))].sort()).toEqual(paths);
    for (const e of body.errors) expect(typeof e.message).toBe('string');
    expect(tokenCookie(res)).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('names the password rule when the password is too short', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { name: 'Short', email: `short-${unique()}@example.com`, password: '1234567' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'body.password',
        message: 'Password must be at least 8 characters',
        code: 'validation.too_short',
        params: { field: 'Password', minimum: 8 },
      },
    ]);
  });
});

describe('POST /api/users/signin', () => {
  let sita: TestUser;
  beforeAll(async () => {
    sita = await signUp(app, { name: 'Sita', email: `sita-${unique()}@example.com` });
  });

  it('answers the user info and sets the session cookie', async () => {
    const res = await signIn(sita.email, sita.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['_id', 'email', 'name', 'role', 'token']);
    expect(body).toEqual({
      _id: sita._id,
      name: 'Sita',
      email: sita.email,
      role: 'reader',
      token: expect.any(String),
    });
    expectSessionCookie(res, body.token);
    expect((await me(auth(body.token))).json()._id).toBe(sita._id);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await signIn(sita.email.toUpperCase(), sita.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(sita._id);
  });

  it('answers an unknown e-mail and a wrong password with the same 401', async () => {
    const unknown = await signIn(`nobody-${unique()}@example.com`, sita.password);
    const wrong = await signIn(sita.email, 'not the password');
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SIGN_IN_FAILED, code: 'auth.invalid_credentials' });
      expect(tokenCookie(res)).toBeUndefined();
    }
    expect(unknown.body).toBe(wrong.body);
  });

  it('refuses invalid input with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'not-an-email' },
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.email', 'body.password']);
  });

  it('blocks an address after 10 failures in 15 minutes, even with the right password', async () => {
    const victim = await signUp(app, { name: 'Victim Of A Scan' });
    const other = await signUp(app, { name: 'Other Account' });
    const address = freshAddress();
    // Ten failures against ten different (unknown) accounts: only the address is shared.
    for (let i = 0; i < 10; i++) {
      const res = await signIn(`scan-${i}-${unique()}@example.com`, 'guess guess', address);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signIn(victim.email, victim.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      code: 'auth.too_many_failures',
      params: { minutes: 15 },
    });
    expect(tokenCookie(blocked)).toBeUndefined();
    expect(blocked.body).not.toContain('token');
    // Another account from the same address is blocked too; the account itself is not.
    expect((await signIn(other.email, other.password, address)).statusCode).toBe(429);
    expect((await signIn(victim.email, victim.password)).statusCode).toBe(200);

    // Ten minutes on, still blocked.
    time.shift(10 * MINUTE);
    expect((await signIn(victim.email, victim.password, address)).statusCode).toBe(429);

    // Once the 15-minute window has passed, the address may sign in again.
    time.shift(15 * MINUTE + 1000);
    const after = await signIn(victim.email, victim.password, address);
    expect(after.statusCode).toBe(200);
    expect(after.json()._id).toBe(victim._id);
  });

  it('tells a blocked user how many minutes are left in the window', async () => {
    const user = await signUp(app, { name: 'Waiting User' });
    const address = freshAddress();
    for (let i = 0; i < 10; i++) {
      expect(
        (await signIn(`probe-${i}-${unique()}@example.com`, 'guess', address)).statusCode,
      ).toBe(401);
    }
    time.shift(10 * MINUTE);
    const later = await signIn(user.email, user.password, address);
    expect(later.statusCode).toBe(429);
    expect(later.json()).toEqual({
      message: 'Too many failed sign-in attempts. Try again in 5 minutes.',
      code: 'auth.too_many_failures',
      params: { minutes: 5 },
    });
  });

  it("lets nine failures pass, and a success does not wipe the address's failures", async () => {
    const user = await signUp(app, { name: 'Nine Failures' });
    const address = freshAddress();
    for (let i = 0; i < 9; i++) {
      expect((await signIn(user.email, `wrong ${i}`, address)).statusCode).toBe(401);
    }
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(200);
    // One more failure makes ten from this address within the window: the next is refused.
    const tenth = await signIn(`someone-${unique()}@example.com`, 'guess guess', address);
    expect(tenth.statusCode).toBe(401);
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(429);
  });

  it('30 guesses in parallel from one address get at most 10 password checks', async () => {
    const target = await signUp(app, { name: 'Parallel Target' });
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(target.email, `parallel guess ${i}`, address)),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((code) => code !== 401 && code !== 429)).toEqual([]);
    expect((await signIn(target.email, target.password, address)).statusCode).toBe(429);
  });

  it('200 guesses at one account from 20 addresses get at most 10 password checks (issue 24)', async () => {
    const target = await signUp(app, { name: 'Targeted Account' });
    const addresses = Array.from({ length: 20 }, () => freshAddress());
    const codes: number[] = [];
    // In parallel batches, as a botnet would: the slow-downs of old ran side by side.
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(
        addresses.map((address, i) =>
          // The e-mail's case does not make it another account.
          signIn(
            i % 2 === 0 ? target.email : target.email.toUpperCase(),
            `wrong guess ${round}-${i}`,
            address,
          ),
        ),
      );
      codes.push(...answers.map((res) => res.statusCode));
    }
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((code) => code !== 401 && code !== 429)).toEqual([]);
    // Within the window even the right password is refused, from a new address, with when.
    const refused = await signIn(target.email, target.password, freshAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(tokenCookie(refused)).toBeUndefined();
    // Other accounts are not affected.
    expect((await signIn(sita.email, sita.password)).statusCode).toBe(200);
    // Once the window has passed, the owner gets in, and that clears the account's count.
    time.shift(15 * MINUTE + 1000);
    const owner = await signIn(target.email, target.password, freshAddress());
    expect(owner.statusCode).toBe(200);
    expect(owner.json()._id).toBe(target._id);
    for (let i = 0; i < 9; i++)
      expect((await signIn(target.email, `again ${i}`, freshAddress())).statusCode).toBe(401);
    expect((await signIn(target.email, target.password, freshAddress())).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  let tara: TestUser;
  beforeAll(async () => {
    tara = await signUp(app, { name: 'Tara Token' });
  });

  it('accepts the token as a Bearer header', async () => {
    const res = await me(auth(tara));
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(tara._id);
  });

  it('accepts the session cookie alone for GET /api/users/me', async () => {
    const res = await me({}, { patrika_token: tara.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(tara._id);
  });

  it('answers 401 without a token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: NOT_SIGNED_IN, code: 'auth.signed_out' });
  });

  it('refuses a garbage token, in the header or the cookie', async () => {
    for (const res of [
      await me(auth('not.a.token')),
      await me(auth('garbage')),
      await me({}, { patrika_token: 'garbage' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: NOT_SIGNED_IN, code: 'auth.signed_out' });
    }
  });

  it('refuses a token signed with another key', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const forged = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(tara._id)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(randomBytes(48));
    const res = await me(auth(forged));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: NOT_SIGNED_IN, code: 'auth.signed_out' });
  });

  it('refuses an unsigned token', async () => {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(clock.now().getTime() / 1000);
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: tara._id, tv: 0, iat: now, exp: now + 3600 })}.`;
    const res = await me(auth(unsigned));
    expect(res.statusCode).toBe(401);
  });

  it('lets a token expire after 7 days', async () => {
    const res = await signIn(tara.email, tara.password);
    const token = res.json().token as string;

    time.shift(7 * DAY - 5 * MINUTE);
    expect((await me(auth(token))).statusCode).toBe(200);

    time.shift(7 * DAY + 5 * MINUTE);
    const expired = await me(auth(token));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: NOT_SIGNED_IN, code: 'auth.signed_out' });
    expect((await me({}, { patrika_token: token })).statusCode).toBe(401);
  });
});

describe('POST /api/users/signout', () => {
  it('clears the session cookie', async () => {
    const leaving = await signUp(app, { name: 'Leela Leaving' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/signout',
      cookies: { patrika_token: leaving.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out.' });
    const cookie = tokenCookie(res);
    expect(cookie).toBeDefined();
    expect(cookie?.value).toBe('');
    expect(cookie?.path).toBe('/');
    const expiresInPast = cookie?.expires !== undefined && cookie.expires.getTime() < Date.now();
    expect(expiresInPast || cookie?.maxAge === 0).toBe(true);
  });

  it('ends that token on the server (cookie or header), and only that one', async () => {
    const user = await signUp(app, { name: 'Sushma Signout' });
    const phone = (await signIn(user.email, user.password)).json().token as string;
    const laptop = (await signIn(user.email, user.password)).json().token as string;
    const byCookie = await app.inject({
      method: 'POST',
      url: '/api/users/signout',
      cookies: { patrika_token: phone },
    });
    expect(byCookie.statusCode).toBe(200);
    for (const res of [await me(auth(phone)), await me({}, { patrika_token: phone })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: NOT_SIGNED_IN, code: 'auth.signed_out' });
    }
    // The user's other sessions go on.
    expect((await me(auth(laptop))).statusCode).toBe(200);
    const byHeader = await app.inject({
      method: 'POST',
      url: '/api/users/signout',
      headers: auth(laptop),
    });
    expect(byHeader.statusCode).toBe(200);
    expect((await me(auth(laptop))).statusCode).toBe(401);
    expect((await me(auth(user))).statusCode).toBe(200);
  });

  it('answers 200 without a session, and refuses to end one from another site', async () => {
    const none = await app.inject({ method: 'POST', url: '/api/users/signout' });
    expect(none.statusCode).toBe(200);
    const user = await signUp(app, { name: 'Cross Site Target' });
    const forced = await app.inject({
      method: 'POST',
      url: '/api/users/signout',
      headers: { origin: 'https://evil.example' },
      cookies: { patrika_token: user.token },
    });
    expect(forced.statusCode).toBe(403);
    expect((await me(auth(user))).statusCode).toBe(200);
  });
});

describe('POST /api/users/signout-everywhere', () => {
  const everywhere = (headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/users/signout-everywhere',
      headers,
      ...(cookies ? { cookies } : {}),
    });

  it('ends every session of the user, this one included, and only theirs', async () => {
    const sita = await signUp(app, { name: 'Sita Sessions' });
    const bystander = await signUp(app, { name: 'Bina Bystander' });
    // Two more devices, signed in before.
    const phone = (await signIn(sita.email, sita.password)).json().token as string;
    const laptop = (await signIn(sita.email, sita.password)).json().token as string;
    for (const token of [sita.token, phone, laptop])
      expect((await me(auth(token))).statusCode).toBe(200);

    const res = await everywhere(auth(phone));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Signed out on every device.',
      code: 'session.signed_out_everywhere',
    });
    expect(tokenCookie(res)?.value).toBe('');

    for (const token of [sita.token, phone, laptop]) {
      const after = await me(auth(token));
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: NOT_SIGNED_IN, code: 'auth.signed_out' });
      expect((await me({}, { patrika_token: token })).statusCode).toBe(401);
    }
    // Someone else's session is untouched, and signing in again works.
    expect((await me(auth(bystander))).statusCode).toBe(200);
    const again = await signIn(sita.email, sita.password);
    expect(again.statusCode).toBe(200);
    expect((await me(auth(again.json().token as string))).statusCode).toBe(200);
  });

  it('answers 401 without a session, and with a session already ended', async () => {
    const res = await everywhere();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: NOT_SIGNED_IN, code: 'auth.signed_out' });

    const ravi = await signUp(app, { name: 'Ravi Repeat' });
    expect((await everywhere(auth(ravi))).statusCode).toBe(200);
    expect((await everywhere(auth(ravi))).statusCode).toBe(401);
  });

  it('refuses a cookie-borne call from another site', async () => {
    const meera = await signUp(app, { name: 'Meera Origin' });
    const res = await everywhere(
      { origin: 'https://evil.example' },
      { patrika_token: meera.token },
    );
    expect(res.statusCode).toBe(403);
    expect((await me(auth(meera))).statusCode).toBe(200);
  });
});

describe('GET /api/users/me', () => {
  it('answers the signed-in user without any password field', async () => {
    const res = await me(auth(author));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Issue 12 item 3 added the author page's slug, bio and photo; issue 26 item 8 whether
    // review mail reaches them.
    expect(Object.keys(body).sort()).toEqual([
      '_id',
      'bio',
      'createdAt',
      'email',
      'name',
      'photoUrl',
      'reviewMail',
      'role',
      'slug',
      'uiLanguage',
    ]);
    expect(body).toEqual({
      _id: author._id,
      name: 'Anil Author',
      email: author.email,
      role: 'author',
      slug: 'anil-author',
      bio: '',
      photoUrl: '',
      reviewMail: true,
      // No language of their own chosen yet: the back office speaks the site's (issue 36).
      uiLanguage: null,
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
  });
});

describe('PUT /api/users/me', () => {
  const put = (headers: Record<string, string>, payload: object, extra: object = {}) =>
    app.inject({ method: 'PUT', url: '/api/users/me', headers, payload, ...extra });

  it('changes the name without the current password (only a new password needs it)', async () => {
    const user = await signUp(app, { name: 'Old Name' });
    const res = await put(auth(user), { name: '  New Name  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['_id', 'email', 'name', 'role', 'token']);
    expect(body).toMatchObject({
      _id: user._id,
      name: 'New Name',
      email: user.email,
      role: 'reader',
    });
    expect((await userRow(user._id))?.name).toBe('New Name');
    // A name change does not end the session.
    expect((await me(auth(user))).json().name).toBe('New Name');
  });

  it('refuses a new password with a wrong current password: 400, nothing changes', async () => {
    const user = await signUp(app, { name: 'Careful User' });
    const before = await userRow(user._id);
    for (const payload of [
      { password: 'hijacked password', currentPassword: 'not my password' },
      { name: 'Hijacked', password: 'hijacked password', currentPassword: 'not my password' },
    ]) {
      const res = await put(auth(user), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Your current password is not correct.',
        code: 'user.wrong_password',
        errors: [
          {
            path: 'body.currentPassword',
            message: 'Your current password is not correct.',
            code: 'user.wrong_password',
          },
        ],
      });
      expect(tokenCookie(res)).toBeUndefined();
    }
    expect(await userRow(user._id)).toEqual(before);
    expect((await me(auth(user))).statusCode).toBe(200);
  });

  it('refuses a new password without the current one: 400 under the field, nothing changes', async () => {
    const user = await signUp(app, { name: 'Forgetful User' });
    const before = await userRow(user._id);
    for (const payload of [
      { password: 'a brand new passphrase' },
      { password: 'a brand new passphrase', currentPassword: '' },
      { name: 'Renamed Too', password: 'a brand new passphrase' },
    ]) {
      const res = await put(auth(user), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        {
          path: 'body.currentPassword',
          message: 'Type your current password to set a new one.',
          code: 'user.current_password_needed',
        },
      ]);
      expect(tokenCookie(res)).toBeUndefined();
    }
    expect(await userRow(user._id)).toEqual(before);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('changes the password: a new token, the old one refused, only the new password signs in', async () => {
    const user = await signUp(app, { name: 'Password Changer' });
    const oldSession = (await signIn(user.email, user.password)).json().token as string;
    const newPassword = 'a brand new passphrase';

    const res = await put(auth(user), { password: newPassword, currentPassword: user.password });
    expect(res.statusCode).toBe(200);
    const newToken = res.json().token as string;
    expect(newToken).not.toBe(user.token);
    expect(res.json()).toMatchObject({ _id: user._id, name: 'Password Changer' });
    expectSessionCookie(res, newToken);

    for (const old of [user.token, oldSession]) {
      const refused = await me(auth(old));
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: NOT_SIGNED_IN, code: 'auth.signed_out' });
    }
    expect((await me({}, { patrika_token: user.token })).statusCode).toBe(401);
    expect((await me(auth(newToken))).json()._id).toBe(user._id);

    const withOld = await signIn(user.email, user.password);
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json()).toEqual({ message: SIGN_IN_FAILED, code: 'auth.invalid_credentials' });
    const withNew = await signIn(user.email, newPassword);
    expect(withNew.statusCode).toBe(200);
    expect(withNew.json()._id).toBe(user._id);
  });

  it('refuses a change with nothing to change, and a too short new password', async () => {
    const user = await signUp(app, { name: 'Nothing To Change' });
    const before = await userRow(user._id);

    const empty = await put(auth(user), { currentPassword: user.password });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      {
        path: 'body.name',
        message: 'Nothing to change: give a new name or a new password',
        code: 'user.nothing_to_change',
      },
    ]);

    const short = await put(auth(user), { password: 'short', currentPassword: user.password });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.map((e: { path: string }) => e.path)).toEqual(['body.password']);

    expect(await userRow(user._id)).toEqual(before);
    expect((await me(auth(user))).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await put({}, { name: 'Nobody' });
    expect(res.statusCode).toBe(401);
  });

  it("keeps each user's own interface language: one of the back office's, or null for the site's (issue 36 item 8)", async () => {
    const user = await signUp(app, { name: 'Hindi Reader' });
    const other = await signUp(app, { name: 'Site Language' });
    const chosen = await put(auth(user), { uiLanguage: 'hi' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await me(auth(user))).json().uiLanguage).toBe('hi');
    // Another user's choice is their own.
    expect((await me(auth(other))).json().uiLanguage).toBeNull();
    // A language the back office has no texts in, or not a language: refused, nothing changes.
    for (const uiLanguage of ['mr', 'xx', 7]) {
      const refused = await put(auth(user), { uiLanguage });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual([
        'body.uiLanguage',
      ]);
    }
    expect((await me(auth(user))).json().uiLanguage).toBe('hi');
    // Absent leaves it; null gives the site's language back.
    expect((await put(auth(user), { name: 'Hindi Reader Too' })).statusCode).toBe(200);
    expect((await me(auth(user))).json().uiLanguage).toBe('hi');
    expect((await put(auth(user), { uiLanguage: null })).statusCode).toBe(200);
    expect((await me(auth(user))).json().uiLanguage).toBeNull();
  });
});

describe('cross-site writes with the session cookie', () => {
  const putWithCookie = (
    token: string,
    headers: Record<string, string>,
    name: string,
    password: string,
  ) =>
    app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers,
      cookies: { patrika_token: token },
      payload: { name, currentPassword: password },
    });

  it('refuses a cookie-authenticated write from another origin with 403', async () => {
    const user = await signUp(app, { name: 'Cookie Owner' });
    const res = await putWithCookie(
      user.token,
      { host: 'patrika.example', origin: 'https://evil.example' },
      'Changed By Evil',
      user.password,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused.', code: 'auth.cross_site' });
    expect((await userRow(user._id))?.name).toBe('Cookie Owner');
  });

  it('refuses a cookie-authenticated write with an opaque "null" origin with 403', async () => {
    const user = await signUp(app, { name: 'Sandboxed Cookie Owner' });
    const res = await putWithCookie(
      user.token,
      { host: 'patrika.example', origin: 'null' },
      'Changed From A Sandbox',
      user.password,
    );
    expect(res.statusCode).toBe(403);
    expect((await userRow(user._id))?.name).toBe('Sandboxed Cookie Owner');
  });

  it('takes a "null" origin only where the browser says the request is same-origin', async () => {
    // Chromium's plain form POST from our own page under Referrer-Policy: no-referrer.
    const user = await signUp(app, { name: 'Form Poster' });
    const sandboxed = await putWithCookie(
      user.token,
      { host: 'patrika.example', origin: 'null', 'sec-fetch-site': 'cross-site' },
      'From A Sandbox',
      user.password,
    );
    expect(sandboxed.statusCode).toBe(403);
    const ours = await putWithCookie(
      user.token,
      { host: 'patrika.example', origin: 'null', 'sec-fetch-site': 'same-origin' },
      'From Our Own Page',
      user.password,
    );
    expect(ours.statusCode).toBe(200);
    expect((await userRow(user._id))?.name).toBe('From Our Own Page');
  });

  it('accepts a cookie-authenticated write from the same origin', async () => {
    const user = await signUp(app, { name: 'Same Site Owner' });
    const res = await putWithCookie(
      user.token,
      { host: 'patrika.example', origin: 'https://patrika.example' },
      'Renamed At Home',
      user.password,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Renamed At Home');
    expect((await userRow(user._id))?.name).toBe('Renamed At Home');
  });
});

describe('GET /api/users', () => {
  const list = (query: string, headers: Record<string, string> = auth(first)) =>
    app.inject({ method: 'GET', url: `/api/users${query}`, headers });

  it('answers 401 to nobody and 403 to readers, authors and editors', async () => {
    const nobody = await list('?page=1&limit=10', {});
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toEqual({ message: NOT_SIGNED_IN, code: 'auth.signed_out' });
    for (const user of [reader, author, editor]) {
      const res = await list('?page=1&limit=10', auth(user));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: NEEDS_ADMIN,
        code: 'auth.role_required',
        params: { role: 'administrator' },
      });
    }
  });

  it('pages through every user, newest first, with the right totals', async () => {
    const newest = await signUp(app, { name: 'Newest Of All' });
    const total = await userCount();
    const limit = 3;
    const pages = Math.ceil(total / limit);
    expect(pages).toBeGreaterThan(1);

    const seen: { _id: string; createdAt: string }[] = [];
    for (let page = 1; page <= pages; page++) {
      const res = await list(`?page=${page}&limit=${limit}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        users: expect.any(Array),
        currentPage: page,
        totalPages: pages,
        totalUsers: total,
        estimated: false,
      });
      expect(body.users).toHaveLength(page < pages ? limit : total - limit * (pages - 1));
      for (const u of body.users) {
        expect(Object.keys(u).sort()).toEqual([
          '_id',
          'bio',
          'createdAt',
          'email',
          'name',
          'photoUrl',
          'role',
          'slug',
        ]);
      }
      seen.push(...body.users);
    }
    expect(seen[0]?._id).toBe(newest._id);
    expect(seen[0]).toMatchObject({ name: 'Newest Of All', email: newest.email, role: 'reader' });
    expect(new Set(seen.map((u) => u._id)).size).toBe(total);
    const rows = await db().select({ id: users.id }).from(users);
    expect(new Set(seen.map((u) => u._id))).toEqual(new Set(rows.map((r) => r.id)));
    const times = seen.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers a page past the end with an empty list and the right totals', async () => {
    const total = await userCount();
    const res = await list('?page=999&limit=10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      users: [],
      currentPage: 999,
      totalPages: Math.ceil(total / 10),
      totalUsers: total,
      estimated: false,
    });
  });

  it.each([
    ['?page=1&limit=0', 'querystring.limit'],
    ['?page=1&limit=101', 'querystring.limit'],
    ['?page=1&limit=ten', 'querystring.limit'],
    ['?page=0&limit=10', 'querystring.page'],
    ['?page=-1&limit=10', 'querystring.page'],
  ])('refuses %s with 400', async (query, path) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });
});

describe('PUT /api/users/{id}/role', () => {
  const setRole = (by: TestUser | undefined, id: string, role: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/api/users/${id}/role`,
      headers: by ? auth(by) : {},
      payload: { role },
    });
  const authors = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/authors' });
    expect(res.statusCode).toBe(200);
    return res.json() as { _id: string; name: string }[];
  };
  const adminCount = async () => {
    const [row] = await db()
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'administrator'));
    return Number(row?.n ?? 0);
  };

  it('lets the administrator promote a reader to author, who then is listed as an author', async () => {
    const newcomer = await signUp(app, { name: 'Promoted Writer' });
    expect((await authors()).map((a) => a._id)).not.toContain(newcomer._id);

    const res = await setRole(first, newcomer._id, 'author');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: newcomer._id,
      name: 'Promoted Writer',
      email: newcomer.email,
      role: 'author',
      slug: 'promoted-writer',
      bio: '',
      photoUrl: '',
      createdAt: expect.any(String),
    });
    expect((await userRow(newcomer._id))?.role).toBe('author');
    expect(await authors()).toContainEqual(
      expect.objectContaining({ _id: newcomer._id, name: 'Promoted Writer' }),
    );
    // The new role counts at once, with the token they already had.
    expect((await me(auth(newcomer))).json().role).toBe('author');
  });

  it('refuses non-administrators (403) and nobody (401), changing nothing', async () => {
    const target = await signUp(app, { name: 'Wants Promotion' });
    for (const by of [reader, author, editor]) {
      const res = await setRole(by, target._id, 'editor');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: NEEDS_ADMIN,
        code: 'auth.role_required',
        params: { role: 'administrator' },
      });
    }
    // Nor may a reader promote themself.
    expect((await setRole(target, target._id, 'administrator')).statusCode).toBe(403);
    expect((await setRole(undefined, target._id, 'editor')).statusCode).toBe(401);
    expect((await userRow(target._id))?.role).toBe('reader');
  });

  it('keeps the last administrator: demoting themself is 409 and nothing changes', async () => {
    expect(await adminCount()).toBe(1);
    const res = await setRole(first, first._id, 'editor');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'The site needs at least one administrator: make someone else administrator first.',
      code: 'user.last_admin',
    });
    expect((await userRow(first._id))?.role).toBe('administrator');
    expect(await adminCount()).toBe(1);
  });

  it('lets one of two administrators demote the other', async () => {
    const second = await signUp(app, { name: 'Second Admin' });
    expect((await setRole(first, second._id, 'administrator')).statusCode).toBe(200);
    expect(await adminCount()).toBe(2);
    // The second administrator can do administrator things…
    expect(
      (await app.inject({ method: 'GET', url: '/api/users', headers: auth(second) })).statusCode,
    ).toBe(200);

    const res = await setRole(first, second._id, 'editor');
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('editor');
    expect((await userRow(second._id))?.role).toBe('editor');
    expect(await adminCount()).toBe(1);
    // …and no longer, at once, with the same token.
    expect(
      (await app.inject({ method: 'GET', url: '/api/users', headers: auth(second) })).statusCode,
    ).toBe(403);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await setRole(first, randomUUID(), 'author');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such user.', code: 'user.not_found' });
  });

  it('refuses a bad role with 400 and changes nothing', async () => {
    const target = await signUp(app, { name: 'Bad Role Target' });
    for (const role of ['superuser', 'Administrator', '', 3, null]) {
      const res = await setRole(first, target._id, role);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['body.role']);
    }
    expect((await userRow(target._id))?.role).toBe('reader');
  });

  it('refuses an id that is not a UUID with 400', async () => {
    const res = await setRole(first, 'not-a-uuid', 'author');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['params.id']);
  });
});

describe('GET /api/users/authors', () => {
  it('lists authors, editors and administrators as {_id, name, slug, bio, photoUrl}, never readers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/authors' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; name: string }[];
    // SPEC.md §3's _id and name, and (issue 12 item 3) what the author page shows.
    for (const entry of list)
      expect(Object.keys(entry).sort()).toEqual(['_id', 'bio', 'name', 'photoUrl', 'slug']);
    const profile = { bio: '', photoUrl: '' };
    expect(list).toContainEqual({
      _id: first._id,
      name: 'Asha Admin',
      slug: 'asha-admin',
      ...profile,
    });
    expect(list).toContainEqual({
      _id: author._id,
      name: 'Anil Author',
      slug: 'anil-author',
      ...profile,
    });
    expect(list).toContainEqual({
      _id: editor._id,
      name: 'Esha Editor',
      slug: 'esha-editor',
      ...profile,
    });
    expect(list.map((a) => a._id)).not.toContain(reader._id);

    const writers = await db().select({ id: users.id }).from(users).where(ne(users.role, 'reader'));
    expect(new Set(list.map((a) => a._id))).toEqual(new Set(writers.map((w) => w.id)));
    expect(list).toHaveLength(writers.length);
  });
});
