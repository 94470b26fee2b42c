/*
 * Issue 65 item 6: house ads per edition. A creative's `editions` targets it; the public slots
 * answer for `edition=<slug>` holds that edition's creatives and the untargeted ones, and is
 * the same for every reader of the edition (public cache-control, no cookie, no reader).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { auth, createAdmin, testImage, upload, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let imageId: string;
let jaipur: { _id: string; slug: string };
let jodhpur: { _id: string; slug: string };

const unique = () => randomBytes(4).toString('hex');

async function addEdition(kind: string, parentId: string) {
  const slug = `${kind}-${unique()}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/editions',
    headers: auth(admin),
    payload: { slug, kind, parentId, names: { hi: slug, en: slug } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; slug: string };
}
const post = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ads/creatives',
    headers: auth(admin),
    payload: {
      imageId,
      link: 'https://shop.example.in/',
      alt: 'A shop',
      positions: ['header'],
      weight: 1,
      ...payload,
    },
  });
const headerIds = async (query: string) => {
  const res = await t.app.inject({ url: `/api/ads/slots?positions=header${query}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toMatch(/^public/);
  expect(res.headers['set-cookie']).toBeUndefined();
  return (res.json() as Record<string, { _id: string }[]>)['header']!.map((c) => c._id).sort();
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  const made = await upload(t.app, admin, await testImage(728, 90));
  expect(made.statusCode, made.body).toBe(201);
  imageId = made.json<{ _id: string }>()._id;
  const rajasthan = await addEdition('state', NATIONAL_EDITION_ID);
  jaipur = await addEdition('city', rajasthan._id);
  jodhpur = await addEdition('city', rajasthan._id);
  const ads = (await t.app.inject({ url: '/api/settings' })).json().ads;
  const on = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: auth(admin),
    payload: { ads: { ...ads, provider: 'house' } },
  });
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(async () => t?.close());

describe('house ads per edition (issue 65 item 6)', () => {
  it('answers an edition its own creatives and the untargeted ones, never another edition’s', async () => {
    const everywhere = (await post({ name: 'Everywhere' })).json();
    const forJaipur = await post({ name: 'Jaipur jeweller', editions: [jaipur._id] });
    expect(forJaipur.statusCode, forJaipur.body).toBe(201);
    expect(forJaipur.json().editions).toEqual([jaipur._id]);
    const forJodhpur = (await post({ name: 'Jodhpur sweets', editions: [jodhpur._id] })).json();

    expect(await headerIds(`&edition=${jaipur.slug}`)).toEqual(
      [everywhere._id, forJaipur.json()._id].sort(),
    );
    expect(await headerIds(`&edition=${jodhpur.slug}`)).toEqual(
      [everywhere._id, forJodhpur._id].sort(),
    );
    // By its id too, as the reader's city is kept (app/reader/city-key.ts).
    expect(await headerIds(`&edition=${jaipur._id}`)).toEqual(
      [everywhere._id, forJaipur.json()._id].sort(),
    );
    expect(await headerIds('&edition=00000000-0000-4000-8000-000000000000')).toEqual([
      everywhere._id,
    ]);
    // No edition, or one that does not exist: the untargeted creatives only.
    expect(await headerIds('')).toEqual([everywhere._id]);
    expect(await headerIds('&edition=atlantis')).toEqual([everywhere._id]);
  });

  it('refuses a creative for an unknown edition with 400 edition.unknown', async () => {
    const res = await post({ name: 'Nowhere', editions: ['00000000-0000-4000-8000-0000000000ff'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'body.editions', code: 'edition.unknown' });
  });
});
