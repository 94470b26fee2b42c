/*
 * Readers' comments, reading and writing (issue 42 item 1): a published story's approved
 * comments with one level of replies and an ETag; signed-in readers with a proved address
 * post, change their own for 15 minutes and delete them; bodies are plain text made safe; every
 * refusal has its code; a shown comment records the event that refreshes the article's page.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CacheTags } from '../../../common/cache-tags';
import { articles, categories } from '../../../db/schema/content';
import { events } from '../../../db/schema/events';
import { paceKey } from '../../../server/modules/comments/comment-guards';
import {
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { commentCalls, confirmedReader } from '../../setup/comment-calls';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let reader: TestUser;
let other: TestUser;
let story: { _id: string };
let categoryId: string;
const c = commentCalls(() => t.app);
const DAY = 86_400_000;

const posted = async (who: TestUser, articleId: string, payload: Record<string, unknown>) => {
  const res = await c.post(who, articleId, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; status: string };
};

beforeAll(async () => {
  t = await createTestApp({}, { clock: time.clock });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  reader = await confirmedReader(t.app, 'Asha <b>Rao</b>');
  other = await confirmedReader(t.app);
  categoryId = (await createCategory(t.app, admin))._id;
  story = await createArticle(t.app, admin, categoryId, {
    publishedAt: new Date(Date.now() - DAY).toISOString(),
  });
  // Shown at once, whoever writes: the hold rules have their own file (comment-rules.test.ts).
  const set = await c.settings(admin, { hold: 'none', minAccountAgeMinutes: 0 });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});
// Each test starts a minute of its own: more than 5 comments a minute are refused (its own test).
beforeEach(async () => {
  for (const who of [reader, other, editor])
    await t.app.services.rateLimits.reset(paceKey(who._id));
});

describe('reading a story’s comments', () => {
  it('answers 404 for an unknown story and for one readers cannot see yet', async () => {
    expect((await c.list('00000000-0000-4000-8000-000000000000')).json().code).toBe(
      'article.not_found',
    );
    const draft = await createArticle(t.app, admin, categoryId, { status: 'draft' });
    const listed = await c.list(draft._id);
    expect(listed.statusCode).toBe(404);
    const refused = await c.post(reader, draft._id, { body: 'Too early' });
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'article.not_found']);
  });

  it('shows plain text safely: escaped, in paragraphs, links marked ugc nofollow', async () => {
    const article = await createArticle(t.app, admin, categoryId);
    const body =
      '<script>alert(1)</script> पहला अनुच्छेद\n\nSee https://example.org/a?b=1&c=2. "quoted"';
    const { status } = await posted(reader, article._id, { body });
    expect(status).toBe('approved');
    const res = await c.list(article._id);
    expect(res.statusCode).toBe(200);
    const [shown] = res.json().comments;
    expect(shown.body).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; पहला अनुच्छेद</p>' +
        '<p>See <a href="https://example.org/a?b=1&amp;c=2" rel="ugc nofollow noopener">' +
        'https://example.org/a?b=1&amp;c=2</a>. &quot;quoted&quot;</p>',
    );
    // A reader's name is data, never markup: the page escapes it when it shows it.
    expect(shown.author).toEqual({ _id: reader._id, name: 'Asha <b>Rao</b>', staff: false });
    expect(shown).toMatchObject({ parentId: null, replies: [] });
    expect(shown.editedAt).toBeUndefined();
  });

  it('nests replies one level, sorts, pages and answers 304 to its ETag', async () => {
    const article = await createArticle(t.app, admin, categoryId);
    const first = await posted(reader, article._id, { body: 'First' });
    const second = await posted(other, article._id, { body: 'Second' });
    const reply = await posted(editor, article._id, { body: 'A reply', parentId: first._id });
    const res = await c.list(article._id);
    const page = res.json();
    expect(page).toMatchObject({ total: 3, currentPage: 1, totalPages: 1 });
    expect(page.comments.map((x: { _id: string }) => x._id)).toEqual([first._id, second._id]);
    expect(page.comments[0].replies).toMatchObject([
      { _id: reply._id, parentId: first._id, author: { _id: editor._id, staff: true } },
    ]);
    const newest = (await c.list(article._id, '?sort=newest')).json();
    expect(newest.comments.map((x: { _id: string }) => x._id)).toEqual([second._id, first._id]);
    expect((await c.list(article._id, '?page=2')).json()).toMatchObject({
      comments: [],
      currentPage: 2,
    });
    expect((await c.list(article._id, '?sort=top')).statusCode).toBe(400);

    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect((await c.list(article._id, '', { 'if-none-match': etag })).statusCode).toBe(304);
    await posted(other, article._id, { body: 'Third' });
    expect((await c.list(article._id, '', { 'if-none-match': etag })).statusCode).toBe(200);

    // A reply answers a shown top-level comment of the same story, never a reply.
    for (const parentId of [reply._id, (await posted(reader, story._id, { body: 'x' }))._id]) {
      const refused = await c.post(reader, article._id, { body: 'Nested', parentId });
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'comment.parent_invalid']);
    }
  });
});

describe('writing a comment', () => {
  it('asks for a signed-in reader with a proved address, and a body of 1–5,000 characters', async () => {
    expect((await c.post(undefined, story._id, { body: 'Hi' })).statusCode).toBe(401);
    const unproved = await createUser(t.app, 'reader');
    const refused = await c.post(unproved, story._id, { body: 'Hi' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'comment.unconfirmed']);
    for (const [body, code] of [
      ['   ', 'validation.required'],
      ['x'.repeat(5001), 'validation.too_long'],
      [42, 'validation.not_text'],
    ] as const) {
      const bad = await c.post(reader, story._id, { body });
      expect(bad.statusCode, String(body).slice(0, 10)).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ path: 'body.body', code });
    }
    // Any script, up to the limit.
    expect((await c.post(reader, story._id, { body: 'अ'.repeat(5000) })).statusCode).toBe(201);
  });

  it('records an event that refreshes the article page’s tag when the comment is shown', async () => {
    const { _id } = await posted(other, story._id, { body: 'Seen at once' });
    const [event] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'comment.created'), eq(events.subjectId, _id)));
    expect(event?.data).toEqual({ articleId: story._id, status: 'approved' });
    expect(event?.cache?.stale).toEqual([CacheTags.articlePage(story._id)]);
  });

  it('is closed when the settings close comments, or N days after publication', async () => {
    await c.settings(admin, { open: false });
    const closed = await c.post(reader, story._id, { body: 'Closed?' });
    expect([closed.statusCode, closed.json().code]).toEqual([403, 'comment.closed']);
    await c.settings(admin, { open: true, closeAfterDays: 1 });
    expect((await c.post(reader, story._id, { body: 'Old story' })).json().code).toBe(
      'comment.closed',
    );
    const fresh = await createArticle(t.app, admin, categoryId);
    expect((await c.post(reader, fresh._id, { body: 'Fresh story' })).statusCode).toBe(201);
    await c.settings(admin, { closeAfterDays: 0 });
  });

  it('asks the story, then its section, then the site; the list says which', async () => {
    const db = t.database.db;
    const section = await createCategory(t.app, admin);
    const story2 = await createArticle(t.app, admin, section._id);
    const openOf = async () => (await c.list(story2._id)).json().open as boolean;
    const code = async () =>
      (await c.post(reader, story2._id, { body: `Try ${Math.random()}` })).json().code;
    expect(await openOf()).toBe(true);

    await db.update(categories).set({ commentsOpen: false }).where(eq(categories.id, section._id));
    expect([await openOf(), await code()]).toEqual([false, 'comment.closed']);
    await db.update(articles).set({ commentsOpen: true }).where(eq(articles.id, story2._id));
    expect(await openOf()).toBe(true);
    expect((await c.post(reader, story2._id, { body: 'Open by the story' })).statusCode).toBe(201);

    // The site closed: a section that says open keeps its stories open.
    await c.settings(admin, { open: false });
    await db.update(articles).set({ commentsOpen: null }).where(eq(articles.id, story2._id));
    await db.update(categories).set({ commentsOpen: true }).where(eq(categories.id, section._id));
    expect(await openOf()).toBe(true);
    expect((await c.list(story._id)).json().open).toBe(false);
    await c.settings(admin, { open: true });
  });
});

describe('changing and deleting one’s own comment', () => {
  it('changes one’s own within 15 minutes, never another’s', async () => {
    const { _id } = await posted(reader, story._id, { body: 'Typo hre' });
    const byOther = await c.edit(other, _id, { body: 'Mine now' });
    expect([byOther.statusCode, byOther.json().code]).toEqual([403, 'comment.not_yours']);
    const edited = await c.edit(reader, _id, { body: 'Typo here' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ _id, status: 'approved' });
    const shown = (await c.list(story._id, '?sort=newest')).json().comments;
    const mine = shown.find((x: { _id: string }) => x._id === _id);
    expect(mine).toMatchObject({ body: '<p>Typo here</p>' });
    expect(mine.editedAt).toEqual(expect.any(String));
    expect((await c.edit(reader, _id, { body: '' })).statusCode).toBe(400);
    time.shift(16 * 60_000);
    try {
      const late = await c.edit(reader, _id, { body: 'Too late' });
      expect([late.statusCode, late.json().code]).toEqual([403, 'comment.edit_window']);
      expect(late.json().params).toEqual({ minutes: 15 });
    } finally {
      time.shift(0);
    }
    expect(
      (await c.edit(reader, '00000000-0000-4000-8000-000000000000', { body: 'x' })).statusCode,
    ).toBe(404);
  });

  it('deletes one’s own, an editor any; another reader none', async () => {
    const mine = await posted(reader, story._id, { body: 'Delete me' });
    const theirs = await posted(other, story._id, { body: 'An editor takes this' });
    const refused = await c.remove(other, mine._id);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'comment.not_yours']);
    expect((await c.remove(reader, mine._id)).statusCode).toBe(200);
    expect((await c.remove(editor, theirs._id)).statusCode).toBe(200);
    expect((await c.remove(reader, mine._id)).statusCode).toBe(404);
    const ids = (await c.list(story._id, '?sort=newest'))
      .json()
      .comments.map((x: { _id: string }) => x._id);
    expect(ids).not.toContain(mine._id);
    expect(ids).not.toContain(theirs._id);
  });
});
