/*
 * Reading lists' deep pages as readers and crawlers get them (issue 71 item 2,
 * docs/decisions/069): numbers for the first pages, then the key of the last story shown; a key
 * page has its own canonical address, title and links both ways; an older numbered address
 * past the numbered pages moves (301) to its key; a bad key or one past the end is 404.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_PAGE_SIZE } from '../../../common/articles';
import { NUMBERED_PAGES } from '../../../common/list-keys';
import { createTestApp, type TestApp } from '../../setup/test-app';

const PUBLIC_URL = 'https://patrika.example';
/** Three pages past the numbered ones, the last of them short. */
const STORIES = (NUMBERED_PAGES + 2) * CATEGORY_PAGE_SIZE + 4;

let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });

const links = (html: string) =>
  [...html.matchAll(/<a\b[^>]*>/g)].map((m) => ({
    href: /href="([^"]*)"/.exec(m[0])?.[1]?.replace(/&amp;/g, '&'),
    rel: /rel="([^"]*)"/.exec(m[0])?.[1],
  }));
const headLink = (html: string, rel: string) =>
  [...html.slice(0, html.indexOf('</head>')).matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((l) => l.includes(`rel="${rel}"`))
    .map((l) => /href="([^"]*)"/.exec(l)?.[1]?.replace(/&amp;/g, '&'));
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
/** The story slugs of the page's cards, in order. */
const slugsOf = (html: string) =>
  [...html.matchAll(/href="\/deep\/(deep-story-\d+)"/g)]
    .map((m) => m[1]!)
    .filter((s, i, all) => all.indexOf(s) === i);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build' });
  const { db } = t.database;
  await db.execute(
    sql`INSERT INTO categories (id, name, slug) VALUES ('00000000-0000-4000-a000-0000000000d1', 'Deep', 'deep')`,
  );
  // Story n is the n-th newest: a minute apart, the newest an hour ago.
  await db.execute(sql`INSERT INTO articles (name, slug, category_id, published_at, description)
    SELECT 'Deep story ' || g, 'deep-story-' || g, '00000000-0000-4000-a000-0000000000d1',
      now() - interval '1 hour' - g * interval '1 minute', '<p>Deep.</p>'
    FROM generate_series(1, ${STORIES}) g`);
});
afterAll(async () => t?.close());

const story = (n: number) => `deep-story-${n}`;
const range = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => story(from + i));

describe('a category past its numbered pages', () => {
  it('its last numbered page links on by key; the key page shows the next stories with links both ways', async () => {
    const last = await get(`/category/deep?page=${NUMBERED_PAGES}`);
    expect(last.statusCode).toBe(200);
    const from = (NUMBERED_PAGES - 1) * CATEGORY_PAGE_SIZE + 1;
    expect(slugsOf(last.body)).toEqual(range(from, CATEGORY_PAGE_SIZE));
    const next = links(last.body).find((l) => l.rel === 'next')?.href;
    expect(next).toMatch(/^\/category\/deep\?before=\d{17}\.[0-9a-f-]{36}$/);
    expect(last.body).toContain(`Page ${NUMBERED_PAGES} of ${NUMBERED_PAGES + 3}`);

    const keyPage = await get(next!);
    expect(keyPage.statusCode).toBe(200);
    const deeper = NUMBERED_PAGES * CATEGORY_PAGE_SIZE + 1;
    expect(slugsOf(keyPage.body)).toEqual(range(deeper, CATEGORY_PAGE_SIZE));
    // Its own address is its canonical one, and its title says where it starts.
    expect(headLink(keyPage.body, 'canonical')).toEqual([`${PUBLIC_URL}${next}`]);
    expect(titleOf(keyPage.body)).toMatch(/^Patrika \| Deep \(Stories from .+ and earlier\)$/);
    expect(keyPage.body).toMatch(/Stories from [^<]+ and earlier/);
    // Previous goes back to the stories of the numbered page before it.
    const previous = links(keyPage.body).find((l) => l.rel === 'prev')?.href;
    const back = await get(previous!);
    expect(slugsOf(back.body)).toEqual(range(from, CATEGORY_PAGE_SIZE));
    expect(headLink(keyPage.body, 'prev')).toEqual([`${PUBLIC_URL}${previous}`]);

    // On to the end: the last page is short and has no Next.
    let page = keyPage;
    const seen = [...slugsOf(keyPage.body)];
    for (;;) {
      const older = links(page.body).find((l) => l.rel === 'next')?.href;
      if (!older) break;
      page = await get(older);
      expect(page.statusCode).toBe(200);
      seen.push(...slugsOf(page.body));
    }
    expect(seen).toEqual(range(deeper, STORIES - deeper + 1));
  });

  it('an older numbered address past the numbered pages moves to its key, for good', async () => {
    const deep = NUMBERED_PAGES + 2;
    const moved = await get(`/category/deep?page=${deep}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toMatch(/^\/category\/deep\?before=\d{17}\.[0-9a-f-]{36}$/);
    const page = await get(String(moved.headers.location));
    expect(slugsOf(page.body)).toEqual(
      range((deep - 1) * CATEGORY_PAGE_SIZE + 1, CATEGORY_PAGE_SIZE),
    );
    // Past the last page there is nothing to move to.
    expect((await get(`/category/deep?page=${NUMBERED_PAGES + 4}`)).statusCode).toBe(404);
  });

  it('a key that names nothing, or one past the last story, is not a page', async () => {
    for (const bad of [
      'nonsense',
      '20250101000000000',
      '2025010100000000.x',
      '20251301000000000.00000000-0000-4000-a000-000000000001',
    ])
      expect((await get(`/category/deep?before=${bad}`)).statusCode, bad).toBe(404);
    // Before the oldest story: an empty page.
    expect(
      (await get('/category/deep?before=20000101000000000.00000000-0000-4000-a000-000000000001'))
        .statusCode,
    ).toBe(404);
  });
});
