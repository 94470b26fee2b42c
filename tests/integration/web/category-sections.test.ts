/*
 * Sections inside sections on readers' pages (issue 26 item 6) and category names in the
 * interface's language (item 7): a city's story on its state's page, the breadcrumb seen and
 * in JSON-LD, the menu's tree with every category that has articles (kept pages refreshed when
 * that changes), the Hindi names with uiLanguage = hi, the state's feed.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  updateArticle,
  type TestUser,
} from '../../factories';
import { jsonLdBlocks } from '../../setup/rich-results';
import { settled } from '../../setup/settled';
import { createTestApp, type TestApp } from '../../setup/test-app';

const PUBLIC_URL = 'https://patrika.example';

let t: TestApp;
let admin: TestUser;
let state: Awaited<ReturnType<typeof createCategory>>;
let city: Awaited<ReturnType<typeof createCategory>>;
let cityStory: Awaited<ReturnType<typeof createArticle>>;
let stateStory: Awaited<ReturnType<typeof createArticle>>;

const unique = () => randomBytes(4).toString('hex');
const page = async (url: string) => {
  const res = await settled(() => t.app.inject({ method: 'GET', url }));
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

/** The header's Categories menu, as served. */
function menuOf(html: string): string {
  const start = html.indexOf('<ul class="menu-list menu-tree">');
  expect(start, 'the Categories menu').toBeGreaterThan(-1);
  // The menu's list ends where the Categories <details> does.
  return html.slice(start, html.indexOf('</details>', start));
}

const linkTo = (slug: string, name: string) =>
  new RegExp(`<a [^>]*href="/category/${slug}"[^>]*>${name}</a>`);

const setLanguage = async (uiLanguage: 'hi' | 'en') => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: auth(admin),
    payload: { uiLanguage },
  });
  expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build' });
  admin = await createAdmin(t.app);
  state = await createCategory(t.app, admin, {
    name: `Rajasthan ${unique()}`,
    nameHi: 'राजस्थान',
  });
  city = await createCategory(t.app, admin, {
    name: `Jaipur ${unique()}`,
    nameHi: 'जयपुर',
    parentId: state._id,
  });
  stateStory = await createArticle(t.app, admin, state._id, {
    name: 'Assembly session opens',
    publishedAt: new Date(Date.UTC(2025, 0, 1)).toISOString(),
  });
  cityStory = await createArticle(t.app, admin, city._id, {
    name: 'Pink City metro extends',
    publishedAt: new Date(Date.UTC(2025, 0, 2)).toISOString(),
  });
});
afterAll(async () => t.close());

describe("a state's page", () => {
  it("lists its cities' stories with its own, newest first, and links its sections", async () => {
    const html = await page(`/category/${state.slug}`);
    const main = html.slice(html.indexOf('<main'));
    expect(main).toContain('Pink City metro extends');
    expect(main).toContain(stateStory.name);
    expect(main.indexOf(cityStory.name)).toBeLessThan(main.indexOf(stateStory.name));
    expect(main).toMatch(
      new RegExp(`<nav aria-label="Sections of ${state.name}"[\\s\\S]*?${city.name}</a>`),
    );
  });

  it("and its feed carry the city's story", async () => {
    const feed = await page(`/category/${state.slug}/feed.xml`);
    expect(feed).toContain('Pink City metro extends');
    expect(feed).toContain(`<title>${state.name} | `);
  });
});

describe("a state's home section", () => {
  it("lists its cities' stories too", async () => {
    const set = (homeSectionSlugs: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { homeSectionSlugs },
      });
    const before = (await t.app.inject({ url: '/api/settings' })).json() as {
      homeSectionSlugs: string[];
    };
    expect((await set([state.slug])).statusCode).toBe(200);
    // Three newer stories elsewhere fill Latest Stories: a story appears once on the home
    // (issue 72 item 3), so the state's two would otherwise be Latest's, not its section's.
    const elsewhere = await createCategory(t.app, admin, { name: `Elsewhere ${unique()}` });
    const newer = [];
    for (let i = 0; i < 3; i++)
      newer.push(
        await createArticle(t.app, admin, elsewhere._id, {
          name: `Newer story ${i}`,
          publishedAt: new Date(Date.UTC(2025, 0, 3 + i)).toISOString(),
        }),
      );
    try {
      const html = await page('/');
      // The state's section, up to the end of its <section>.
      const start = html.indexOf(`<section aria-labelledby="section-${state.slug}"`);
      expect(start).toBeGreaterThan(-1);
      const section = html.slice(start, html.indexOf('</section>', start));
      expect(section).toContain(cityStory.name);
      expect(section).toContain(stateStory.name);
    } finally {
      await set(before.homeSectionSlugs);
      for (const story of newer)
        await t.app.inject({
          method: 'DELETE',
          url: `/api/articles/delete/${story._id}`,
          headers: auth(admin),
        });
    }
  });
});

describe('the breadcrumb', () => {
  it("of a city's page names its state, on the page and in its BreadcrumbList", async () => {
    const html = await page(`/category/${city.slug}`);
    const crumbs = html.slice(html.indexOf('<nav aria-label="Breadcrumb"'));
    expect(crumbs).toMatch(/^<nav aria-label="Breadcrumb"[^>]*><ol class="breadcrumb/);
    expect(crumbs).toMatch(linkTo(state.slug, state.name));
    expect(crumbs).toMatch(new RegExp(`aria-current="page"[^>]*>${city.name}</li>`));
    const list = jsonLdBlocks(html).find((b) => b['@type'] === 'BreadcrumbList');
    expect(list?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      {
        '@type': 'ListItem',
        position: 2,
        name: state.name,
        item: `${PUBLIC_URL}/category/${state.slug}`,
      },
      {
        '@type': 'ListItem',
        position: 3,
        name: city.name,
        item: `${PUBLIC_URL}/category/${city.slug}`,
      },
    ]);
  });

  it("of a city's article runs through its state", async () => {
    const html = await page(articlePath(cityStory));
    const list = jsonLdBlocks(html).find((b) => b['@type'] === 'BreadcrumbList');
    expect((list?.itemListElement as { name: string }[]).map((crumb) => crumb.name)).toEqual([
      'Home',
      state.name,
      city.name,
      cityStory.name,
    ]);
  });
});

describe('the menu', () => {
  it('shows the tree, and every category with articles, home or not; an empty one joins with its first article', async () => {
    const empty = await createCategory(t.app, admin, { name: `Stories ${unique()}` });
    const before = menuOf(await page('/about-us'));
    // The state (not a home category) with the city under it.
    expect(before).toMatch(
      new RegExp(
        `${state.name}</a><ul class="menu-sublist"><li><a [^>]*href="/category/${city.slug}"[^>]*>${city.name}</a>`,
      ),
    );
    expect(before).not.toContain(empty.name);

    const story = await createArticle(t.app, admin, empty._id, { name: 'A first story' });
    expect(menuOf(await page('/about-us'))).toMatch(linkTo(empty.slug, empty.name));

    // Taken back to draft, its category has no story readers may see: it leaves the menu.
    const back = await updateArticle(t.app, admin, story, { status: 'draft' });
    expect(back.statusCode).toBe(200);
    expect(menuOf(await page('/about-us'))).not.toContain(empty.name);
  });
});

describe('with uiLanguage = hi', () => {
  it('the menu, the heading, the breadcrumbs and the feed show the Hindi names', async () => {
    await setLanguage('hi');
    try {
      const menu = menuOf(await page('/about-us'));
      expect(menu).toMatch(linkTo(state.slug, 'राजस्थान'));
      expect(menu).toMatch(linkTo(city.slug, 'जयपुर'));

      const html = await page(`/category/${city.slug}`);
      expect(html).toMatch(/<h1 lang="hi">जयपुर<\/h1>/);
      const list = jsonLdBlocks(html).find((b) => b['@type'] === 'BreadcrumbList');
      expect((list?.itemListElement as { name: string }[]).map((c) => c.name)).toEqual([
        'मुखपृष्ठ',
        'राजस्थान',
        'जयपुर',
      ]);
      expect(html).toMatch(/<title>[^<]* \| जयपुर<\/title>/);

      const feed = await page(`/category/${state.slug}/feed.xml`);
      expect(feed).toContain('<title>राजस्थान | ');
      expect(feed).toContain('<category>जयपुर</category>');
    } finally {
      await setLanguage('en');
    }
    // Back in English, the names are the English ones again.
    expect(await page(`/category/${city.slug}`)).toMatch(
      new RegExp(`<h1 lang="en">${city.name}</h1>`),
    );
  });

  it('a renamed Hindi name shows on the pages that show it', async () => {
    await setLanguage('hi');
    try {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/categories/edit',
        headers: auth(admin),
        payload: {
          _id: state._id,
          name: state.name,
          description: state.description,
          nameHi: 'राजस्थान प्रदेश',
        },
      });
      expect(res.statusCode).toBe(200);
      // The city's page names its state in its breadcrumb.
      expect(await page(`/category/${city.slug}`)).toMatch(linkTo(state.slug, 'राजस्थान प्रदेश'));
    } finally {
      await setLanguage('en');
    }
  });
});
