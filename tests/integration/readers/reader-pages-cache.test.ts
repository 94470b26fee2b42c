/*
 * Issue 37 item 1: a reader's session reads the shared pages. A signed-in reader gets the page
 * cache's kept bytes (a hit, the same bytes as anyone's), with no `Cache-Control: no-store`;
 * their own pages (/profile) and their API calls stay theirs; a staff session still passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READER_COOKIE, AUTH_COOKIE } from '../../../server/plugins/auth';
import { createAdmin, createArticle, createCategory, signUp, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  admin = await createAdmin(t.app);
  reader = await signUp(t.app);
}, 300_000);
afterAll(() => t?.close());

const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));

describe('a reader’s session and the page cache (issue 37 item 1)', () => {
  it('signs a reader in with the reader’s cookie and staff with the staff cookie', async () => {
    const asReader = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: reader.email, password: reader.password },
    });
    expect(asReader.statusCode).toBe(200);
    expect(cookieOf(asReader.headers['set-cookie'], READER_COOKIE)).toBeDefined();
    expect(cookieOf(asReader.headers['set-cookie'], AUTH_COOKIE)).toBeUndefined();
    const asAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: admin.email, password: admin.password },
    });
    expect(cookieOf(asAdmin.headers['set-cookie'], AUTH_COOKIE)).toBeDefined();
    expect(cookieOf(asAdmin.headers['set-cookie'], READER_COOKIE)).toBeUndefined();
  });

  it('gives a signed-in reader the cached bytes an anonymous reader gets', async () => {
    const category = await createCategory(t.app, admin, { name: 'Reader Cache' });
    const article = await createArticle(t.app, admin, category._id, { name: 'Shared story' });
    const readerCookie = { cookie: `${READER_COOKIE}=${reader.token}` };
    for (const url of [`/${category.slug}/${article.slug}`, `/category/${category.slug}`, '/']) {
      // The reader comes first: their render is the one kept, and it must be nobody's.
      const first = await t.app.inject({ url, headers: readerCookie });
      const anonymous = await t.app.inject({ url });
      const again = await t.app.inject({ url, headers: readerCookie });
      expect(first.statusCode, url).toBe(200);
      expect(anonymous.headers['x-page-cache'], url).toBe('hit');
      expect(again.headers['x-page-cache'], url).toBe('hit');
      expect(again.body, url).toBe(anonymous.body);
      expect(first.body, url).toBe(anonymous.body);
      expect(again.body).not.toContain(reader.email);
      expect(again.body).not.toContain('data-signed-in');
      expect(String(again.headers['cache-control'])).not.toMatch(/no-store|private/);
    }
  });

  it('shows Follow and Save buttons whose state is never in the page (item 2)', async () => {
    const category = await createCategory(t.app, admin, { name: 'Buttons Here' });
    const article = await createArticle(t.app, admin, category._id, {
      name: 'Button story',
      tags: ['Buttons Tag'],
    });
    const story = (await t.app.inject({ url: `/${category.slug}/${article.slug}` })).body;
    expect(story).toMatch(
      new RegExp(`<button[^>]*data-save="${article._id}"[^>]*aria-pressed="false"[^>]*>Save<`),
    );
    const section = (await t.app.inject({ url: `/category/${category.slug}` })).body;
    expect(section).toMatch(
      new RegExp(
        `<button[^>]*data-follow="category" data-target="${category._id}"[^>]*aria-pressed="false"[^>]*>Follow<`,
      ),
    );
    const tag = (await t.app.inject({ url: '/tag/buttons-tag' })).body;
    expect(tag).toMatch(/<button[^>]*data-follow="tag" data-target="buttons-tag"[^>]*>Follow</);
    const author = await t.app.inject({ url: `/author/${admin.name.toLowerCase()}` });
    if (author.statusCode === 200)
      expect(author.body).toMatch(/<button[^>]*data-follow="author"[^>]*>Follow</);
  });

  it('keeps the reader’s own pages and calls theirs, and passes staff sessions', async () => {
    const readerCookie = { cookie: `${READER_COOKIE}=${reader.token}` };
    const profile = await t.app.inject({ url: '/profile', headers: readerCookie });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain(reader.email);
    expect(profile.headers['x-page-cache']).toBeUndefined();
    expect(profile.headers['cache-control']).toBe('no-store');
    const me = await t.app.inject({ url: '/api/me', headers: readerCookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(reader.email);
    expect(me.headers['cache-control']).toBe('no-store');
    const staff = await t.app.inject({
      url: '/',
      headers: { cookie: `${AUTH_COOKIE}=${admin.token}` },
    });
    expect(staff.headers['x-page-cache']).toBeUndefined();
    expect(staff.headers['cache-control']).toBe('no-store');
  });
});
