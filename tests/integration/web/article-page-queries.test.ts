/*
 * One uncached article page's queries (issue 36 item 4, issue 42 item 1): whether the story
 * takes comments comes from the story its page already read (its `commentsOpen`, its
 * publication time) and its section's say from the kept categories, and its corrections come
 * with the story's own query: the page sends no query for either. Every statement the render
 * sends the database is counted (on either engine): those sent in its request's own course,
 * not the background's beside it (a job, a flush, a kept page refreshed), which a slow machine
 * makes meet the render more often.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  updateArticle,
  type TestUser,
} from '../../factories';
import { preparedHandle } from '../../../db/client';
import { AUTH_COOKIE } from '../../../common/session-cookies';
import { createTestApp, type TestApp } from '../../setup/test-app';

/** What both engines' clients answer queries with. */
interface Queries {
  query(text: string | { text: string }, ...rest: unknown[]): Promise<unknown>;
}

let t: TestApp;
let admin: TestUser;
let category: { _id: string; slug: string };
const statements: string[] = [];
/** Set in the course of the request being counted, and in nothing else. */
const counted = new AsyncLocalStorage<true>();

/**
 * What one render sends: the story (with its corrections), two stories to read next (three
 * statements a language, two languages here), the comments' first page and their count.
 */
const MAX_STATEMENTS = 9;

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  admin = await createAdmin(t.app);
  category = await createCategory(t.app, admin);
  // Every statement goes through its client's `query` (PGlite, or a node-postgres pool: the
  // database's, and the one its named prepared statements run on).
  const handles = new Set([t.database.db, preparedHandle(t.database.db)]);
  for (const handle of handles) {
    const client = (handle as unknown as { session: { client: Queries } }).session.client;
    const query = client.query.bind(client);
    client.query = (text, ...rest) => {
      if (counted.getStore()) statements.push(typeof text === 'string' ? text : text.text);
      return query(text, ...rest);
    };
  }
}, 300_000);
afterAll(() => t?.close());

type Story = Awaited<ReturnType<typeof createArticle>>;
const pathOf = (story: Story) => `/${category.slug}/${story.slug}`;

/** The statements of one render of `path` that read the site's content (not the jobs' polls). */
async function render(path: string, headers: Record<string, string> = {}) {
  statements.length = 0;
  // `inject` starts its request when awaited (a thenable): awaited inside the run.
  const res = await counted.run(true, async () => {
    const answer = await t.app.inject({ url: path, headers });
    return answer;
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-page-cache']).not.toBe('hit');
  const content = statements.filter((s) => !/"(jobs|events|outbox_events)"/.test(s));
  return { html: res.body, content };
}

/**
 * One render of `story`'s page counted, once what the writes before changed has been heard and
 * a render of `warm` (another story not yet shown) has read again the values kept for every
 * page (the categories, the settings), as most renders find them.
 */
async function countedRender(story: Story, warm: Story) {
  await t.app.services.events.settled();
  await render(pathOf(warm));
  return render(pathOf(story));
}

const setSectionSay = async (commentsOpen: boolean | null) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/categories/edit',
    headers: auth(admin),
    payload: { _id: category._id, name: 'Desk', description: 'Our desk', commentsOpen },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ commentsOpen });
};

describe('an uncached article page', () => {
  it('reads neither the comments’ open flags nor the corrections apart', async () => {
    const warm = await createArticle(t.app, admin, category._id);
    const story = await createArticle(t.app, admin, category._id);
    const note = 'The minister’s name was misspelt.';
    expect((await updateArticle(t.app, admin, story, { correction: note })).statusCode).toBe(200);

    const { html, content } = await countedRender(story, warm);
    expect(html).toContain(note);
    expect(html).toContain('data-open="true"');
    // The story's own query brings its corrections and its say on comments.
    const own = content.filter((s) => s.includes('"article_corrections"'));
    expect(own).toHaveLength(1);
    expect(own[0]).toContain('"comments_open"');
    expect(content.filter((s) => s.includes('"comments_open"'))).toHaveLength(1);
    // Twelve before: the story read again for its comments, their flags, its corrections apart.
    expect(content.length, content.join('\n\n')).toBeLessThanOrEqual(MAX_STATEMENTS);
  });

  it('closes its comments when its section says so, from the kept categories', async () => {
    await setSectionSay(false);
    const story = await createArticle(t.app, admin, category._id);
    const warm = await createArticle(t.app, admin, category._id);
    const closed = await countedRender(story, warm);
    expect(closed.html).toContain('data-open="false"');
    expect(closed.content.filter((s) => s.includes('"comments_open"'))).toHaveLength(1);

    // Its own say wins over its section's.
    const open = await createArticle(t.app, admin, category._id, { commentsOpen: true });
    expect((await render(pathOf(open))).html).toContain('data-open="true"');
    await setSectionSay(null);
  });

  it('keeps the story’s suggestions and comments: rendered again, it reads only the story until one changes', async () => {
    for (let i = 0; i < 4; i++) await createArticle(t.app, admin, category._id);
    const story = await createArticle(t.app, admin, category._id);
    const warm = await createArticle(t.app, admin, category._id);
    await t.app.services.events.settled();
    await render(pathOf(warm));
    // A signed-in reader's render (a session cookie, even a stale one): never the kept page.
    const signedIn = { cookie: `${AUTH_COOKIE}=a-session-this-site-does-not-know` };
    const suggesting = (content: string[]) => content.filter((s) => s.includes('unnest(ARRAY['));
    const first = await render(pathOf(story), signedIn);
    expect(suggesting(first.content).length).toBeGreaterThan(0);
    const again = await render(pathOf(story), signedIn);
    expect(suggesting(again.content)).toEqual([]);
    expect(again.content.filter((s) => s.includes('"comments"'))).toEqual([]);
    // The story's own statement, with its corrections: all the render waits for.
    expect(again.content).toHaveLength(1);
    expect(again.html).toBe(first.html);

    // One of them renamed: read again, and shown with its new name.
    const [shown] = await t.app.services.articles.suggestions({ _id: story._id, language: 'en' });
    expect(again.html).toContain(shown!.name);
    const renamed = (await t.app.services.articles.anyById(shown!._id)) as unknown as Story;
    const name = 'बाढ़ के बाद का गाँव';
    const saved = await updateArticle(t.app, admin, renamed, { name });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.services.events.settled();
    const after = await render(pathOf(story), signedIn);
    expect(suggesting(after.content).length).toBeGreaterThan(0);
    expect(after.html).toContain(name);
  });
});
