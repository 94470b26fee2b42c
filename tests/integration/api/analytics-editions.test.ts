/*
 * Issue 65 item 6: analytics by edition. `GET /api/analytics/now?edition=` and
 * `GET /api/analytics/top?edition=` count only readers of stories in that edition (through
 * article_editions); without it, everything as before.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import type { AnalyticsNow, AnalyticsTop } from '../../../common/schemas/analytics';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let jaipurStory: { _id: string };
let jodhpurStory: { _id: string };
let jaipur: { _id: string };

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
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
  return res.json() as { _id: string };
}
const view = (articleId: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/event',
    remoteAddress: ip,
    // From the site's own page, as a browser sends it: a reader, not only a view (issue 66 item 11).
    headers: {
      'content-type': 'text/plain',
      'user-agent': CHROME,
      'sec-fetch-site': 'same-origin',
    },
    payload: JSON.stringify({ type: 'view', path: `/s/${articleId}`, articleId, referrer: '' }),
  });
const get = async <T>(url: string) => {
  const res = await t.app.inject({ url, headers: auth(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  const category = await createCategory(t.app, admin);
  const rajasthan = await addEdition('state', NATIONAL_EDITION_ID);
  jaipur = await addEdition('city', rajasthan._id);
  const jodhpur = await addEdition('city', rajasthan._id);
  jaipurStory = await createArticle(t.app, admin, category._id, {
    editions: [jaipur._id],
    primaryEdition: jaipur._id,
  });
  jodhpurStory = await createArticle(t.app, admin, category._id, {
    editions: [jodhpur._id],
    primaryEdition: jodhpur._id,
  });
  // Two readers of the Jaipur story, three of the Jodhpur one.
  for (const ip of ['10.65.0.1', '10.65.0.2']) await view(jaipurStory._id, ip);
  for (const ip of ['10.65.1.1', '10.65.1.2', '10.65.1.3']) await view(jodhpurStory._id, ip);
  await t.app.services.analytics.flush();
  await t.app.services.analytics.rollUp();
});
afterAll(async () => t?.close());

describe('analytics by edition (issue 65 item 6)', () => {
  it('GET /api/analytics/now?edition= counts only readers of that edition’s stories', async () => {
    const all = await get<AnalyticsNow>('/api/analytics/now');
    expect(all.readers).toBe(5);
    const city = await get<AnalyticsNow>(`/api/analytics/now?edition=${jaipur._id}`);
    expect(city.readers).toBe(2);
    expect(city.top.map((s) => s.articleId)).toEqual([jaipurStory._id]);
  });

  it('GET /api/analytics/top?edition= ranks only that edition’s stories', async () => {
    const all = await get<AnalyticsTop>('/api/analytics/top');
    expect(all.rows.map((r) => r.key)).toEqual([jodhpurStory._id, jaipurStory._id]);
    const city = await get<AnalyticsTop>(`/api/analytics/top?edition=${jaipur._id}`);
    expect(city.rows.map((r) => r.key)).toEqual([jaipurStory._id]);
    expect(city.rows[0]).toMatchObject({ views: 2, readers: 2 });
  });

  it('refuses an edition that is not an id with 400', async () => {
    const res = await t.app.inject({
      url: '/api/analytics/now?edition=jaipur',
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(400);
  });
});
