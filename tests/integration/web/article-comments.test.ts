/*
 * The article page's comments (issue 42 item 1): the first page of approved comments is in the
 * page's HTML, the same bytes for everyone, with a sign-in link and no form; a comment's body
 * and its reader's name are text, never markup; a comment approved by a moderator shows on the
 * already cached page within 2 s (its event refreshes the page's tag).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { commentCalls, confirmedReader } from '../../setup/comment-calls';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let story: { _id: string; slug: string };
let path: string;
const c = commentCalls(() => t.app);

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  admin = await createAdmin(t.app);
  reader = await confirmedReader(t.app, '<img src=x onerror=alert(1)>Meera');
  const category = await createCategory(t.app, admin);
  story = await createArticle(t.app, admin, category._id);
  path = `/${category.slug}/${story.slug}`;
  await c.settings(admin, { hold: 'first', minAccountAgeMinutes: 0 });
}, 300_000);
afterAll(() => t?.close());

/** The article page's NewsArticle (its JSON-LD script). */
function newsArticleOf(html: string): Record<string, unknown> & { comment?: unknown } {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  const things = scripts.map((m) => JSON.parse(m[1] ?? '{}') as { '@type'?: string });
  const found = things.find((thing) => thing['@type'] === 'NewsArticle');
  if (!found) throw new Error('the page has no NewsArticle');
  return found;
}

describe('comments under the story', () => {
  it('shows a comment approved from the queue on the cached page within 2 s', async () => {
    const before = await t.app.inject({ url: path });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('No comments yet.');
    expect(newsArticleOf(before.body)).toMatchObject({ commentCount: 0 });
    expect(newsArticleOf(before.body).comment).toBeUndefined();
    expect(before.body).toContain(
      `/login?redirect=${encodeURIComponent(`${path}#comments-title`)}`,
    );
    expect((await t.app.inject({ url: path })).headers['x-page-cache']).toBe('hit');

    const posted = await c.post(reader, story._id, { body: '<script>alert(2)</script> अच्छी ख़बर' });
    expect(posted.json().status).toBe('pending');
    // Held: the kept page is not touched.
    expect((await t.app.inject({ url: path })).body).not.toContain('अच्छी ख़बर');

    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/comments/${posted.json()._id}/status`,
      headers: auth(admin),
      payload: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    let body = '';
    await waitUntil(
      async () => {
        body = (await t.app.inject({ url: path })).body;
        return body.includes('अच्छी ख़बर');
      },
      { timeoutMs: 2000, message: 'the approved comment never showed on the cached page' },
    );
    expect(body).toContain('&lt;script&gt;alert(2)&lt;/script&gt; अच्छी ख़बर');
    expect(body).not.toContain('<script>alert(2)');
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;Meera');
    expect(body).toContain('1 comment');
    // The page's JSON-LD counts it and names it, as text (the script's JSON is escaped).
    expect(newsArticleOf(body)).toMatchObject({
      commentCount: 1,
      comment: [
        {
          '@type': 'Comment',
          text: '<script>alert(2)</script> अच्छी ख़बर',
          author: { '@type': 'Person', name: '<img src=x onerror=alert(1)>Meera' },
        },
      ],
    });
    // The same bytes for a signed-in reader: no form, nothing of theirs.
    const signedIn = await t.app.inject({ url: path, headers: auth(reader) });
    expect(signedIn.body).not.toContain(reader.email);
  });
});
