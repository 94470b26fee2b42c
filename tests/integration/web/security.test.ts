/*
 * The page side of the security findings (issue 13 item 7): the login redirect stays on the
 * site and never breaks the Location header, sign-out happens only by a same-origin POST and
 * ends the token on the server, and bad addresses or hosts get 4xx instead of 500.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, signUp, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  admin = await createAdmin(t.app);
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** A fresh session of `user`, as the cookie header a browser would send. */
async function session(user: TestUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  const token = res.json().token as string;
  return { token, headers: { cookie: `patrika_token=${token}` } };
}

const stillSignedIn = async (token: string) =>
  (await get('/api/users/me', { authorization: `Bearer ${token}` })).statusCode === 200;

const cleared = (res: LightMyRequestResponse) =>
  res.cookies.some((c) => c.name === 'patrika_token' && c.value === '');

describe('the redirect parameter of /login and /signup', () => {
  it.each([
    ['a tab between the slashes', '/%09/evil.example'],
    ['a line feed between the slashes', '/%0A/evil.example'],
    ['a backslash', '/%5Cevil.example'],
    ['a leading tab', '%09//evil.example'],
  ])('a signed-in visit with %s stays on the site', async (_name, target) => {
    const { headers } = await session(admin);
    for (const page of ['/login', '/signup']) {
      const res = await get(`${page}?redirect=${target}`, headers);
      expect(res.statusCode, `${page} ${res.body.slice(0, 200)}`).toBe(302);
      const location = String(res.headers.location);
      expect(location.startsWith('/')).toBe(true);
      expect(new URL(location, 'https://patrika.example').host).toBe('patrika.example');
    }
  });

  it.each([
    ['CR/LF', '/profile%0D%0ASet-Cookie:%20x=1', '/profileSet-Cookie:%20x=1'],
    ['Hindi text', '/search?q=%E0%A4%AE%E0%A4%BE', '/search?q=%E0%A4%AE%E0%A4%BE'],
    ['a C1 control', '/a%C2%85b', '/a%C2%85b'],
  ])('a signed-in visit with %s answers a valid redirect, not 500', async (_n, target, to) => {
    const { headers } = await session(admin);
    const res = await get(`/login?redirect=${target}`, headers);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(to);
  });
});

describe('signing out', () => {
  it('GET /logout (an image on another site) signs nobody out', async () => {
    const { token, headers } = await session(admin);
    const res = await get('/logout', headers);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(cleared(res)).toBe(false);
    expect(await stillSignedIn(token)).toBe(true);
  });

  it('POST /logout from this site clears the cookie and ends the token on the server', async () => {
    const { token, headers } = await session(admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: {
        ...headers,
        host: 'patrika.example',
        origin: 'https://patrika.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(cleared(res)).toBe(true);
    expect(await stillSignedIn(token)).toBe(false);
  });

  it('POST /logout without an Origin (an old browser, no script) signs out too', async () => {
    const { token, headers } = await session(admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(302);
    expect(await stillSignedIn(token)).toBe(false);
  });

  it('POST /logout from another site is refused and signs nobody out', async () => {
    const { token, headers } = await session(admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: {
        ...headers,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(res.statusCode).toBe(403);
    expect(cleared(res)).toBe(false);
    expect(await stillSignedIn(token)).toBe(true);
  });
});

describe('bad addresses and hosts', () => {
  it.each([
    ['/category/a%00b', 404],
    ['/some-category/a%00b', 404],
    ['/author/a%00b', 404],
    ['/category/a%ED%A0%80b', 404],
    ['/articles/1%00', 404],
    ['/media/2026/01/x/original.jpg%00.html', 404],
    ['/search?q=a%00b', 400],
  ])('%s answers %i, never 500', async (url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(Object.keys(res.json())).toEqual(
      status === 400 ? ['message', 'code', 'errors'] : ['message', 'code', 'params'],
    );
  });

  it.each(['bad host', 'a\u00e9b.example', '[::1', 'x:notaport', 'a/b'])(
    'a malformed Host header (%s) answers 400',
    async (host) => {
      const res = await get('/', { host });
      expect(res.statusCode).toBe(400);
    },
  );
});

describe('headers', () => {
  it('signed-in pages are never stored; every response has a Permissions-Policy', async () => {
    const reader = await signUp(t.app, { name: 'Cache Reader' });
    const { headers } = await session(reader);
    for (const url of ['/', '/profile', '/api/users/me']) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const anonymous = await get('/');
    expect(anonymous.headers['cache-control']).not.toBe('no-store');
    expect(anonymous.headers['permissions-policy']).toMatch(/camera=\(\)/);
  });
});
