/*
 * A signed-in reader's city follows them (issue 65 item 4): `PUT /api/me` `edition` by slug or
 * id, answered in `GET /api/me` on any device; null forgets it; an unknown edition is refused
 * with its code and changes nothing; a signed-out caller is refused.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { auth, createAdmin, signUp, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let reader: TestUser;
let jaipur: { _id: string; slug: string };

const put = (edition: unknown, who: TestUser | null = reader) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/me',
    headers: who ? auth(who) : {},
    payload: { edition },
  });
const me = async () => (await t.app.inject({ url: '/api/me', headers: auth(reader) })).json();

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.app);
  reader = await signUp(t.app);
  const add = async (slug: string, kind: string, parentId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/editions',
      headers: auth(admin),
      payload: { slug, kind, parentId, names: { hi: slug, en: slug } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; slug: string };
  };
  const tail = randomBytes(3).toString('hex');
  const state = await add(`raj-${tail}`, 'state', NATIONAL_EDITION_ID);
  jaipur = await add(`jaipur-${tail}`, 'city', state._id);
});
afterAll(async () => t.close());

describe('PUT /api/me edition', () => {
  it('keeps the reader’s city by slug or id, answers it in GET /api/me, and forgets it', async () => {
    expect((await me()).edition).toBeNull();
    const bySlug = await put(jaipur.slug);
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json()).toEqual({ edition: jaipur._id });
    expect((await me()).edition).toBe(jaipur._id);
    expect((await put(jaipur._id)).json()).toEqual({ edition: jaipur._id });
    const forgot = await put(null);
    expect(forgot.json()).toEqual({ edition: null });
    expect((await me()).edition).toBeNull();
  });

  it('refuses an unknown edition (nothing changes) and a signed-out caller', async () => {
    await put(jaipur.slug);
    const unknown = await put('nowhere');
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'edition.unknown']);
    expect((await me()).edition).toBe(jaipur._id);
    const anonymous = await put(jaipur.slug, null);
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'auth.signed_out']);
    expect((await put(42)).statusCode).toBe(400);
  });
});
