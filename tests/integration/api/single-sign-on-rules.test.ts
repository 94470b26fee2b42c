/*
 * Single sign-on's rules (issue 66 item 5, docs/decisions/052e), against a real OpenID
 * Provider on this machine: the allowed domains apply to every sign-in, accounts too; a person
 * with a second factor here takes it after the provider, as after a password, unless the site
 * trusts the provider's own; the address is matched exactly but for the domain's case.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users';
import { auth, createUser, signUp, someAddress, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { Browser, startOpenIdProvider, type TestProvider } from '../../setup/openid-provider';

const PUBLIC_URL = 'http://patrika.test';
const CALLBACK = `${PUBLIC_URL}/auth/oidc/callback`;
let t: TestApp;
let app: FastifyInstance;
let admin: TestUser;
let provider: TestProvider;
const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });

/** The code of the next 30 s step (one step either side is taken). */
const nextCode = (secret: string) =>
  totp.generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

const putOidc = (oidc: Record<string, unknown>) =>
  app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: auth(admin.token),
    payload: { oidc },
  });

beforeAll(async () => {
  provider = await startOpenIdProvider(CALLBACK);
  t = await createTestApp({ PUBLIC_URL, OIDC_ALLOW_PRIVATE: '1' });
  app = t.app;
  admin = await signUp(app, { name: 'Asha Admin' });
  const res = await putOidc({
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    label: 'Newsroom Workspace',
    allowedDomains: ['newsroom.example'],
    defaultRole: 'author',
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** A whole sign-in as `login` at the provider; answers Patrika's answer to the way back. */
async function signInAs(login: string) {
  const browser = new Browser();
  const started = await app.inject({
    method: 'GET',
    url: '/auth/oidc/start?redirect=%2Fprofile',
    remoteAddress: someAddress(),
  });
  const flow = String(started.cookies.find((c) => c.name === 'patrika_oidc')?.value);
  browser.keep(new URL(PUBLIC_URL), [`patrika_oidc=${flow}`]);
  const back = new URL(await browser.signInAt(String(started.headers.location), login, CALLBACK));
  return app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: { cookie: `patrika_oidc=${flow}`, 'user-agent': 'SSO rules test' },
    remoteAddress: someAddress(),
  });
}

const sessionOf = (res: Awaited<ReturnType<typeof signInAs>>) =>
  res.cookies.find((c) => c.name === 'patrika_token' && c.value)?.value;

/** Turns authenticator codes on for `user` (with their password); answers the secret. */
async function codesOn(user: TestUser): Promise<string> {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/me/2fa/totp',
    headers: auth(user.token),
    payload: { password: user.password },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const on = await app.inject({
    method: 'POST',
    url: '/api/me/2fa/totp/confirm',
    headers: auth(user.token),
    payload: { code: await totp.generate({ secret }) },
  });
  expect(on.statusCode, on.body).toBe(200);
  return secret;
}

describe('single sign-on rules', () => {
  it('refuses an existing account at a domain the site does not take', async () => {
    await createUser(app, 'editor', { email: 'ravi@elsewhere.example' });
    const res = await signInAs('ravi@elsewhere.example');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?sso=domain');
    expect(sessionOf(res)).toBeUndefined();
  });

  it('asks a person with a second factor for it after the provider, unless the site trusts the provider’s', async () => {
    const editor = await createUser(app, 'editor', { email: 'kavya@newsroom.example' });
    const secret = await codesOn(editor);
    const res = await signInAs('kavya@newsroom.example');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      '/login?sso=second-step&methods=totp,recovery&redirect=%2Fprofile',
    );
    expect(sessionOf(res)).toBeUndefined();
    const step = res.cookies.find((c) => c.name === 'patrika_oidc_step');
    expect(step?.httpOnly).toBe(true);
    expect(step?.path).toBe('/login');
    // The step token completes the sign-in with a right code only, as a password's does.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/users/signin/2fa',
      payload: { token: step?.value, code: '000000' },
      remoteAddress: someAddress(),
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({
      method: 'POST',
      url: '/api/users/signin/2fa',
      // The next step's code: the one that turned codes on is spent (no replay).
      payload: { token: step?.value, code: await nextCode(secret) },
      remoteAddress: someAddress(),
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()._id).toBe(editor._id);

    // The operator's choice (off unless set): the provider's own second factor stands for this one.
    const trusting = await putOidc({ trustProviderSecondFactor: true });
    expect(trusting.statusCode, trusting.body).toBe(200);
    expect(trusting.json().oidc.trustProviderSecondFactor).toBe(true);
    try {
      const trusted = await signInAs('kavya@newsroom.example');
      expect(trusted.headers.location).toBe('/login?sso=done&redirect=%2Fprofile');
      expect(sessionOf(trusted)).toBeTruthy();
    } finally {
      await putOidc({ trustProviderSecondFactor: false });
    }
  });

  it('matches the address exactly but for the domain’s case', async () => {
    const known = await createUser(app, 'author', { email: 'devi@newsroom.example' });
    // Another mailbox by the letter (RFC 5321 §2.4): not this account, and no second one.
    const capitals = await signInAs('Devi@newsroom.example');
    expect(capitals.headers.location).toBe('/login?sso=address');
    expect(sessionOf(capitals)).toBeUndefined();
    // The domain has no case: the same account.
    const domain = await signInAs('devi@NewsRoom.Example');
    expect(domain.headers.location).toBe('/login?sso=done&redirect=%2Fprofile');
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: auth(String(sessionOf(domain))),
    });
    expect(me.json()._id).toBe(known._id);
    // A new person keeps their address as the provider gave it, the domain lower-cased.
    const fresh = await signInAs('Gita.Rao@NEWSROOM.example');
    expect(fresh.headers.location).toBe('/login?sso=done&redirect=%2Fprofile');
    const made = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.email, 'Gita.Rao@newsroom.example'));
    expect(made).toHaveLength(1);
  });
});
