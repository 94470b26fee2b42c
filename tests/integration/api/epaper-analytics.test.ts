/*
 * The e-paper in the analytics (issue 68 item 5): its issue pages' views counted per edition
 * from the beacons every page sends (no cookie, no stored address), rolled up per site day;
 * clips cut and opened per edition; a story reached from the e-paper counted under the source
 * `epaper`; GET /api/analytics/epaper answers editors (401 signed out, 403 an author), by
 * edition when asked; the rollup job run again counts nothing twice.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEpaper } from '../../../common/schemas/analytics';
import { epaperPages } from '../../../db/schema/epaper';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  someAddress,
  type TestUser,
} from '../../factories';
import {
  createCityEdition,
  createEpaperIssue,
  epaperFixture,
  sendPages,
} from '../../factories/epaper';
import { createTestApp, type TestApp } from '../../setup/test-app';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
let t: TestApp;
let app: FastifyInstance;
let editor: TestUser;
let author: TestUser;
let city: { _id: string; slug: string };
let town: { _id: string; slug: string };
let story: { _id: string };

const beacon = (body: Record<string, unknown>, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/analytics/event',
    remoteAddress: ip,
    headers: {
      'content-type': 'text/plain',
      'user-agent': CHROME,
      'sec-fetch-site': 'same-origin',
    },
    payload: JSON.stringify(body),
  });
const report = (query = '', user: TestUser | null = editor) =>
  app.inject({
    method: 'GET',
    url: `/api/analytics/epaper${query}`,
    ...(user ? { headers: auth(user) } : {}),
  });
const rowOf = (answer: AnalyticsEpaper, id: string) => answer.editions.find((e) => e._id === id);

async function publishedPage(edition: string) {
  const issue = await createEpaperIssue(app, editor, { edition, date: '2026-11-29' });
  const sent = await sendPages(app, editor, issue._id, [
    { filename: 'p.pdf', data: epaperFixture('one-page.pdf') },
  ]);
  expect(sent.statusCode, sent.body).toBe(201);
  const published = await app.inject({
    method: 'PUT',
    url: `/api/epaper/issues/${issue._id}`,
    headers: auth(editor),
    payload: { status: 'published' },
  });
  expect(published.statusCode, published.body).toBe(200);
  const [page] = await t.database.db
    .select({ id: epaperPages.id })
    .from(epaperPages)
    .where(eq(epaperPages.issueId, issue._id));
  return page!.id;
}

beforeAll(async () => {
  t = await createTestApp({}, { pollJobs: false });
  app = t.app;
  const admin = await createAdmin(app);
  editor = await createUser(app, 'editor');
  author = await createUser(app, 'author');
  city = await createCityEdition(app, admin, { hi: 'जयपुर', en: 'Jaipur' });
  town = await createCityEdition(app, admin, { hi: 'कोटा', en: 'Kota' });
  const pageId = await publishedPage(city.slug);
  await publishedPage(town.slug);
  const category = await createCategory(app, editor);
  story = await createArticle(app, editor, category._id);

  const page = `/epaper/${city.slug}/2026-11-29`;
  // Jaipur's issue: two readers from WhatsApp (one twice), one straight in.
  for (const [ip, referrer] of [
    ['10.68.5.1', 'https://web.whatsapp.com/'],
    ['10.68.5.1', 'https://web.whatsapp.com/'],
    ['10.68.5.2', 'https://web.whatsapp.com/'],
    ['10.68.5.3', ''],
  ] as const)
    await beacon({ type: 'view', path: `${page}/1`, referrer }, ip);
  await beacon({ type: 'view', path: page, referrer: '' }, '10.68.5.4');
  // Kota's: one reader. Not an issue's page, or no edition: not counted.
  await beacon(
    { type: 'view', path: `/epaper/${town.slug}/2026-11-29`, referrer: '' },
    '10.68.5.5',
  );
  for (const path of [
    '/epaper',
    '/epaper/clips/x',
    `/epaper/${city.slug}`,
    '/epaper/atlantis/2026-11-29',
  ])
    await beacon({ type: 'view', path, referrer: '' }, '10.68.5.6');
  // A story opened from a box on Jaipur's page: the source `epaper`.
  const from = `${t.config.publicUrl}${page}/1`;
  await beacon({ type: 'view', path: '/s', articleId: story._id, referrer: from }, '10.68.5.7');
  // A clip of Jaipur's page, opened by another reader (and by its maker, never counted).
  const maker = someAddress();
  const cut = await app.inject({
    method: 'POST',
    url: '/api/epaper/clips',
    remoteAddress: maker,
    payload: { pageId, box: { x: 0.1, y: 0.1, w: 0.3, h: 0.2 } },
  });
  expect(cut.statusCode, cut.body).toBe(201);
  const clip = cut.json<{ id: string }>().id;
  for (const ip of [maker, someAddress()])
    await app.inject({ method: 'POST', url: `/api/epaper/clips/${clip}/open`, remoteAddress: ip });
  await app.services.analytics.flush();
  await app.services.analytics.rollUp();
}, 300_000);
afterAll(() => t?.close());

describe('GET /api/analytics/epaper', () => {
  it("answers each edition's page views, readers, clips cut and opened", async () => {
    const res = await report();
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<AnalyticsEpaper>();
    expect(rowOf(answer, city._id)).toEqual({
      _id: city._id,
      names: { hi: 'जयपुर', en: 'Jaipur' },
      views: 5,
      readers: 4,
      clips: 1,
      opens: 1,
    });
    expect(rowOf(answer, town._id)).toMatchObject({ views: 1, readers: 1, clips: 0, opens: 0 });
    expect(answer.editions).toHaveLength(2);
    expect(answer.sources).toEqual([
      { source: 'direct', views: 3 },
      { source: 'whatsapp', views: 3 },
    ]);
  });

  it('counts a story reached from the e-paper under the source epaper', async () => {
    expect((await report()).json<AnalyticsEpaper>().storyViews).toBe(1);
    const top = await app.inject({
      method: 'GET',
      url: '/api/analytics/top?by=source',
      headers: auth(editor),
    });
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json<{ rows: { key: string; views: number }[] }>().rows).toContainEqual(
      expect.objectContaining({ key: 'epaper', views: 1 }),
    );
  });

  it('answers one edition when asked, and a range without the views none', async () => {
    const one = (await report(`?edition=${town._id}`)).json<AnalyticsEpaper>();
    expect(one.editions.map((e) => e._id)).toEqual([town._id]);
    const before = encodeURIComponent('2020-01-01T00:00:00Z');
    const old = (await report(`?from=${before}&to=${before}`)).json<AnalyticsEpaper>();
    expect(old).toMatchObject({ editions: [], sources: [], storyViews: 0 });
  });

  it('counts nothing twice when the rollup runs again', async () => {
    await app.services.analytics.rollUp();
    expect(rowOf((await report()).json<AnalyticsEpaper>(), city._id)).toMatchObject({
      views: 5,
      readers: 4,
    });
  });

  it('is for editors: 401 signed out, 403 an author, 400 a bad edition', async () => {
    expect((await report('', null)).statusCode).toBe(401);
    const refused = await report('', author);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.role_required' });
    expect((await report('?edition=jaipur')).statusCode).toBe(400);
  });
});
