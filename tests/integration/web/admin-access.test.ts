/*
 * Every back-office screen a role may not use answers the same "No access" page with status
 * 403, from the server, before any data is fetched (issue "Structure" §4, DECISIONS.md §2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../common/roles';
import {
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
const people = {} as Record<Role, TestUser>;
let othersArticle: string;
let ownArticle: string;

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  people.administrator = await createAdmin(t.app);
  people.editor = await createUser(t.app, 'editor');
  people.author = await createUser(t.app, 'author');
  people.reader = await createUser(t.app, 'reader');
  const category = await createCategory(t.app, people.editor);
  othersArticle = (await createArticle(t.app, people.editor, category._id))._id;
  ownArticle = (await createArticle(t.app, people.author, category._id))._id;
});
afterAll(async () => t.close());

const open = (url: string, who: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: `patrika_token=${who.token}` } });

/** The lowest role each screen needs. */
const screens: [string, Role][] = [
  ['/admin/dashboard', 'author'],
  ['/admin/analytics', 'author'],
  ['/admin/articles', 'author'],
  ['/admin/add-article', 'author'],
  ['/admin/media', 'author'],
  ['/admin/categories', 'editor'],
  ['/admin/sitemap', 'editor'],
  ['/admin/users', 'administrator'],
  ['/admin/settings', 'administrator'],
  ['/admin/audit', 'administrator'],
  ['/admin/subscribers', 'administrator'],
  ['/admin/newsletters', 'editor'],
  ['/admin/elections', 'editor'],
  ['/admin/webhooks', 'administrator'],
  ['/admin/keys', 'administrator'],
  ['/admin/members', 'administrator'],
];
const order: Role[] = ['reader', 'author', 'editor', 'administrator'];

describe('back-office screens', () => {
  it.each(screens)(
    '%s needs the %s role: 403 "No access" below it, 200 from it',
    async (url, min) => {
      for (const role of order) {
        const res = await open(url, people[role]);
        const allowed = order.indexOf(role) >= order.indexOf(min);
        expect(res.statusCode, `${role} on ${url}`).toBe(allowed ? 200 : 403);
        if (!allowed) {
          expect(res.body).toContain('<h1>No access</h1>');
          expect(res.headers['content-type']).toMatch(/^text\/html/);
        }
      }
    },
  );

  it("refuses an author another author's edit form with 403, and opens their own", async () => {
    const refused = await open(`/admin/edit-article/${othersArticle}`, people.author);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('<h1>No access</h1>');
    expect(refused.body).toContain('This screen needs the editor role or higher.');
    expect((await open(`/admin/edit-article/${ownArticle}`, people.author)).statusCode).toBe(200);
    expect((await open(`/admin/edit-article/${othersArticle}`, people.editor)).statusCode).toBe(
      200,
    );
  });

  it('answers client-side navigation (the .data request) with 403 too', async () => {
    const res = await open(`/admin/edit-article/${othersArticle}.data`, people.author);
    expect(res.statusCode).toBe(403);
    const categories = await open('/admin/categories.data', people.author);
    expect(categories.statusCode).toBe(403);
  });

  it('leaves a missing or malformed article id to the form, which says so in the shell', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await open(`/admin/edit-article/${id}`, people.author)).statusCode).toBe(200);
    }
  });

  it('sends a signed-out visitor to sign in, with the way back', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/categories' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?redirect=%2Fadmin%2Fcategories');
  });
});
