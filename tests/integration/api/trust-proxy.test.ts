import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../factories/index';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
  await createAdmin(t.app);
});
afterAll(async () => t.close());

const failSignIn = (forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    // Every request reaches us from the proxy's address; the reader's is in the header.
    remoteAddress: '10.0.0.2',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `nobody-${forwardedFor}@example.com`, password: 'wrong password' },
  });

describe('behind a reverse proxy (TRUST_PROXY=10.0.0.0/8)', () => {
  it("limits each reader by their own address, not the proxy's", async () => {
    for (let i = 0; i < 10; i++) expect((await failSignIn('203.0.113.5')).statusCode).toBe(401);
    expect((await failSignIn('203.0.113.5')).statusCode).toBe(429);
    // Another reader behind the same proxy is not blocked.
    expect((await failSignIn('198.51.100.7')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const direct = (forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        remoteAddress: '192.0.2.50',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: `direct-${forwardedFor}@example.com`, password: 'wrong password' },
      });
    // A client cannot dodge the limit by inventing a new address each time.
    for (let i = 0; i < 10; i++) expect((await direct(`198.18.0.${i}`)).statusCode).toBe(401);
    expect((await direct('198.18.0.99')).statusCode).toBe(429);
  });

  it('refuses a malformed X-Forwarded-Host from the proxy with 400, as it would a Host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-host': 'bad host/x' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message', 'code']);
  });
});
