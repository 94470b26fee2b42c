import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { wholeBodyOf, wholeResponse } from '../../common/whole-body';
import { mountFetchHandler, type FetchHandler } from '../../server/plugins/react-router';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function appWith(handler: FetchHandler) {
  const app = Fastify();
  app.get('/api/own', async () => ({ own: true }));
  await mountFetchHandler(app, handler);
  await app.ready();
  close = () => app.close();
  return app;
}

describe('Fastify ↔ React Router adapter', () => {
  it('passes method, full URL, headers and body as a Fetch Request', async () => {
    let seen: { method: string; url: string; header: string | null; body: string } | undefined;
    const app = await appWith(async (request) => {
      seen = {
        method: request.method,
        url: request.url,
        header: request.headers.get('x-test'),
        body: await request.text(),
      };
      return new Response('ok');
    });
    const res = await app.inject({
      method: 'POST',
      url: '/login?redirect=%2Fadmin',
      headers: {
        'x-test': 'yes',
        'content-type': 'application/x-www-form-urlencoded',
        host: 'patrika.test',
      },
      payload: 'email=a%40b.c&password=x',
    });
    expect(res.statusCode).toBe(200);
    expect(seen).toEqual({
      method: 'POST',
      url: 'http://patrika.test/login?redirect=%2Fadmin',
      header: 'yes',
      body: 'email=a%40b.c&password=x',
    });
  });

  it('sends status, headers, every Set-Cookie and a streamed body back', async () => {
    const app = await appWith(async () => {
      const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'x-page': 'home' });
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/');
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('<h1>पत्रिका</h1>'));
          controller.enqueue(new TextEncoder().encode('<p>streamed</p>'));
          controller.close();
        },
      });
      return new Response(body, { status: 404, headers });
    });
    const res = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-page']).toBe('home');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.body).toBe('<h1>पत्रिका</h1><p>streamed</p>');
  });

  it('sends a whole page as the very bytes it was made of, and any other as its body says', async () => {
    const html = Buffer.from('<!DOCTYPE html><h1>पत्रिका</h1>');
    let made: Response | undefined;
    const app = await appWith(async (request) => {
      const init = { headers: { 'content-length': String(html.length) } };
      made = wholeResponse(html, init);
      // A copy (as React Router makes for HEAD) is not the whole page's own: read as a body.
      return request.url.endsWith('/copy') ? new Response(made.body, made) : made;
    });
    const res = await app.inject({ method: 'GET', url: '/whole' });
    expect(res.rawPayload.equals(html)).toBe(true);
    // Sent without reading the Response's stream.
    expect(made?.bodyUsed).toBe(false);
    const copy = await app.inject({ method: 'GET', url: '/whole/copy' });
    expect(copy.rawPayload.equals(html)).toBe(true);
    expect(made?.bodyUsed).toBe(true);
    expect(wholeBodyOf(made!)).toBeUndefined();
  });

  it('answers redirects and empty bodies', async () => {
    const app = await appWith(
      async () => new Response(null, { status: 301, headers: { location: '/new' } }),
    );
    const res = await app.inject({ method: 'GET', url: '/old' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/new');
    expect(res.body).toBe('');
  });

  it('leaves routes Fastify owns alone', async () => {
    const app = await appWith(async () => new Response('page'));
    expect((await app.inject({ method: 'GET', url: '/api/own' })).json()).toEqual({ own: true });
    expect((await app.inject({ method: 'GET', url: '/any/page' })).body).toBe('page');
  });
});
