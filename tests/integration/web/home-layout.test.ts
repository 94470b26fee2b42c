/*
 * The home page's layouts (issue 25 item 5, docs/decisions/033): the setting `homeLayout`
 * (validated, administrators only, optional on the wire), SPEC.md's magazine home unchanged by
 * default, and the news home: a lead story, a Latest list of headlines with their times in the
 * site's zone and the interface language, dated compact cards in the home sections, the
 * breaking band on top, and a publish that refreshes it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheTags } from '../../../common/cache-tags';
import { DEFAULT_SETTINGS } from '../../../common/settings';
import { articlePath } from '../../../common/paths';
import { LIVE_ON_HOME } from '../../../app/features/home/home-lists';
import { siteSettings } from '../../../db/schema/site';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  updateArticle,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
type Created = Awaited<ReturnType<typeof createArticle>>;
type Category = Awaited<ReturnType<typeof createCategory>>;
let sections: Category[] = [];
/** Every article of this file, newest first. */
let newest: Created[] = [];

/** The newest article's time: 14 March 2025, 08:30 UTC (14:00 in Asia/Kolkata). */
const NEWEST_AT = Date.parse('2025-03-14T08:30:00Z');

const get = (url: string) => t.app.inject({ method: 'GET', url });
const putSettings = (who: TestUser | undefined, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: who ? auth(who) : {},
    payload,
  });
const storedSettings = async () => {
  const [row] = await t.database.db
    .select({ data: siteSettings.data })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return row?.data;
};

/**
 * A page once any refresh a change asked for has run: a kept page is served stale while one
 * render refreshes it (docs/decisions/029).
 */
async function settled(url: string) {
  let res = await get(url);
  await expect
    .poll(async () => (res = await get(url)).headers['x-page-cache'] !== 'stale', {
      timeout: 30_000,
    })
    .toBe(true);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res;
}

// ---- Reading HTML without a DOM: React's server output is regular enough for these. ----

const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const textOf = (html: string) =>
  decode(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
/** Elements that do not nest in themselves, with their opening tag's text and inner HTML. */
const elements = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}(?=[\\s>])([^>]*)>([\\s\\S]*?)</${name}>`, 'gi'))].map(
    (m) => ({ attrs: m[1] as string, inner: m[2] as string }),
  );
const attr = (attrs: string, name: string) =>
  decode(new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1] ?? '');
const hrefs = (html: string) => elements(html, 'a').map((a) => attr(a.attrs, 'href'));
/** The `<section>` labelled by `label` (aria-label) or whose h2 reads it. */
const section = (html: string, label: string) =>
  elements(mainOf(html), 'section').find(
    (s) =>
      attr(s.attrs, 'aria-label') === label ||
      elements(s.inner, 'h2').some((h) => textOf(h.inner) === label),
  );
const cards = (html: string) =>
  elements(html, 'article').filter((a) => /\bcard\b/.test(attr(a.attrs, 'class')));

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  sections = [];
  for (const name of ['Desh', 'Videsh', 'Khel'])
    sections.push(await createCategory(t.app, admin, { name: `${name} ${Date.now()}` }));
  // Twenty-one stories a minute apart, the newest first, seven in each section: the lead and
  // six headlines leave each section three more.
  newest = [];
  for (let i = 0; i < 21; i++) {
    newest.push(
      await createArticle(t.app, admin, sections[i % 3]!._id, {
        name: `Story ${String(i + 1).padStart(2, '0')} of the day`,
        language: 'en',
        publishedAt: new Date(NEWEST_AT - i * 60_000).toISOString(),
      }),
    );
  }
  const res = await putSettings(admin, { homeSectionSlugs: sections.map((s) => s.slug) });
  expect(res.statusCode, res.body).toBe(200);
}, 240_000);

afterAll(async () => t?.close());

describe('the homeLayout setting', () => {
  it('is magazine on a fresh site and when the stored settings predate it', async () => {
    expect((await get('/api/settings')).json().homeLayout).toBe('magazine');
    // A site saved before the setting existed: its row has no such key.
    const { homeLayout, ...older } = (await storedSettings()) as Record<string, unknown>;
    expect(homeLayout).toBe('magazine');
    await t.database.db.update(siteSettings).set({ data: older }).where(eq(siteSettings.id, 1));
    expect(await storedSettings()).not.toHaveProperty('homeLayout');
    expect((await get('/api/settings')).json().homeLayout).toBe('magazine');
  });

  it('refuses a bad value or a non-administrator with nothing changed', async () => {
    const before = (await get('/api/settings')).json();
    const storedBefore = await storedSettings();
    for (const bad of ['tabloid', '', 'NEWS', 1, null]) {
      const res = await putSettings(admin, { homeLayout: bad, contactPhone: '+91 000' });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('body.homeLayout');
    }
    expect((await putSettings(editor, { homeLayout: 'news' })).statusCode).toBe(403);
    expect((await putSettings(undefined, { homeLayout: 'news' })).statusCode).toBe(401);
    expect((await get('/api/settings')).json()).toEqual(before);
    expect(await storedSettings()).toEqual(storedBefore);
  });

  it('is optional on the wire: a save that leaves it out keeps it', async () => {
    expect((await putSettings(admin, { homeLayout: 'news' })).json().homeLayout).toBe('news');
    const res = await putSettings(admin, { contactPhone: '+91 141 000 1111' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ homeLayout: 'news', contactPhone: '+91 141 000 1111' });
    expect(await storedSettings()).toMatchObject({ homeLayout: 'news' });
    expect((await putSettings(admin, { homeLayout: 'magazine' })).json().homeLayout).toBe(
      'magazine',
    );
  });
});

describe('the magazine home (the default)', () => {
  it("is SPEC.md's page: the heading, Latest Stories and the sections of three Read More cards, each dated beside its byline", async () => {
    const res = await settled('/');
    const main = mainOf(res.body);
    expect(elements(main, 'h1').map((h) => textOf(h.inner))).toEqual([
      'Read latest and other stories',
    ]);
    expect(res.body).toContain('<title>Patrika | Read latest and other stories</title>');
    const latest = section(res.body, 'Latest Stories');
    expect(hrefs(latest?.inner ?? '').filter((h, i, all) => all.indexOf(h) === i)).toEqual(
      newest.slice(0, 3).map(articlePath),
    );
    const shown: string[] = cards(latest?.inner ?? '').map((c) => hrefs(c.inner)[0]!);
    for (const category of sections) {
      const list = cards(section(res.body, category.name)?.inner ?? '');
      expect(list, category.name).toHaveLength(3);
      for (const card of list) expect(textOf(card.inner)).toMatch(/Read More/);
      shown.push(...list.map((c) => hrefs(c.inner)[0]!));
    }
    // A story appears once (issue 72 item 3): Latest's newest three are not a section's cards
    // again, nor is one section's card another's.
    expect(shown).toHaveLength(3 + 3 * sections.length);
    expect(new Set(shown).size).toBe(shown.length);
    // Every card says its day beside its byline (issue 45 item 3), as the browser rewrites a
    // fresh one ("2 hours ago"); none of the news home's pieces.
    for (const card of cards(latest?.inner ?? '')) {
      const byline = elements(card.inner, 'p').find((p) => /card-byline/.test(p.attrs));
      const [time] = elements(byline?.inner ?? '', 'time');
      expect(attr(time?.attrs ?? '', 'data-relative')).toBe('en-IN');
      expect(textOf(time?.inner ?? '')).toMatch(/^\d{1,2} March 2025$/);
    }
    // ...in the words the page carries, so its script needs no Intl (common/relative-time.ts).
    expect(res.body).toContain(
      '<body data-ago="now|1 minute ago|# minutes ago|1 hour ago|# hours ago|0123456789">',
    );
    expect(main).not.toContain('card-meta');
    expect(section(res.body, 'Lead story')).toBeUndefined();
  });
});

describe('the news home', () => {
  beforeAll(async () => {
    const res = await putSettings(admin, { homeLayout: 'news' });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await putSettings(admin, {
      homeLayout: 'magazine',
      uiLanguage: 'en',
      timeZone: 'Asia/Kolkata',
    });
    await t.app.inject({ method: 'DELETE', url: '/api/breaking', headers: auth(admin) });
  });

  it('leads with the newest story, then lists the next latestCount (6) headlines with their times, newest first', async () => {
    const res = await settled('/');
    const main = mainOf(res.body);
    expect(elements(main, 'h1').map((h) => textOf(h.inner))).toEqual(['Top stories']);
    expect(res.body).toContain('<title>Patrika | Top stories</title>');

    const lead = section(res.body, 'Lead story');
    const leadStory = newest[0]!;
    expect(textOf(elements(lead?.inner ?? '', 'h2')[0]?.inner ?? '')).toBe(leadStory.name);
    expect(hrefs(lead?.inner ?? '')).toContain(articlePath(leadStory));
    expect(lead?.inner).toMatch(/<img [^>]*fetchPriority="high"|<img [^>]*fetchpriority="high"/);
    // The lead says its section (linked) and its day.
    expect(hrefs(lead?.inner ?? '')).toContain(`/category/${sections[0]!.slug}`);
    expect(textOf(lead?.inner ?? '')).toContain('14 March 2025');

    const latest = section(res.body, 'Latest');
    const items = elements(elements(latest?.inner ?? '', 'ol')[0]?.inner ?? '', 'li');
    expect(items).toHaveLength(DEFAULT_SETTINGS.latestCount);
    const expected = newest.slice(1, 1 + DEFAULT_SETTINGS.latestCount);
    items.forEach((item, i) => {
      const story = expected[i]!;
      expect(hrefs(item.inner)).toEqual([articlePath(story)]);
      const [time] = elements(item.inner, 'time');
      expect(new Date(attr(time?.attrs ?? '', 'dateTime')).toISOString()).toBe(story.publishedAt);
      // Asia/Kolkata is UTC+5:30: the second story went out at 08:29 UTC.
      const minute = String(59 - i).padStart(2, '0');
      expect(textOf(time?.inner ?? ''), story.name).toBe(`14 Mar, 13:${minute}`);
    });
  });

  it('shows the home sections as dated cards, three each, without a story shown above them', async () => {
    const res = await settled('/');
    for (const category of sections) {
      const list = cards(section(res.body, category.name)?.inner ?? '');
      const shown = list.map((c) => hrefs(c.inner)).map((links) => links[0]);
      const own = newest.filter((a) => a.category._id === category._id);
      // The lead and the headlines appear once on the page (issue 45 item 3).
      const above = new Set(newest.slice(0, 1 + DEFAULT_SETTINGS.latestCount).map((a) => a._id));
      const expected = own.filter((a) => !above.has(a._id)).slice(0, 3);
      expect(shown, category.name).toEqual(expected.map(articlePath));
      for (const [i, card] of list.entries()) {
        const meta = elements(card.inner, 'p').find((p) => /card-meta/.test(p.attrs));
        expect(hrefs(meta?.inner ?? '')).toEqual([`/category/${category.slug}`]);
        const [time] = elements(meta?.inner ?? '', 'time');
        expect(attr(time?.attrs ?? '', 'dateTime')).toBe(expected[i]!.publishedAt);
        expect(textOf(time?.inner ?? '')).toBe('14 March 2025');
      }
    }
  });

  it('carries the tags a publish refreshes it by, and a new story becomes the lead', async () => {
    const res = await settled('/');
    const tags = String(res.headers['cache-tag']).split(',');
    expect(tags).toContain(CacheTags.latest);
    for (const category of sections) expect(tags).toContain(CacheTags.categoryList(category._id));
    for (const a of newest.slice(0, 11)) expect(tags).toContain(CacheTags.article(a._id));

    const fresh = await createArticle(t.app, admin, sections[1]!._id, {
      name: 'Counting begins',
      language: 'en',
    });
    const after = await settled('/');
    const lead = section(after.body, 'Lead story');
    expect(textOf(elements(lead?.inner ?? '', 'h2')[0]?.inner ?? '')).toBe('Counting begins');
    const latest = section(after.body, 'Latest');
    // The former lead heads the list now.
    expect(hrefs(latest?.inner ?? '')[0]).toBe(articlePath(newest[0]!));
    await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${fresh._id}`,
      headers: auth(admin),
    });
  });

  it('speaks Hindi and writes times in the site’s zone', async () => {
    expect(
      (await putSettings(admin, { uiLanguage: 'hi', timeZone: 'Europe/London' })).statusCode,
    ).toBe(200);
    const res = await settled('/');
    const main = mainOf(res.body);
    expect(elements(main, 'h1').map((h) => textOf(h.inner))).toEqual(['मुख्य ख़बरें']);
    const latest = section(res.body, 'ताज़ा ख़बरें');
    expect(latest).toBeDefined();
    const [first] = elements(latest?.inner ?? '', 'time');
    // London is on GMT in March until the 30th: 08:29 UTC is 08:29 there.
    expect(textOf(first?.inner ?? '')).toBe('14 मार्च, 08:29');
    expect(first?.attrs).toContain('lang="hi"');
    expect(section(res.body, 'सबसे बड़ी ख़बर')).toBeDefined();
    const meta = elements(main, 'p').find((p) => /card-meta/.test(p.attrs));
    expect(textOf(meta?.inner ?? '')).toMatch(/14 मार्च 2025$/);
    await putSettings(admin, { uiLanguage: 'en', timeZone: 'Asia/Kolkata' });
  });

  it('has the breaking band on top, above the lead story', async () => {
    const band = await t.app.inject({
      method: 'POST',
      url: '/api/breaking',
      headers: auth(admin),
      payload: { text: 'Polls close at six', articleId: newest[2]!._id },
    });
    expect(band.statusCode, band.body).toBe(201);
    let html = '';
    await expect
      .poll(async () => (html = (await get('/')).body).includes('Polls close at six'), {
        timeout: 30_000,
      })
      .toBe(true);
    const at = html.indexOf('class="breaking-band"');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(html.indexOf('<main'));
    expect(at).toBeLessThan(html.indexOf('aria-label="Lead story"'));
  });

  it('a live blog in the lead or the Latest list wears the LIVE badge, and is not shown twice', async () => {
    // Four live blogs, newest first: "Live now" holds three (LIVE_ON_HOME); the fourth is the
    // newest story below them, the lead, with its badge. None of them appears twice (issue 72
    // item 3: the first two screens show a story once).
    const blogs = [];
    for (let i = 0; i < LIVE_ON_HOME + 1; i++)
      blogs.push(
        await createArticle(t.app, admin, sections[2]!._id, {
          name: `Counting day ${i + 1}, live`,
          language: 'en',
          liveBlog: true,
          publishedAt: new Date(Date.now() - i * 60_000).toISOString(),
        }),
      );
    const res = await settled('/');
    const onTop = cards(section(res.body, 'Live now')?.inner ?? '').map((c) => textOf(c.inner));
    expect(onTop).toHaveLength(LIVE_ON_HOME);
    const lead = section(res.body, 'Lead story');
    expect(textOf(lead?.inner ?? '')).toMatch(/^LIVE Counting day 4, live/);
    for (const text of onTop) expect(text).not.toContain('Counting day 4');
    // The others are not live, and no live blog on top is a headline again.
    expect(textOf(section(res.body, 'Latest')?.inner ?? '')).not.toContain('LIVE');
    expect(textOf(section(res.body, 'Latest')?.inner ?? '')).not.toContain('Counting day');
    for (const blog of blogs)
      await t.app.inject({
        method: 'DELETE',
        url: `/api/articles/delete/${blog._id}`,
        headers: auth(admin),
      });
  });

  it('live blogs running now lead the page under "Live now"; one that ends leaves it', async () => {
    expect(section((await settled('/')).body, 'Live now')).toBeUndefined();
    const blog = await createArticle(t.app, admin, sections[1]!._id, {
      name: 'Budget speech, live',
      language: 'en',
      liveBlog: true,
      publishedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    });
    const live = section((await settled('/')).body, 'Live now');
    expect(live).toBeDefined();
    expect(cards(live!.inner).map((c) => textOf(c.inner))).toEqual([
      expect.stringMatching(/^LIVE Budget speech, live/),
    ]);
    const ended = await updateArticle(t.app, admin, blog, { liveBlog: false });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(section((await settled('/')).body, 'Live now')).toBeUndefined();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${blog._id}`,
      headers: auth(admin),
    });
  });

  it('back to magazine, the page is SPEC.md’s again', async () => {
    await putSettings(admin, { homeLayout: 'magazine' });
    const res = await settled('/');
    expect(elements(mainOf(res.body), 'h1').map((h) => textOf(h.inner))).toEqual([
      'Read latest and other stories',
    ]);
    expect(section(res.body, 'Lead story')).toBeUndefined();
    await putSettings(admin, { homeLayout: 'news' });
  });
});
