/*
 * Gift links (issue 39 item 5), on the production build: a member gives a members' story as a
 * link that opens it to anyone for 7 days, 5 gifts a calendar month. The gift page is whole,
 * private and never kept; the plain address's shared page stays walled and cached; an expired,
 * forged or other story's token gets the walled page's bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_COOKIE } from '../../../common/article-access';
import { READER_COOKIE } from '../../../server/plugins/auth';
import { shiftedClock } from '../../setup/clock';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  signUp,
  type TestUser,
  complimentaryMember,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

const PUBLIC_URL = 'https://patrika.example';
const DAY = 86_400_000;
const time = shiftedClock();

let t: TestApp;
let admin: TestUser;
let category: { _id: string; slug: string };
let story: { _id: string; slug: string };
let other: { _id: string; slug: string };
let path: string;

const SECRET = 'The committee quietly approved the frimbleton bridge.';
const SECRET_WORD = 'frimbleton';
const BODY = `<p>Mumbai heard it first.</p><p>More came later.</p><p>${SECRET}</p>`;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build', clock: time.clock });
  admin = await createAdmin(t.app);
  category = await createCategory(t.app, admin, { name: 'Gift Desk' });
  story = await createArticle(t.app, admin, category._id, {
    name: 'Bridge approved',
    description: BODY,
    access: 'members',
  });
  other = await createArticle(t.app, admin, category._id, {
    name: 'Another members story',
    description: `<p>Opening.</p><p>The ${SECRET_WORD} second.</p>`,
    access: 'members',
  });
  path = `/${category.slug}/${story.slug}`;
}, 300_000);
afterAll(() => t?.close());

/** A reader with a complimentary membership of a new plan opening `access` stories. */
const member = (access: 'members' | 'paid' = 'members') =>
  complimentaryMember(t.app, admin, access);

async function signIn(reader: TestUser): Promise<TestUser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email: reader.email, password: reader.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...reader, token: res.json<{ token: string }>().token };
}

async function give(reader: TestUser, id = story._id) {
  return t.app.inject({ method: 'POST', url: `/api/articles/${id}/gifts`, headers: auth(reader) });
}

/** The address a gift's URL names, on this app (its path and query). */
const local = (url: string) => url.slice(PUBLIC_URL.length);

describe('gift links (issue 39 item 5)', () => {
  it('opens the story whole at the gift address, privately, and keeps the plain page walled and cached', async () => {
    const plain = await t.app.inject({ url: path });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).not.toContain(SECRET_WORD);
    expect((await t.app.inject({ url: path })).headers['x-page-cache']).toBe('hit');
    const made = await give(await member());
    expect(made.statusCode, made.body).toBe(201);
    const gift = made.json() as { url: string; expiresAt: string; remaining: number };
    expect(gift.url).toMatch(new RegExp(`^${PUBLIC_URL}${path}\\?gift=[\\w.-]+$`));
    expect(Date.parse(gift.expiresAt) - Date.now()).toBeGreaterThan(6.9 * DAY);
    expect(Date.parse(gift.expiresAt) - Date.now()).toBeLessThanOrEqual(7 * DAY);
    expect(gift.remaining).toBe(4);
    // Anyone with the link reads it all, on a page no cache keeps.
    const page = await t.app.inject({ url: local(gift.url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(SECRET);
    expect(page.body).not.toContain('data-walled');
    expect(String(page.headers['cache-control'])).toBe('private, no-store');
    expect(page.headers['x-page-cache']).toBeUndefined();
    // The next anonymous reader of the plain address gets the shared walled page, from the cache.
    const after = await t.app.inject({ url: path });
    expect(after.headers['x-page-cache']).toBe('hit');
    expect(after.body).toBe(plain.body);
    expect(after.body).not.toContain(SECRET_WORD);
    // Asked again, the gift page is rendered again, never served from a kept copy.
    const again = await t.app.inject({ url: local(gift.url) });
    expect(again.headers['x-page-cache']).toBeUndefined();
    expect(again.body).toContain(SECRET);
  });

  it('gives the walled page, the same bytes, to a forged, another story’s or an expired token', async () => {
    const plain = await t.app.inject({ url: path });
    expect(plain.body).not.toContain(SECRET_WORD);
    const giver = await member();
    const mine = (await give(giver)).json() as { url: string };
    const token = new URL(mine.url).searchParams.get('gift')!;
    const forged = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    const elsewhere = (await give(giver, other._id)).json() as { url: string };
    const otherToken = new URL(elsewhere.url).searchParams.get('gift')!;
    for (const bad of [
      forged,
      otherToken,
      'nonsense',
      `${story._id}.9999999999.0000000000000000.${'0'.repeat(64)}`,
    ]) {
      const page = await t.app.inject({ url: `${path}?gift=${encodeURIComponent(bad)}` });
      expect(page.statusCode, bad).toBe(200);
      expect(page.body, bad).not.toContain(SECRET_WORD);
      expect(page.body, bad).toBe(plain.body);
    }
    // The other story's token opens the other story.
    expect((await t.app.inject({ url: local(elsewhere.url) })).body).toContain(
      `The ${SECRET_WORD} second.`,
    );
    // Eight days on, the link has expired: the walled page, and nothing kept changed.
    time.shift(8 * DAY);
    try {
      const late = await t.app.inject({ url: local(mine.url) });
      expect(late.statusCode).toBe(200);
      expect(late.body).not.toContain(SECRET_WORD);
      expect(late.body).toContain('data-walled="members"');
    } finally {
      time.shift(0);
    }
    expect((await t.app.inject({ url: local(mine.url) })).body).toContain(SECRET);
  });

  it('gives 5 a month: the sixth answers 429 gift.limit, and the next month opens again', async () => {
    const giver = await member();
    for (let n = 1; n <= 5; n++) {
      const made = await give(giver);
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ remaining: 5 - n });
    }
    const sixth = await give(giver);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'gift.limit' });
    expect(sixth.json<{ message: string }>().message).toContain('5 stories this month');
    const mine = await t.app.inject({ url: '/api/me/gifts', headers: auth(giver) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ limit: 5, remaining: 0 });
    expect(mine.json<{ gifts: { articleId: string; name: string }[] }>().gifts).toHaveLength(5);
    expect(mine.json<{ gifts: { name: string }[] }>().gifts[0]).toMatchObject({
      articleId: story._id,
      name: 'Bridge approved',
    });
    // 32 days on is another calendar month in any time zone: gifts open again (the session
    // has expired by then: the giver signs in again).
    time.shift(32 * DAY);
    try {
      const again = await signIn(giver);
      const next = await t.app.inject({ url: '/api/me/gifts', headers: auth(again) });
      expect(next.json()).toMatchObject({ remaining: 5, gifts: [] });
      expect((await give(again)).json()).toMatchObject({ remaining: 4 });
    } finally {
      time.shift(0);
    }
  });

  it('lets its giver stop a link: it opens nothing from then on, and still counts', async () => {
    const giver = await member();
    const made = (await give(giver)).json() as { url: string; remaining: number };
    expect((await t.app.inject({ url: local(made.url) })).body).toContain(SECRET);
    const listed = (await t.app.inject({ url: '/api/me/gifts', headers: auth(giver) })).json<{
      gifts: { _id: string; stoppedAt: string | null }[];
    }>();
    const [gift] = listed.gifts;
    expect(gift).toMatchObject({ stoppedAt: null });
    // Nobody else may stop it: the gift is none of theirs (404, and it still opens).
    const stranger = await member();
    const stop = (who: TestUser) =>
      t.app.inject({ method: 'DELETE', url: `/api/me/gifts/${gift!._id}`, headers: auth(who) });
    const refused = await stop(stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({
      code: 'gift.not_found',
      message: 'You gave no such gift link.',
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/me/gifts/${gift!._id}` })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: local(made.url) })).body).toContain(SECRET);
    // Its giver stops it: the walled page from then on; stopping again changes nothing.
    expect((await stop(giver)).statusCode).toBe(204);
    const plain = await t.app.inject({ url: path });
    const stopped = await t.app.inject({ url: local(made.url) });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).not.toContain(SECRET_WORD);
    expect(stopped.body).toBe(plain.body);
    expect((await stop(giver)).statusCode).toBe(204);
    const after = (await t.app.inject({ url: '/api/me/gifts', headers: auth(giver) })).json<{
      gifts: { stoppedAt: string | null }[];
      remaining: number;
    }>();
    expect(after.gifts[0]!.stoppedAt).not.toBeNull();
    expect(after.remaining).toBe(made.remaining);
  });

  it('stops a link when its giver’s membership ends (issue 66 item 12)', async () => {
    const giver = await member();
    const made = (await give(giver)).json() as { url: string };
    expect((await t.app.inject({ url: local(made.url) })).body).toContain(SECRET);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/members/${giver._id}/complimentary`,
      headers: auth(admin),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const plain = await t.app.inject({ url: path });
    const after = await t.app.inject({ url: local(made.url) });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain(SECRET_WORD);
    expect(after.body).toBe(plain.body);
  });

  it('lists a link given late last month while it still opens, so its giver can stop it', async () => {
    // Two days before a month's first day (UTC; two days is past any time zone's offset), then
    // two days after it: the link, given for 7 days, still opens.
    const now = new Date();
    const turn = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    time.shift(turn - 2 * DAY - Date.now());
    try {
      // Up to a month ahead: past the session the administrator signed in with at the start.
      const desk = await signIn(admin);
      const giver = await signIn(await complimentaryMember(t.app, desk, 'members'));
      const made = (await give(giver)).json() as { url: string };
      time.shift(turn + 2 * DAY - Date.now());
      const again = await signIn(giver);
      const mine = () => t.app.inject({ url: '/api/me/gifts', headers: auth(again) });
      const listed = (await mine()).json<{
        gifts: { _id: string; stoppedAt: string | null }[];
        remaining: number;
      }>();
      // Last month's gift is listed, and counts against last month, not this one.
      expect(listed.gifts).toHaveLength(1);
      expect(listed.remaining).toBe(5);
      expect((await t.app.inject({ url: local(made.url) })).body).toContain(SECRET);
      const stop = await t.app.inject({
        method: 'DELETE',
        url: `/api/me/gifts/${listed.gifts[0]!._id}`,
        headers: auth(again),
      });
      expect(stop.statusCode, stop.body).toBe(204);
      expect((await t.app.inject({ url: local(made.url) })).body).not.toContain(SECRET_WORD);
      // Stopped, and of last month: nothing left to show.
      expect((await mine()).json()).toMatchObject({ gifts: [], remaining: 5 });
    } finally {
      time.shift(0);
      // Its session may have been pruned as expired while the clock stood ahead.
      admin = await signIn(admin);
    }
  });

  it('offers members the hidden gift button on their class’s page, never on the shared page', async () => {
    const giver = await member();
    const session = `${READER_COOKIE}=${giver.token}`;
    const asked = await t.app.inject({ url: '/api/me/membership', headers: { cookie: session } });
    expect(String(asked.headers['set-cookie'])).toContain(`${MEMBER_COOKIE}=1`);
    const theirs = await t.app.inject({
      url: path,
      headers: { cookie: `${session}; ${MEMBER_COOKIE}=1` },
    });
    expect(theirs.body).toContain(SECRET);
    expect(theirs.body).toMatch(new RegExp(`<div[^>]*hidden[^>]*data-gift="${story._id}"`));
    expect(theirs.body).toContain('Gift this story');
    expect(theirs.body).not.toContain(giver.email);
    const shared = await t.app.inject({ url: path });
    expect(shared.body).not.toContain('data-gift=');
  });

  it('refuses a free story, a reader who may not read it, and nobody', async () => {
    const free = await createArticle(t.app, admin, category._id, { name: 'Free story' });
    const giver = await member();
    const onFree = await give(giver, free._id);
    expect(onFree.statusCode).toBe(400);
    expect(onFree.json()).toMatchObject({ code: 'gift.free' });
    const paid = await createArticle(t.app, admin, category._id, {
      description: BODY,
      access: 'paid',
    });
    const notTheirs = await give(giver, paid._id);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({ code: 'gift.forbidden' });
    const reader = await signUp(t.app);
    expect((await give(reader)).json()).toMatchObject({ code: 'gift.forbidden' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${story._id}/gifts`,
    });
    expect(anonymous.statusCode).toBe(401);
    const missing = await give(giver, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    // Staff read everything, so they may give too; a paid plan's member gives a paid story.
    expect((await give(admin, paid._id)).statusCode).toBe(201);
    expect((await give(await member('paid'), paid._id)).statusCode).toBe(201);
  });
});
