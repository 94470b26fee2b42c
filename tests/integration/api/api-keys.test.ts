/*
 * Keys for apps and partners (issue 41 item 1): made by administrators, shown once and stored
 * hashed, listed without secrets with their last use and today's requests, revoked at once; a
 * request with X-Api-Key counts against the key's own limit instead of the address's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../../db/schema/platform';
import { auth, createAdmin, createUser, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

/** The per-address ceiling here: a key's own limit is far above it. */
const ADDRESS_CEILING = 5;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: String(ADDRESS_CEILING) });
  admin = await createAdmin(t.app);
});
afterAll(async () => t.close());

const makeKey = async (payload: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: auth(admin),
    payload,
    remoteAddress: '10.9.0.1',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; key: string; rateLimit: number; prefix: string };
};

const listKeys = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/keys',
    headers: auth(admin),
    remoteAddress: '10.9.0.2',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    _id: string;
    lastUsedAt: string | null;
    requestsToday: number;
    revokedAt: string | null;
  }[];
};

const readWith = (key: string | undefined, remoteAddress: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/articles/latest',
    headers: key === undefined ? {} : { 'x-api-key': key },
    remoteAddress,
  });

describe('making keys', () => {
  it('answers the key once, stores only its hash, and lists it without secrets', async () => {
    const made = await makeKey({ name: 'Android app', scopes: ['content:read'] });
    expect(made.key).toMatch(/^pk_[A-Za-z0-9_-]{40,}$/);
    expect(made.rateLimit).toBe(6000);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, made._id));
    expect(JSON.stringify(row)).not.toContain(made.key);
    const listed = (await listKeys()).find((k) => k._id === made._id);
    expect(listed).toMatchObject({ lastUsedAt: null, requestsToday: 0, revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(made.key);
    expect(listed).not.toHaveProperty('key');
  });

  it('is for administrators only, and checks its input', async () => {
    const editor = await createUser(t.app, 'editor');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: auth(editor),
      payload: { name: 'x', scopes: ['content:read'] },
      remoteAddress: '10.9.0.3',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('api_key.forbidden');
    const listing = await t.app.inject({
      method: 'GET',
      url: '/api/keys',
      remoteAddress: '10.9.0.3',
    });
    expect(listing.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: auth(admin),
      payload: { name: 'x', scopes: ['content:write'], rateLimit: 0 },
      remoteAddress: '10.9.0.3',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation.invalid');
    const codes = (bad.json().errors as { code: string }[]).map((e) => e.code);
    expect(codes).toEqual(
      expect.arrayContaining(['api_key.scope_unknown', 'api_key.rate_limit_invalid']),
    );
  });
});

describe('requests with a key', () => {
  it('get the key’s own limit, past the address’s, and move lastUsedAt and today’s count', async () => {
    const made = await makeKey({ name: 'TV ticker', scopes: ['content:read'], rateLimit: 8 });
    const address = '10.9.1.1';
    for (let i = 0; i < ADDRESS_CEILING; i++)
      expect((await readWith(undefined, address)).statusCode).toBe(200);
    expect((await readWith(undefined, address)).statusCode).toBe(429);
    // The same address with the key: the key's limit of 8, not the address's 5.
    for (let i = 0; i < 8; i++) {
      const res = await readWith(made.key, address);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('8');
      expect(res.headers['ratelimit-remaining']).toBe(String(8 - i - 1));
    }
    const over = await readWith(made.key, address);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limit.exceeded');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const listed = (await listKeys()).find((k) => k._id === made._id);
    expect(listed?.requestsToday).toBe(9);
    expect(Date.parse(listed?.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers 401 for an unknown key, and for a revoked key at once', async () => {
    const unknown = await readWith('pk_not-a-key-at-all', '10.9.2.1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      message: 'Unknown or revoked API key.',
      code: 'api_key.invalid',
    });
    const made = await makeKey({ name: 'Partner', scopes: ['content:read'] });
    expect((await readWith(made.key, '10.9.2.2')).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/keys/${made._id}`,
      headers: auth(admin),
      remoteAddress: '10.9.2.3',
    });
    expect(revoked.statusCode).toBe(200);
    const after = await readWith(made.key, '10.9.2.2');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('api_key.invalid');
    expect((await listKeys()).find((k) => k._id === made._id)?.revokedAt).not.toBeNull();
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/keys/00000000-0000-4000-8000-000000000000',
      headers: auth(admin),
      remoteAddress: '10.9.2.3',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('api_key.not_found');
  });
});
