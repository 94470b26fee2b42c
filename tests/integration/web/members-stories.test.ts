/*
 * Stories for members (issue 39 item 3, docs/decisions/060), on the production build: a `paid`
 * story's third paragraph never reaches a reader who may not read it (its page, the API, the
 * feed, search), and does reach a member of a paid plan; the JSON-LD names the walled part;
 * pages differ by entitlement class, never by person: the anonymous page stays the shared
 * cached one, a member's page is kept per class and marked private.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_COOKIE } from '../../../common/article-access';
import { AUTH_COOKIE, READER_COOKIE } from '../../../server/plugins/auth';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  signUp,
  type TestUser,
  complimentaryMember,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let category: { _id: string; slug: string };
let story: { _id: string; slug: string };
let path: string;

/** Words found nowhere else: the third paragraph's sentence, and a word of it to search for. */
const SECRET = 'The minister signed the zorbulent accord at midnight.';
const SECRET_WORD = 'zorbulent';
const OPENING = 'Delhi woke to the news on Thursday.';
const BODY = `<p>${OPENING}</p><p>The second paragraph says more.</p><p>${SECRET}</p>`;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  admin = await createAdmin(t.app);
  category = await createCategory(t.app, admin, { name: 'Members Desk' });
  story = await createArticle(t.app, admin, category._id, {
    name: 'Accord signed',
    description: BODY,
    access: 'paid',
  });
  path = `/${category.slug}/${story.slug}`;
  const full = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: auth(admin),
    payload: { feedFullText: true },
  });
  expect(full.statusCode, full.body).toBe(200);
}, 300_000);
afterAll(() => t?.close());

/** A reader with a complimentary membership of a new plan with `access`. */
const memberOf = (access: 'members' | 'paid') => complimentaryMember(t.app, admin, access);

/** The reader's browser: their session, and the member's hint GET /api/me/membership set. */
async function browserOf(reader: TestUser): Promise<{ cookie: string }> {
  const session = `${READER_COOKIE}=${reader.token}`;
  const res = await t.app.inject({ url: '/api/me/membership', headers: { cookie: session } });
  expect(res.statusCode, res.body).toBe(200);
  const hint = [res.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith(`${MEMBER_COOKIE}=1`));
  return { cookie: hint ? `${session}; ${MEMBER_COOKIE}=1` : session };
}

describe('a paid story (issue 39 item 3)', () => {
  it('shows anonymous readers its opening and the wall, never its third paragraph', async () => {
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(OPENING);
    expect(page.body).not.toContain(SECRET_WORD);
    expect(page.body).toContain('data-walled="paid"');
    expect(page.body).toContain('This story is for members');
    // Google's markup for subscription content names the walled part.
    expect(page.body).toContain('"isAccessibleForFree":false');
    expect(page.body).toContain('"cssSelector":".article-walled"');
    expect(String(page.headers['cache-control'])).toMatch(/^public/);
    const again = await t.app.inject({ url: path });
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toBe(page.body);
  });

  it('answers the API, the feed and search without it', async () => {
    const byId = await t.app.inject({ url: `/api/articles/article/${story._id}` });
    expect(byId.json()).toMatchObject({ access: 'paid', walled: true });
    expect(byId.body).toContain(OPENING);
    expect(byId.body).not.toContain(SECRET_WORD);
    const byAddress = await t.app.inject({ url: `/api/articles${path}` });
    expect(byAddress.json()).toMatchObject({ walled: true });
    expect(byAddress.body).not.toContain(SECRET_WORD);
    const feed = await t.app.inject({ url: '/feed.xml' });
    expect(feed.body).toContain('Accord signed');
    expect(feed.body).toContain('Delhi woke');
    expect(feed.body).not.toContain(SECRET_WORD);
    const found = await t.app.inject({ url: `/api/search?q=${SECRET_WORD}` });
    expect(found.json()).toMatchObject({ articles: [] });
    const byTitle = await t.app.inject({ url: '/api/search?q=accord' });
    expect(byTitle.body).toContain(story._id);
    expect(byTitle.body).not.toContain(SECRET_WORD);
    const sitemap = await t.app.inject({ url: '/news-sitemap.xml' });
    expect(sitemap.body).not.toContain(SECRET_WORD);
  });

  it('gives a member of a paid plan the whole story on a private page kept for their class', async () => {
    const member = await memberOf('paid');
    const browser = await browserOf(member);
    expect(browser.cookie).toContain(MEMBER_COOKIE);
    const page = await t.app.inject({ url: path, headers: browser });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(SECRET);
    expect(page.body).not.toContain('data-walled');
    expect(page.body).toContain('"cssSelector":".article-walled"');
    // Their views are counted like anyone's: the page carries the same view beacon.
    expect(page.body).toContain(`data-view-article="${story._id}"`);
    expect(String(page.headers['cache-control'])).toBe('private, no-cache');
    // Another member of the class gets the page kept for the class: the same bytes, a hit.
    const other = await browserOf(await memberOf('paid'));
    const kept = await t.app.inject({ url: path, headers: other });
    expect(kept.headers['x-page-cache']).toBe('hit');
    expect(kept.body).toBe(page.body);
    expect(kept.body).not.toContain(member.email);
    // The anonymous page is still the shared one.
    const anonymous = await t.app.inject({ url: path });
    expect(anonymous.headers['x-page-cache']).toBe('hit');
    expect(anonymous.body).not.toContain(SECRET_WORD);
    // The API answers the member whole.
    const api = await t.app.inject({ url: `/api/articles/article/${story._id}`, headers: browser });
    expect(api.json()).toMatchObject({ walled: false });
    expect(api.body).toContain(SECRET);
  });

  it('keeps it from members of a members-only plan, readers without one and a forged hint', async () => {
    const lesser = await browserOf(await memberOf('members'));
    expect(lesser.cookie).toContain(MEMBER_COOKIE);
    const reader = await browserOf(await signUp(t.app));
    expect(reader.cookie).not.toContain(MEMBER_COOKIE);
    const forged = { cookie: `${MEMBER_COOKIE}=1` };
    for (const headers of [lesser, reader, forged]) {
      const page = await t.app.inject({ url: path, headers });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('data-walled="paid"');
      expect(page.body).not.toContain(SECRET_WORD);
    }
  });

  it('opens a members story to any member, and lets only editors choose who may read', async () => {
    const open = await createArticle(t.app, admin, category._id, {
      name: 'For members',
      description: `<p>First.</p><p>Only for the ${SECRET_WORD} club.</p>`,
      access: 'members',
    });
    const at = `/${category.slug}/${open.slug}`;
    const lesser = await browserOf(await memberOf('members'));
    expect((await t.app.inject({ url: at, headers: lesser })).body).toContain('the zorbulent club');
    expect((await t.app.inject({ url: at })).body).not.toContain(SECRET_WORD);
    // An author's `access` is not theirs to choose: the stored choice stays.
    const author = await createUser(t.app, 'author');
    const mine = await createArticle(t.app, author, category._id, { access: 'paid' });
    const read = await t.app.inject({ url: `/api/articles/article/${mine._id}` });
    expect(read.json()).toMatchObject({ access: 'free', walled: false });
  });

  it('shows no ads on a member’s pages when the settings say so, and keeps them for others (item 2)', async () => {
    const now = (await t.app.inject({ url: '/api/settings', headers: auth(admin) })).json() as {
      ads: Record<string, unknown>;
    };
    const slots = [{ position: 'header', sizes: [{ minWidth: 0, width: 320, height: 50 }] }];
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { ads: { ...now.ads, provider: 'house', slots, hideForMembers: true } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const member = await browserOf(await memberOf('members'));
    for (const url of ['/', `/category/${category.slug}`, path]) {
      const anonymous = await t.app.inject({ url });
      expect(anonymous.body, url).toContain('data-ad=');
      const theirs = await t.app.inject({ url, headers: member });
      expect(theirs.statusCode, url).toBe(200);
      expect(theirs.body, url).not.toContain('data-ad=');
    }
  });

  it('counts staff (author and up) as the paid class: whole stories, no ads with the setting', async () => {
    // The ads test above left house ads on with `hideForMembers`.
    const author = await createUser(t.app, 'author');
    const session = `${AUTH_COOKIE}=${author.token}`;
    const hint = await t.app.inject({ url: '/api/me/membership', headers: { cookie: session } });
    expect(hint.statusCode, hint.body).toBe(200);
    expect(hint.json()).toMatchObject({ status: 'none' });
    expect(String(hint.headers['set-cookie'])).toContain(`${MEMBER_COOKIE}=1`);
    const headers = { cookie: `${session}; ${MEMBER_COOKIE}=1` };
    const page = await t.app.inject({ url: path, headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(SECRET);
    expect(page.body).not.toContain('data-walled');
    expect(page.body).not.toContain('data-ad=');
    // A staff session's page is never the shared one (staff pages are not kept at all).
    expect(String(page.headers['cache-control'])).toBe('no-store');
    const api = await t.app.inject({
      url: `/api/articles/article/${story._id}`,
      headers: auth(author),
    });
    expect(api.json()).toMatchObject({ walled: false });
    // A reader signed in without a membership still gets the wall and the ads.
    const reader = await browserOf(await signUp(t.app));
    const theirs = await t.app.inject({ url: path, headers: reader });
    expect(theirs.body).toContain('data-walled="paid"');
    expect(theirs.body).toContain('data-ad=');
  });

  it('offers the plans on a subscription meter’s wall (issue 39 items 2 and 4)', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { meter: { freePerMonth: 3, wall: 'subscription' } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const free = await createArticle(t.app, admin, category._id, { name: 'Metered story' });
    const page = await t.app.inject({ url: `/${category.slug}/${free.slug}` });
    expect(page.body).toMatch(/data-meter-wall="subscription"[\s\S]*href="\/plans"/);
  });
});
