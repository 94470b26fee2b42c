/*
 * Single sign-on through OpenID Connect (issue 40 item 4, docs/decisions/052d), against a real
 * OpenID Provider on this machine (`oidc-provider`): the settings take the issuer and a
 * write-only secret (checked by discovering the issuer, sealed at rest); a person of an allowed
 * domain gets an account with the default role, a known person of it signs in with their own
 * role (another domain's account is refused: single-sign-on-rules.test.ts), another domain and an unconfirmed address are refused; a tampered `state` or `nonce`, a flow without
 * its cookie and a code used twice are refused; every outcome is in the audit trail.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../../../db/schema/site';
import { createOidcClients } from '../../../server/modules/sso/oidc-clients';
import { auth, createUser, signUp, someAddress, type TestUser } from '../../factories';
import { waitUntil } from '../../setup/wait-until';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { Browser, startOpenIdProvider, type TestProvider } from '../../setup/openid-provider';

const PUBLIC_URL = 'http://patrika.test';
const CALLBACK = `${PUBLIC_URL}/auth/oidc/callback`;
let t: TestApp;
let app: FastifyInstance;
let admin: TestUser;
let provider: TestProvider;

beforeAll(async () => {
  provider = await startOpenIdProvider(CALLBACK);
  t = await createTestApp({ PUBLIC_URL, OIDC_ALLOW_PRIVATE: '1' });
  app = t.app;
  admin = await signUp(app, { name: 'Asha Admin' });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const putSettings = (oidc: Record<string, unknown>, who = admin.token) =>
  app.inject({ method: 'PUT', url: '/api/settings', headers: auth(who), payload: { oidc } });

const configured = () => ({
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  label: 'Newsroom Workspace',
  allowedDomains: ['newsroom.example'],
  defaultRole: 'author' as const,
});

/** Starts a sign-in as a browser: the provider's address and the flow's cookie. */
async function start(browser: Browser, redirect = '/admin/dashboard') {
  const res = await app.inject({
    method: 'GET',
    url: `/auth/oidc/start?redirect=${encodeURIComponent(redirect)}`,
    remoteAddress: someAddress(),
  });
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  const cookie = res.cookies.find((c) => c.name === 'patrika_oidc');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.path).toBe('/auth/oidc');
  browser.keep(new URL(PUBLIC_URL), [`patrika_oidc=${cookie?.value}`]);
  return { location: String(res.headers.location), cookie: String(cookie?.value) };
}

/** Comes back to Patrika's callback with `callback` (the provider's redirect) and `cookie`. */
const finish = (callback: string, cookie: string | undefined) =>
  app.inject({
    method: 'GET',
    url: new URL(callback).pathname + new URL(callback).search,
    headers: {
      'user-agent': 'SSO test browser',
      ...(cookie ? { cookie: `patrika_oidc=${cookie}` } : {}),
    },
    remoteAddress: someAddress(),
  });

/** A whole sign-in as `login` at the provider; answers Patrika's last answer. */
async function signInAs(login: string, redirect?: string) {
  const browser = new Browser();
  const flow = await start(browser, redirect);
  const back = await browser.signInAt(flow.location, login, CALLBACK);
  return { res: await finish(back, flow.cookie), back, flow };
}

const auditOf = async (action: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/audit?action=${action}`,
    headers: auth(admin.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries as {
    actor: { _id: string } | null;
    subject: { name: string };
    details: Record<string, unknown>;
  }[];
};

describe('single sign-on settings', () => {
  it('is off until set, and the sign-in address says so', async () => {
    const res = await app.inject({ method: 'GET', url: '/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?sso=off');
  });

  it('refuses an incomplete set-up, an unreachable issuer, a wrong domain and anyone but an administrator', async () => {
    const missing = await putSettings({ issuer: provider.issuer, clientId: 'x', label: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('settings.oidc_incomplete');
    const away = await putSettings({ ...configured(), issuer: 'http://127.0.0.1:9/' });
    expect(away.statusCode).toBe(400);
    expect(away.json().code).toBe('settings.oidc_unreachable');
    const domain = await putSettings({ ...configured(), allowedDomains: ['not a domain'] });
    expect(domain.statusCode).toBe(400);
    expect(domain.json().code).toBe('validation.invalid');
    const editor = await createUser(app, 'editor');
    expect((await putSettings(configured(), editor.token)).statusCode).toBe(403);
    // Nothing of it was kept.
    const settings = (await app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(settings.oidc).toMatchObject({ issuer: '', clientSecretSet: false });
  });

  it('does not call an issuer on a private or local address unless OIDC_ALLOW_PRIVATE says so', async () => {
    const oidc = {
      ...configured(),
      trustProviderSecondFactor: false,
      clientSecretSet: true,
    } as const;
    const refusing = createOidcClients({ allowPrivate: false });
    await expect(refusing.check(oidc, provider.clientSecret)).rejects.toMatchObject({
      code: 'settings.oidc_private',
    });
    await expect(
      createOidcClients({ allowPrivate: true }).check(oidc, provider.clientSecret),
    ).resolves.toBeUndefined();
  });

  it('keeps the secret sealed and never answers it', async () => {
    const res = await putSettings(configured());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().oidc).toEqual({
      issuer: provider.issuer,
      clientId: provider.clientId,
      label: 'Newsroom Workspace',
      allowedDomains: ['newsroom.example'],
      defaultRole: 'author',
      trustProviderSecondFactor: false,
      clientSecretSet: true,
    });
    const read = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(read.body).not.toContain(provider.clientSecret);
    // The stored row holds the secret only sealed.
    const [row] = await t.database.db.select({ data: siteSettings.data }).from(siteSettings);
    const stored = JSON.stringify(row?.data);
    expect(stored).not.toContain(provider.clientSecret);
    expect(stored).toMatch(/"oidcClientSecret":"v1\./);
    // A later change that names no secret keeps it.
    const relabelled = await putSettings({ label: 'Workspace' });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect(relabelled.json().oidc.clientSecretSet).toBe(true);
  });
});

describe('signing in through the organisation', () => {
  it('makes a person of an allowed domain an account with the default role, then signs them in again', async () => {
    const { res } = await signInAs('meera@newsroom.example');
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/login?sso=done&redirect=%2Fadmin%2Fdashboard');
    const session = res.cookies.find((c) => c.name === 'patrika_token');
    expect(session?.httpOnly).toBe(true);
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: auth(String(session?.value)),
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'meera@newsroom.example',
      role: 'author',
      name: 'Person meera',
    });

    const again = await signInAs('meera@newsroom.example', '/profile');
    expect(again.res.headers.location).toBe('/login?sso=done&redirect=%2Fprofile');
    // The trail is written after each answer went out (audit-hooks.ts): the second sign-in's
    // entry may come a moment after its answer.
    const oidc = async (action: string) =>
      (await auditOf(action)).filter((e) => e.details.method === 'oidc');
    await waitUntil(async () => (await oidc('auth.signin')).length >= 2, {
      timeoutMs: 20_000,
      message: 'the second sign-in never reached the audit trail',
    });
    expect(await oidc('user.created')).toHaveLength(1);
    const signIns = await oidc('auth.signin');
    expect(signIns.map((e) => e.actor?._id)).toEqual([me.json()._id, me.json()._id]);
  });

  it('signs in a known person of an allowed domain, with their own role', async () => {
    const known = await createUser(app, 'editor', { email: 'ravi@newsroom.example' });
    const { res } = await signInAs('ravi@newsroom.example');
    expect(res.statusCode).toBe(302);
    const session = res.cookies.find((c) => c.name === 'patrika_token');
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: auth(String(session?.value)),
    });
    expect(me.json()).toMatchObject({ _id: known._id, role: 'editor' });
  });

  it('refuses another domain and an address the organisation did not confirm, and makes no account', async () => {
    const other = await signInAs('stranger@other.example');
    expect(other.res.headers.location).toBe('/login?sso=domain');
    expect(other.res.cookies.find((c) => c.name === 'patrika_token' && c.value)).toBeUndefined();
    const unconfirmed = await signInAs('unverified.nina@newsroom.example');
    expect(unconfirmed.res.headers.location).toBe('/login?sso=unverified');
    const users = await app.inject({
      method: 'GET',
      url: '/api/users?page=1&limit=100',
      headers: auth(admin.token),
    });
    const emails = JSON.stringify(users.json());
    expect(emails).not.toContain('stranger@other.example');
    expect(emails).not.toContain('nina@newsroom.example');
    // The audit trail is written from the change's event, a moment after the answer (the gate
    // read it before once).
    let failed: Awaited<ReturnType<typeof auditOf>> = [];
    await waitUntil(
      async () => {
        failed = (await auditOf('auth.signin_failed')).filter((e) => e.details.method === 'oidc');
        return failed.length >= 2;
      },
      { timeoutMs: 10_000, message: 'the refused sign-ins never reached the audit trail' },
    );
    expect(failed.map((e) => e.details.reason)).toEqual(
      expect.arrayContaining(['domain', 'unverified']),
    );
    expect(failed.find((e) => e.details.reason === 'domain')?.subject.name).toBe(
      'stranger@other.example',
    );
  });

  it('refuses a tampered state, a tampered nonce, a missing cookie and a code used twice', async () => {
    const login = 'meera@newsroom.example';
    // The state in the way back is not the one this browser's flow holds.
    const browser = new Browser();
    const flow = await start(browser);
    const back = await browser.signInAt(flow.location, login, CALLBACK);
    const tampered = new URL(back);
    tampered.searchParams.set('state', 'someone-elses-state');
    expect((await finish(tampered.toString(), flow.cookie)).headers.location).toBe(
      '/login?sso=failed',
    );
    // The way back without the flow's cookie (another browser), or with a forged one.
    expect((await finish(back, undefined)).headers.location).toBe('/login?sso=failed');
    expect((await finish(back, 'v1.forged.cookie.value')).headers.location).toBe(
      '/login?sso=failed',
    );
    // The code, once used, is spent.
    const first = await signInAs(login);
    expect(first.res.headers.location).toMatch(/^\/login\?sso=done/);
    expect((await finish(first.back, first.flow.cookie)).headers.location).toBe(
      '/login?sso=failed',
    );

    // A nonce that is not the flow's: the provider's ID token carries the one it was sent.
    const b2 = new Browser();
    const f2 = await start(b2);
    const authorization = new URL(f2.location);
    authorization.searchParams.set('nonce', 'a-nonce-not-of-this-flow');
    const back2 = await b2.signInAt(authorization.toString(), login, CALLBACK);
    expect((await finish(back2, f2.cookie)).headers.location).toBe('/login?sso=failed');
  });

  it('refuses a way back that comes after single sign-on was turned off, saying so', async () => {
    const browser = new Browser();
    const flow = await start(browser);
    const back = await browser.signInAt(flow.location, 'meera@newsroom.example', CALLBACK);
    expect((await putSettings({ issuer: '' })).statusCode).toBe(200);
    expect((await finish(back, flow.cookie)).headers.location).toBe('/login?sso=off');
    expect((await putSettings({ issuer: provider.issuer })).statusCode).toBe(200);
  });
});
