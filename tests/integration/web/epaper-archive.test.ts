/*
 * The e-paper's archive (issue 68 item 5) as readers get it: /epaper/{edition} lists every month
 * with a public issue back to the first (a draft's month is not there), /epaper/{edition}/month/
 * {YYYY-MM} is that month's calendar with its issues and the way to the months before and after
 * that have one; both kept for anonymous readers without a cookie and refreshed when an issue is
 * published; a month without an issue, a bad month and an unknown edition are 404. An issue's
 * page links its month and the whole archive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpaperIssue } from '../../../common/schemas/epaper';
import { auth, createAdmin, createUser, type TestUser } from '../../factories';
import {
  createCityEdition,
  createEpaperIssue,
  epaperFixture,
  sendPages,
} from '../../factories/epaper';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let editor: TestUser;
let city: { _id: string; slug: string };
let october: EpaperIssue;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const publish = (id: string, status = 'published') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/epaper/issues/${id}`,
    headers: auth(editor),
    payload: { status },
  });

async function issueOn(date: string, published: boolean) {
  const issue = await createEpaperIssue(t.app, editor, { edition: city.slug, date });
  const res = await sendPages(t.app, editor, issue._id, [
    { filename: 'p.pdf', data: epaperFixture('one-page.pdf') },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  if (published) expect((await publish(issue._id)).statusCode).toBe(200);
  return issue;
}

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build', pollJobs: false });
  const admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  city = await createCityEdition(t.app, admin);
  await issueOn('2026-09-30', true);
  october = await issueOn('2026-10-15', false);
  await issueOn('2026-11-02', true);
  await issueOn('2026-11-29', true);
}, 300_000);
afterAll(() => t?.close());

const archive = () => `/epaper/${city.slug}`;
const month = (m: string) => `/epaper/${city.slug}/month/${m}`;
/** The calendar's way to the month before or after (React may part its two texts by a comment). */
const link = (to: string, side: 'earlier' | 'later') =>
  new RegExp(`href="${to}">${side === 'earlier' ? '‹ (<!-- -->)?Earlier' : 'Later(<!-- -->)? ›'}`);

describe('the e-paper’s archive', () => {
  it('lists every month with a public issue back to the first, and no draft’s month', async () => {
    const res = await get(archive());
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body).toContain('Jaipur e-paper archive');
    expect(res.body).toContain('Every issue since the first, 30 September 2026.');
    expect(res.body).toContain(`href="${month('2026-11')}"`);
    expect(res.body).toContain(`href="${month('2026-09')}"`);
    expect(res.body).not.toContain(`href="${month('2026-10')}"`);
    expect(res.body).toContain('2 issues');
    expect(res.body).toContain('1 issue<');
  });

  it('shows a month: its days with an issue, its issues, and the months around it with one', async () => {
    const res = await get(month('2026-11'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Jaipur e-paper, November 2026');
    for (const date of ['2026-11-02', '2026-11-29'])
      expect(res.body).toContain(`href="/epaper/${city.slug}/${date}"`);
    expect(res.body).not.toContain(`href="/epaper/${city.slug}/2026-11-03"`);
    // Back past October's draft to September; nothing later.
    expect(res.body).toMatch(link(month('2026-09'), 'earlier'));
    expect(res.body).not.toMatch(/Later(<!-- -->)? ›/);
    expect(res.body).toContain(`href="${archive()}">All dates`);
    expect(res.body).toContain('1 page');
  });

  it('is 404 for a month without an issue, a month that is none, and an unknown edition', async () => {
    for (const url of [
      month('2026-10'),
      month('2026-12'),
      month('2026-13'),
      month('2026-1'),
      month('november'),
      '/epaper/atlantis',
      '/epaper/atlantis/month/2026-11',
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('is kept for anonymous readers without a cookie, and refreshed when an issue is published', async () => {
    const first = await get(archive());
    expect(first.headers['cache-control']).toMatch(/^public/);
    expect(first.headers['set-cookie']).toBeUndefined();
    const again = await get(archive());
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    expect((await get(month('2026-09'))).body).toMatch(link(month('2026-11'), 'later'));
    expect((await publish(october._id)).statusCode).toBe(200);
    // The kept copies are made again while the old one is served once (stale-while-revalidate).
    await expect
      .poll(async () => (await get(archive())).body, { timeout: 30_000 })
      .toContain(`href="${month('2026-10')}"`);
    expect((await get(month('2026-10'))).statusCode).toBe(200);
    await expect
      .poll(async () => (await get(month('2026-09'))).body, { timeout: 30_000 })
      .toMatch(link(month('2026-10'), 'later'));
  });

  it('is reached from an issue’s page: its month and all dates', async () => {
    const res = await get(`/epaper/${city.slug}/2026-11-29`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`href="${month('2026-11')}"`);
    expect(res.body).toContain(`href="${archive()}">All dates`);
  });
});
