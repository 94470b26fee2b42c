/*
 * What HTTP itself asks of every answer (issue 22 item 4): a 405 says which methods the address
 * takes (RFC 9110 §15.5.6) and OPTIONS answers with them (§9.3.7); Strict-Transport-Security
 * goes only with answers that came over HTTPS (RFC 6797 §7.2), which behind a proxy only
 * TRUST_PROXY lets X-Forwarded-Proto say; Permissions-Policy names only features browsers know;
 * `If-None-Match: *` is a 304 only for an answer the server already held (issue 44 item 12).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../../../server/plugins/security';
import { createTestApp, type TestApp } from '../../setup/test-app';

let web: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  web = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  proxied = await createTestApp({
    PUBLIC_URL: 'https://patrika.example',
    TRUST_PROXY: '10.0.0.0/8',
  });
});
afterAll(async () => {
  await web?.close();
  await proxied?.close();
});

const ask = (method: InjectOptions['method'], url: string, headers: Record<string, string> = {}) =>
  web.app.inject({ method, url, headers });

const allowOf = (headers: Record<string, unknown>) =>
  String(headers.allow ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);

describe('405 and OPTIONS', () => {
  it('answers OPTIONS / with the methods the home page takes', async () => {
    const res = await ask('OPTIONS', '/');
    expect(res.statusCode).toBe(204);
    expect(allowOf(res.headers)).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(res.body).toBe('');
  });

  it('names POST for an address whose page takes a form post (/logout)', async () => {
    const res = await ask('OPTIONS', '/logout');
    expect(res.statusCode).toBe(204);
    expect(allowOf(res.headers)).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
  });

  it.each([
    ['POST', '/feed.xml'],
    ['DELETE', '/about-us'],
    ['POST', '/'],
    ['PUT', '/category/news'],
    ['PATCH', '/sitemap.xml'],
    ['DELETE', '/media/2026/01/missing.webp'],
  ] as const)('%s %s is 405 with the methods the address takes', async (method, url) => {
    const res = await ask(method, url);
    expect(res.statusCode).toBe(405);
    expect(allowOf(res.headers)).toEqual(['GET', 'HEAD', 'OPTIONS']);
  });

  it.each([
    ['PUT', '/api/health', ['GET', 'HEAD', 'OPTIONS']],
    ['PATCH', '/api/media', ['GET', 'HEAD', 'POST', 'OPTIONS']],
    ['DELETE', '/api/users/me', ['GET', 'HEAD', 'PUT', 'OPTIONS']],
    // PUT updates an article; no GET reads an address of this shape.
    ['PATCH', '/api/articles/0b6f7f36-3b7a-4a4e-9c36-7d1c8c7a1e11', ['PUT', 'OPTIONS']],
  ] as const)('an API call: %s %s is 405 with Allow', async (method, url, allowed) => {
    const res = await ask(method, url);
    expect(res.statusCode).toBe(405);
    expect(allowOf(res.headers)).toEqual(allowed);
    expect(res.json()).toEqual({
      message: expect.stringContaining(method),
      code: 'http.method_not_allowed',
      params: { path: new URL(url, 'http://x').pathname, method, allowed },
    });
  });

  it('answers OPTIONS on an API address with its methods, and 404 where the API has none', async () => {
    const options = await ask('OPTIONS', '/api/categories');
    expect(options.statusCode).toBe(204);
    expect(allowOf(options.headers)).toEqual(['GET', 'HEAD', 'OPTIONS']);
    const missing = await ask('DELETE', '/api/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.allow).toBeUndefined();
    // An id too long for the router: no call, not a method the address does not take.
    const long = await ask('PUT', `/api/articles/${'x'.repeat(600)}`);
    expect(long.statusCode).toBe(404);
    expect(long.headers.allow).toBeUndefined();
  });

  it('never answers 405 without Allow, nor with the method it refused in it', async () => {
    const addresses = ['/', '/about-us', '/login', '/search', '/feed.xml', '/robots.txt'];
    const methods = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
    for (const url of [...addresses, '/api/health', '/api/categories', '/api/settings'])
      for (const method of methods) {
        const res = await ask(method, url, { 'content-type': 'application/json' });
        if (res.statusCode !== 405) continue;
        const allowed = allowOf(res.headers);
        expect(allowed, `${method} ${url}`).toContain('GET');
        expect(allowed, `${method} ${url}`).not.toContain(method);
      }
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP, to a page or an API call', async () => {
    for (const url of ['/', '/api/health'])
      expect((await ask('GET', url)).headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    const res = await ask('GET', '/', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const viaProxy = (remoteAddress: string, proto: string) =>
      proxied.app.inject({
        url: '/api/health',
        remoteAddress,
        headers: { 'x-forwarded-proto': proto },
      });
    expect((await viaProxy('10.0.0.2', 'https')).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await viaProxy('10.0.0.2', 'http')).headers['strict-transport-security']).toBe(
      undefined,
    );
    // Anyone else saying so is not believed.
    expect((await viaProxy('192.0.2.50', 'https')).headers['strict-transport-security']).toBe(
      undefined,
    );
  });
});

describe('Permissions-Policy', () => {
  it('turns off the features no page uses, naming none Chromium does not know', async () => {
    const res = await ask('GET', '/');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    const features = PERMISSIONS_POLICY.split(',').map((part) => part.trim().split('=')[0]);
    expect(features).toEqual([
      'camera',
      'microphone',
      'geolocation',
      'payment',
      'usb',
      'serial',
      'browsing-topics',
    ]);
    // The city picker's "near me" (issue 65 item 4): this site's pages only, never an embed.
    expect(PERMISSIONS_POLICY).toContain('geolocation=(self)');
  });
});

/*
 * RFC 9110 §13.1.2: `*` is false, and a GET answered 304, when the server "has a current
 * representation" as it evaluates the condition, which is before it performs the method
 * (§13.2.1). A kept page is one: 304. A page not kept (never sent from here, or answered whole
 * each time) has none until it is made for this very request: the request is performed, 200.
 */
describe('If-None-Match: * (issue 44 item 12)', () => {
  const star = { 'if-none-match': '*' };

  it('answers a page never sent with 200 and the page, and the kept page with 304', async () => {
    const first = await ask('GET', '/about-us', star);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('</html>');
    const kept = await ask('GET', '/about-us', star);
    expect(kept.headers['x-page-cache']).toBe('hit');
    expect(kept.statusCode).toBe(304);
    // A tag the client holds still answers 304, kept or not.
    const tagged = await ask('GET', '/about-us', { 'if-none-match': String(first.headers.etag) });
    expect(tagged.statusCode).toBe(304);
  });

  it('answers whole answers made for each request (robots.txt) with 200', async () => {
    const res = await ask('GET', '/robots.txt', star);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap:');
  });
});
