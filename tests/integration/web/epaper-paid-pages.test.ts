/*
 * The paid edition's reader pages (issue 68 item 3): a walled page is its thumbnail and a wall
 * in the page every reader of a class gets; the page never carries a signed address nor the
 * walled page's view, and two different members get the very same bytes (their access comes
 * after load from GET /api/epaper/issues/{id}/access).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_COOKIE } from '../../../common/article-access';
import { EPAPER_SIGNED_PREFIX } from '../../../common/epaper-access';
import { READER_COOKIE } from '../../../common/session-cookies';
import { epaperFiles, epaperPages } from '../../../db/schema/epaper';
import { auth, complimentaryMember, createAdmin, createUser, type TestUser } from '../../factories';
import {
  createCityEdition,
  createEpaperIssue,
  epaperFixture,
  sendPages,
} from '../../factories/epaper';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let city: { _id: string; slug: string };
const hashes: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build', pollJobs: false });
  admin = await createAdmin(t.app);
  const editor = await createUser(t.app, 'editor');
  city = await createCityEdition(t.app, admin);
  const paid = await t.app.inject({
    method: 'PUT',
    url: `/api/editions/${city._id}`,
    headers: auth(admin),
    payload: { epaper: { access: 'paid', freePages: [1] } },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const issue = await createEpaperIssue(t.app, editor, { edition: city.slug, date: '2026-11-29' });
  const sent = await sendPages(t.app, editor, issue._id, [
    { filename: 'jaipur.pdf', data: epaperFixture('three-pages.pdf') },
  ]);
  expect(sent.statusCode, sent.body).toBe(201);
  const rows = await t.app.services.database.db
    .select({ fileId: epaperPages.fileId, hash: epaperFiles.hash })
    .from(epaperPages)
    .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .where(eq(epaperPages.issueId, issue._id))
    .orderBy(epaperPages.number);
  for (const row of rows.slice(0, 2))
    await t.app.services.epaper.processing.runNow('views', row.fileId);
  hashes.push(...rows.map((r) => r.hash));
  const published = await t.app.inject({
    method: 'PUT',
    url: `/api/epaper/issues/${issue._id}`,
    headers: auth(editor),
    payload: { status: 'published' },
  });
  expect(published.statusCode).toBe(200);
}, 300_000);
afterAll(() => t?.close());

/** A member's browser: their session, and the member's hint GET /api/me/membership set. */
async function browserOf(reader: TestUser): Promise<{ cookie: string }> {
  const session = `${READER_COOKIE}=${reader.token}`;
  const res = await t.app.inject({ url: '/api/me/membership', headers: { cookie: session } });
  expect(res.statusCode, res.body).toBe(200);
  const hint = [res.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith(`${MEMBER_COOKIE}=1`));
  return { cookie: hint ? `${session}; ${MEMBER_COOKIE}=1` : session };
}

const page = (n: number) => `/epaper/${city.slug}/2026-11-29/${n}`;

describe('a paid edition’s reader page', () => {
  it('shows page 1 whole and page 2 as its thumbnail under the wall', async () => {
    const one = await t.app.inject({ url: page(1) });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(`/media/epaper/${hashes[0]}/view.avif`);
    expect(one.body).not.toContain('data-epaper-wall');
    const two = await t.app.inject({ url: page(2) });
    expect(two.statusCode).toBe(200);
    expect(two.body).toContain('data-epaper-wall');
    expect(two.body).toContain('This page is for subscribers');
    expect(two.body).toContain(`/media/epaper/${hashes[1]}/thumb.webp`);
    expect(two.body).not.toContain(`/media/epaper/${hashes[1]}/view.`);
    expect(two.body).not.toContain(`${hashes[1]}/tiles_files`);
    expect(two.body).not.toContain(EPAPER_SIGNED_PREFIX);
  });

  it('is the same bytes for two different members, with no signed address and nobody’s name', async () => {
    const first = await complimentaryMember(t.app, admin, 'paid', { includes: ['epaper'] });
    const second = await complimentaryMember(t.app, admin, 'paid', { includes: ['epaper'] });
    const a = await t.app.inject({ url: page(2), headers: await browserOf(first) });
    const b = await t.app.inject({ url: page(2), headers: await browserOf(second) });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    for (const body of [a.body, b.body]) {
      expect(body).not.toContain(EPAPER_SIGNED_PREFIX);
      expect(body).not.toContain(`${hashes[1]}/view.`);
      expect(body).not.toContain(first.email);
      expect(body).not.toContain(second.email);
    }
    // What opens the page for them comes after load, private to each.
    const access = await t.app.inject({
      url: `/api/epaper/issues/${a.body.match(/data-epaper-issue="([^"]+)"/)![1]}/access`,
      headers: await browserOf(first),
    });
    expect(access.headers['cache-control']).toMatch(/^(private, )?no-store$/);
    expect(access.body).toContain(EPAPER_SIGNED_PREFIX);
  });
});
