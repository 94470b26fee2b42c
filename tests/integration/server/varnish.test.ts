/*
 * A real front cache, shipped and tested (issue 23 item 6): Debian's varnishd with
 * docs/deploy/varnish.vcl in front of a real Patrika (the production build, listening on a free
 * port) that purges it by tag (CDN_PURGE=varnish). Anonymous pages are kept by Varnish, a
 * signed-in reader is passed, a save's new text and a deletion show through it after the purge.
 * Skipped only where varnishd is not installed outside CI; under CI its absence fails.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheTags } from '../../../common/cache-tags';
import { PURGED_SHARED_SECONDS } from '../../../server/caching/cdn-purge';
import { publicCacheControl } from '../../../server/caching/http-caching';
import { AUTH_COOKIE } from '../../../server/plugins/auth';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { freePort } from '../../setup/spawn-server';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { findVarnishd, startVarnish, type RunningVarnish } from '../../setup/varnish';
import { waitUntil } from '../../setup/wait-until';

const CI = process.env.CI === 'true';
const missing = !findVarnishd();

let t: TestApp | undefined;
let varnish: RunningVarnish | undefined;
let admin: TestUser;
let category: { _id: string; slug: string };

/** X-Varnish names one transaction on a miss or pass, two (this and the object's) on a hit. */
const servedFromCache = (res: Response) =>
  (res.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2;

const through = (path: string, init: RequestInit = {}) => fetch(`${varnish!.url}${path}`, init);

/**
 * A GET with these Cookie headers sent exactly as written (several headers stay several; fetch
 * would join or refuse them), answered with its status and body.
 */
function rawGet(base: string, path: string, cookies: string[]) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    // Raw headers leave out what Node adds to an object's: the Host too.
    const headers = ['host', new URL(base).host, ...cookies.flatMap((c) => ['cookie', c])];
    const req = request(`${base}${path}`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(missing && !CI)(
  `Varnish in front of Patrika${missing ? ' (skipped: varnishd is not installed)' : ''}`,
  () => {
    beforeAll(async () => {
      if (missing)
        throw new Error(
          "varnishd is not installed: CI needs Debian's varnish and varnish-modules (.ci/run)",
        );
      // Varnish's port first: Patrika is told it as the address to purge.
      const port = await freePort();
      t = await createTestApp(
        {
          CDN_PURGE: 'varnish',
          CDN_PURGE_URL: `http://127.0.0.1:${port}/`,
          PUBLIC_URL: `http://127.0.0.1:${port}`,
        },
        { web: 'build' },
      );
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const backendPort = (t.app.server.address() as AddressInfo).port;
      varnish = await startVarnish({ backendPort, port });
      admin = await createAdmin(t.app);
      category = await createCategory(t.app, admin, { name: 'Varnish News' });
    }, 300_000);
    afterAll(async () => {
      // Whatever happened above: no varnishd outlives the file.
      await varnish?.stop();
      await t?.close();
    });

    it('keeps an anonymous page and serves it again itself, for as long as Patrika says', async () => {
      const article = await createArticle(t!.app, admin, category._id, { name: 'Kept story' });
      const path = `/${category.slug}/${article.slug}`;
      const first = await through(path);
      expect(first.status).toBe(200);
      expect(await first.text()).toContain('Kept story');
      expect(first.headers.get('cache-control')).toBe(publicCacheControl(PURGED_SHARED_SECONDS));
      // The VCL's own index is not shown to readers, nor the tags it was made from, which
      // Patrika's own answer carries for this cache.
      expect(first.headers.get('xkey')).toBeNull();
      expect(first.headers.get('surrogate-key')).toBeNull();
      expect(first.headers.get('cache-tag')).toBeNull();
      const backend = (t!.app.server.address() as AddressInfo).port;
      const direct = await fetch(`http://127.0.0.1:${backend}${path}`);
      expect(direct.headers.get('surrogate-key')).toContain(CacheTags.article(article._id));
      const hitsBefore = varnish!.stats()['MAIN.cache_hit'] ?? 0;
      const again = await through(path);
      expect(again.status).toBe(200);
      expect(servedFromCache(again)).toBe(true);
      expect(again.headers.get('x-cache')).toBe('hit');
      expect(again.headers.get('age')).toMatch(/^\d+$/);
      expect(await again.text()).toContain('Kept story');
      // Its own count says so too (a worker adds its counts to the totals a moment later).
      await waitUntil(() => (varnish!.stats()['MAIN.cache_hit'] ?? 0) > hitsBefore, {
        timeoutMs: 20_000,
        message: 'varnishstat never counted the hit',
      });
    });

    it('passes a signed-in reader to Patrika every time, and keeps nothing of theirs', async () => {
      const article = await createArticle(t!.app, admin, category._id, { name: 'Signed story' });
      const path = `/${category.slug}/${article.slug}`;
      for (const headers of [
        { cookie: `theme=dark; ${AUTH_COOKIE}=${admin.token}` },
        auth(admin),
        { cookie: `${AUTH_COOKIE}=${admin.token}` },
      ]) {
        const res = await through(path, { headers });
        expect(res.status).toBe(200);
        expect(servedFromCache(res)).toBe(false);
        expect(res.headers.get('cache-control')).toBe('no-store');
        await res.arrayBuffer();
      }
      // An anonymous reader after them gets a page Varnish fetched for them, not one of those.
      const anonymous = await through(path);
      expect(servedFromCache(anonymous)).toBe(false);
      expect(anonymous.headers.get('cache-control')).toBe(
        publicCacheControl(PURGED_SHARED_SECONDS),
      );
    });

    it('signs a request in through Varnish exactly when Patrika does, whatever the cookie’s spelling, and never shares a signed-in page (issue 44 item 1)', async () => {
      const article = await createArticle(t!.app, admin, category._id, { name: 'Spelled story' });
      const path = `/${category.slug}/${article.slug}`;
      const backend = `http://127.0.0.1:${(t!.app.server.address() as AddressInfo).port}`;
      const menu = `<summary class="nav-link">${admin.name}</summary>`;
      const token = admin.token;
      const spellings: string[][] = [
        [`${AUTH_COOKIE}=${token}`],
        [`${AUTH_COOKIE} =${token}`],
        [`${AUTH_COOKIE}\t=${token}`],
        [` \t${AUTH_COOKIE}=${token}`],
        [`theme=dark;${AUTH_COOKIE}= ${token}`],
        [`broken;${AUTH_COOKIE}=${token}`],
        [`${AUTH_COOKIE}=${token}; ${AUTH_COOKIE}=other`],
        [`${AUTH_COOKIE}="${token}"`],
        [`${AUTH_COOKIE.toUpperCase()}=${token}`],
        [`x${AUTH_COOKIE}=${token}`],
        [`${AUTH_COOKIE}=`],
        // A second Cookie header: Node joins them, and the VCL does too.
        ['theme=dark', `${AUTH_COOKIE}=${token}`],
        ['theme=dark', `${AUTH_COOKIE} = ${token}`],
      ];
      let signedInSomewhere = 0;
      for (const cookies of spellings) {
        const direct = await rawGet(backend, path, cookies);
        const varnished = await rawGet(varnish!.url, path, cookies);
        const label = JSON.stringify(cookies);
        expect(direct.status, label).toBe(200);
        expect(varnished.body.includes(menu), label).toBe(direct.body.includes(menu));
        if (direct.body.includes(menu)) signedInSomewhere++;
        // Whatever was sent before, an anonymous reader never gets the signed-in menu.
        for (const base of [backend, varnish!.url]) {
          const anonymous = await rawGet(base, path, []);
          expect(anonymous.body.includes(menu), `${base} after ${label}`).toBe(false);
        }
      }
      // The spellings above do sign in where the cookie parser reads the name.
      expect(signedInSomewhere).toBe(9);
    });

    it('serves a save’s new text once Patrika purges the page’s tags', async () => {
      const article = await createArticle(t!.app, admin, category._id, { name: 'Old headline' });
      const path = `/${category.slug}/${article.slug}`;
      await (await through(path)).arrayBuffer();
      const kept = await through(path);
      expect(servedFromCache(kept)).toBe(true);
      expect(await kept.text()).toContain('Old headline');

      // The save itself goes through Varnish too (not GET: passed).
      const saved = await through(`/api/articles/${article._id}`, {
        method: 'PUT',
        headers: { ...auth(admin), 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'New headline',
          category: category._id,
          imageUrl: 'https://images.example.com/a.jpg',
          description: '<p>The new text.</p>',
        }),
      });
      expect(saved.status).toBe(200);
      // Without the purge Varnish would keep the old page a day (s-maxage above).
      let last = '';
      await waitUntil(
        async () => {
          last = await (await through(path)).text();
          return last.includes('New headline') && !last.includes('Old headline');
        },
        {
          timeoutMs: 30_000,
          intervalMs: 100,
          message: 'Varnish never served the saved text',
          detail: () => last.slice(0, 500),
        },
      );
      // And keeps the new page in turn.
      await waitUntil(
        async () => {
          const res = await through(path);
          return servedFromCache(res) && (await res.text()).includes('New headline');
        },
        { timeoutMs: 30_000, intervalMs: 100, message: 'Varnish never kept the new page' },
      );
    });

    it('answers 404 for a deleted article once Patrika purges its page', async () => {
      const article = await createArticle(t!.app, admin, category._id, { name: 'Short-lived' });
      const path = `/${category.slug}/${article.slug}`;
      await (await through(path)).arrayBuffer();
      const kept = await through(path);
      expect(servedFromCache(kept)).toBe(true);
      await kept.arrayBuffer();
      const gone = await through(`/api/articles/delete/${article._id}`, {
        method: 'DELETE',
        headers: auth(admin),
      });
      expect(gone.status).toBe(200);
      await waitUntil(
        async () => {
          const res = await through(path);
          await res.arrayBuffer();
          return res.status === 404;
        },
        { timeoutMs: 30_000, intervalMs: 100, message: 'Varnish kept serving a deleted article' },
      );
    });

    it('accepts purges from this machine directly, never through a proxy; hides /metrics', async () => {
      const proxied = await through('/', {
        method: 'PURGE',
        headers: { 'xkey-purge': 'l:latest', 'x-forwarded-for': '203.0.113.7' },
      });
      expect(proxied.status).toBe(403);
      const direct = await through('/', { method: 'PURGE', headers: { 'xkey-purge': 'nothing' } });
      expect(direct.status).toBe(200);
      expect((await through('/metrics')).status).toBe(404);
    });
  },
);
