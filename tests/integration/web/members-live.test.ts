/*
 * Walled live blogs (issue 66 item 1): a members' live blog's entries follow its body, for every
 * reader class and on every path: the page's HTML and its LiveBlogPosting JSON-LD, React
 * Router's `.data` request and GET /api/articles/{id}/live, whose answers are kept per class
 * (the anonymous one, which shared caches may keep, has none of them; a member's is private),
 * and a gift link's page and polls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_COOKIE } from '../../../common/article-access';
import { READER_COOKIE } from '../../../server/plugins/auth';
import {
  auth,
  complimentaryMember,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  signUp,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let story: { _id: string; slug: string };
let path: string;
let feed: string;

/** A word found only in the blog's entry. */
const SECRET_WORD = 'quarvellous';
const ENTRY = `<p>The ${SECRET_WORD} vote count is in.</p>`;
const OPENING = 'Counting began at eight.';

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  admin = await createAdmin(t.app);
  const category = await createCategory(t.app, admin, { name: 'Results Desk' });
  story = await createArticle(t.app, admin, category._id, {
    name: 'Results live',
    description: `<p>${OPENING}</p><p>More below.</p>`,
    access: 'members',
    liveBlog: true,
  });
  path = `/${category.slug}/${story.slug}`;
  feed = `/api/articles/${story._id}/live`;
  const posted = await t.app.inject({
    method: 'POST',
    url: feed,
    headers: auth(admin),
    payload: { body: ENTRY, keyEvent: true },
  });
  expect(posted.statusCode, posted.body).toBe(201);
}, 300_000);
afterAll(() => t?.close());

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

/** Every path a reader gets the blog's entries by, as `headers` asks for it. */
async function everyPath(headers: Record<string, string> = {}, query = '') {
  const [page, data, json] = await Promise.all(
    [`${path}${query}`, `${path}.data${query}`, `${feed}${query}`].map((url) =>
      t.app.inject({ url, headers }),
    ),
  );
  return { page: page!, data: data!, json: json! };
}

/** Asserts no path shows the entry, and the JSON says so. */
function expectWalled(all: Awaited<ReturnType<typeof everyPath>>, who: string) {
  for (const [name, res] of Object.entries(all)) {
    expect(res.statusCode, `${who} ${name}`).toBe(200);
    expect(res.body, `${who} ${name}`).not.toContain(SECRET_WORD);
  }
  expect(all.page.body, who).toContain(OPENING);
  expect(all.page.body, who).toContain('data-walled="members"');
  expect(all.json.json(), who).toMatchObject({ entries: [], walled: true });
}

describe('a members’ live blog (issue 66 item 1)', () => {
  it('shows its entries to nobody who may not read its body, on the page, .data and the JSON', async () => {
    const anonymous = await everyPath();
    expectWalled(anonymous, 'anonymous');
    // The walled JSON is what every anonymous reader gets: shared caches may keep it.
    expect(anonymous.json.headers['cache-control']).toBe('public, max-age=5, s-maxage=5');
    expect(anonymous.page.body).toContain('"@type":"LiveBlogPosting"');
    expect(anonymous.page.body).not.toContain('data-live-blog=');
    // A signed-in reader without a membership, and a forged member's hint.
    expectWalled(await everyPath(await browserOf(await signUp(t.app))), 'reader');
    expectWalled(await everyPath({ cookie: `${MEMBER_COOKIE}=1` }), 'forged hint');
  });

  it('gives a member the entries in answers kept for their class, never in the shared one', async () => {
    const member = await browserOf(await complimentaryMember(t.app, admin, 'members'));
    const theirs = await everyPath(member);
    for (const [name, res] of Object.entries(theirs)) {
      expect(res.statusCode, name).toBe(200);
      expect(res.body, name).toContain(SECRET_WORD);
    }
    // In the LiveBlogPosting's updates too.
    expect(theirs.page.body).toMatch(/"liveBlogUpdate":\[\{[^\]]*quarvellous/);
    expect(theirs.json.json()).toMatchObject({ walled: false });
    // No shared cache may keep it (a signed-in reader's API answers are `no-store` besides).
    expect(theirs.json.headers['cache-control']).toMatch(/^(private|no-store)/);
    const again = await t.app.inject({ url: feed, headers: member });
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.headers['cache-control']).toMatch(/^(private|no-store)/);
    // A member of a paid plan reads a members' story whole too.
    const paid = await browserOf(await complimentaryMember(t.app, admin, 'paid'));
    expect((await t.app.inject({ url: feed, headers: paid })).body).toContain(SECRET_WORD);
    // The anonymous answers stay walled, with or without `since`.
    expectWalled(await everyPath(), 'anonymous after a member');
    const since = `?since=${encodeURIComponent(new Date(0).toISOString())}`;
    const polled = await t.app.inject({ url: `${feed}${since}` });
    expect(polled.body).not.toContain(SECRET_WORD);
    expect(polled.json()).toMatchObject({ entries: [], walled: true });
  });

  it('answers a member or staff signed in by header whole, privately, and never keeps it for others', async () => {
    const member = await complimentaryMember(t.app, admin, 'members');
    const editor = await createUser(t.app, 'editor');
    for (const who of [member, editor]) {
      for (const query of ['', `?since=${encodeURIComponent(new Date(1).toISOString())}`]) {
        const res = await t.app.inject({ url: `${feed}${query}`, headers: auth(who) });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).toContain(SECRET_WORD);
        expect(res.headers['cache-control']).toMatch(/^(private|no-store)/);
        const after = await t.app.inject({ url: `${feed}${query}` });
        expect(after.body, `anonymous after ${who.role} ${query}`).not.toContain(SECRET_WORD);
      }
    }
  });

  it('opens the entries on a gift link’s page and to its polls, privately', async () => {
    const giver = await complimentaryMember(t.app, admin, 'members');
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${story._id}/gifts`,
      headers: auth(giver),
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = new URL(made.json<{ url: string }>().url).searchParams.get('gift')!;
    const query = `?gift=${encodeURIComponent(token)}`;
    const page = await t.app.inject({ url: `${path}${query}` });
    expect(page.body).toContain(SECRET_WORD);
    // Its polls carry the token, and get the entries in an answer nothing keeps.
    expect(page.body).toContain(`data-live-feed="${feed}?gift=`);
    const json = await t.app.inject({ url: `${feed}${query}` });
    expect(json.body).toContain(SECRET_WORD);
    expect(json.headers['cache-control']).toBe('private, no-store');
    // A token of no gift opens nothing.
    const forged = await t.app.inject({ url: `${feed}?gift=${story._id}.9999999999.x.y` });
    expect(forged.body).not.toContain(SECRET_WORD);
    expectWalled(await everyPath(), 'anonymous after a gift');
  });
});
