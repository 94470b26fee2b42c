/*
 * The first hour (issue 45) as HTML a new site serves: /signup on a site without an account
 * says this account will run the site, and not once one exists (item 7); the footer's map is a
 * preview with a "Show map" button and no frame or address of the map's host to fetch (item 5);
 * the latestCount setting is kept and bounded (item 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../common/settings';
import { users } from '../../../db/schema/users';
import { auth, createAdmin, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const FIRST = 'the account you create now will run the site';

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
}, 240_000);
afterAll(async () => t?.close());

describe('the first account', () => {
  it('/signup on a site without an account says this one will run the site; afterwards not', async () => {
    // A writer without a password (as the demo's are) is no account: the site still has none.
    await t.database.db.insert(users).values({
      name: 'Demo Writer',
      slug: 'demo-writer-first-hour',
      email: 'demo.writer@first-hour.example',
      passwordHash: null,
      role: 'author',
    });
    const before = await get('/signup');
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain(FIRST);
    admin = await createAdmin(t.app);
    expect(admin.role).toBe('administrator');
    const after = await get('/signup');
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain(FIRST);
  });
});

describe("the footer's map", () => {
  it('is a preview with the place and a Show map button; nothing of the map host is fetched', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { mapLocation: 'Hawa Mahal, Jaipur' },
    });
    expect(res.statusCode, res.body).toBe(200);
    let page = await get('/about-us');
    await expect
      .poll(async () => (page = await get('/about-us')).body.includes('Hawa Mahal'), {
        timeout: 30_000,
      })
      .toBe(true);
    const footer = page.body.slice(page.body.indexOf('<footer'));
    expect(footer).toContain('Show map');
    expect(footer).toContain('Hawa Mahal, Jaipur');
    expect(footer).not.toMatch(/<iframe/i);
    expect(footer).not.toMatch(/<noscript/i);
    // The map's address is in a data attribute and a link to open, never a src to fetch.
    expect(page.body).not.toMatch(/\ssrc="https?:\/\/(?!127\.0\.0\.1|localhost)/);
  });
});

describe('the latestCount setting (issue 45 item 3)', () => {
  it('defaults to 6, keeps a value between 3 and 20, and refuses others', async () => {
    expect(DEFAULT_SETTINGS.latestCount).toBe(6);
    const read = await get('/api/settings');
    expect(read.json()).toMatchObject({ latestCount: 6 });
    const put = (latestCount: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { latestCount },
      });
    expect((await put(10)).json()).toMatchObject({ latestCount: 10 });
    for (const bad of [2, 21, 4.5, 'six'])
      expect((await put(bad)).statusCode, String(bad)).toBe(400);
    expect((await put(6)).statusCode).toBe(200);
  });
});
