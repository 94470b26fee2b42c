/*
 * A story whose comments close `closeAfterDays` after publication (issue 42 item 6): its kept
 * page, which shows the comment form, is never served once they close, not even stale while it
 * is refreshed; the next reader gets the page that says they are closed. Time is the services'
 * clock, moved past the close.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { commentCalls } from '../../setup/comment-calls';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
const DAY = 86_400_000;
let t: TestApp;
let admin: TestUser;
const c = commentCalls(() => t.app);

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build', clock: time.clock });
  admin = await createAdmin(t.app);
  const set = await c.settings(admin, { open: true, closeAfterDays: 2 });
  expect(set.statusCode, set.body).toBe(200);
}, 300_000);
afterAll(() => t?.close());

/** The shared caches' lifetime a Cache-Control header gives. */
const sharedSeconds = (header: unknown) => {
  const said = /s-maxage=(\d+)/.exec(String(header));
  if (!said) throw new Error(`no s-maxage in ${String(header)}`);
  return Number(said[1]);
};

describe('comments that close some days after publication', () => {
  it('take the form off the kept page the moment they close', async () => {
    const category = await createCategory(t.app, admin);
    // Published two days ago less 30 s: its comments close in 30 s.
    const story = await createArticle(t.app, admin, category._id, {
      publishedAt: new Date(Date.now() - 2 * DAY + 30_000).toISOString(),
    });
    const path = `/${category.slug}/${story.slug}`;
    const first = await t.app.inject({ url: path });
    expect(first.body).toContain('data-open="true"');
    // Shared caches are told to keep it no longer than until the close.
    expect(sharedSeconds(first.headers['cache-control'])).toBeLessThanOrEqual(30);
    const kept = await t.app.inject({ url: path });
    expect(kept.headers['x-page-cache']).toBe('hit');

    // 20 s on, still open: the kept copy is served, to be kept 10 s more at most.
    time.shift(20_000);
    const later = await t.app.inject({ url: path });
    expect(later.headers['x-page-cache']).toBe('hit');
    expect(sharedSeconds(later.headers['cache-control'])).toBeLessThanOrEqual(10);

    // 40 s on, past the close but well within the copy's freshness: the kept copy is not
    // served at all (not even stale), the page says comments are closed.
    time.shift(40_000);
    const closed = await t.app.inject({ url: path });
    expect(closed.headers['x-page-cache']).not.toMatch(/hit|stale/);
    expect(closed.body).toContain('data-open="false"');
    expect(closed.body).toContain('Comments are closed on this story.');
    time.shift(0);
  });
});
