/*
 * Corrections on the record (issue 43 item 3): `PUT /api/articles/{id}` with `correction` on a
 * published story keeps the note (several per story), refuses bad notes and unpublished stories
 * with codes and changes nothing then; the story's page shows "Corrected on {date}: {note}" as
 * text, its JSON-LD has a CorrectionComment, its feed item carries the note, /corrections lists
 * every correction newest first and refreshes on the kept page; the audit trail and the
 * revision record it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  updateArticle,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let admin: TestUser;
let category: { _id: string; slug: string };
type Story = Awaited<ReturnType<typeof createArticle>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  admin = await createAdmin(t.app);
  category = await createCategory(t.app, admin);
}, 300_000);
afterAll(() => t?.close());

const pathOf = (story: Story) => `/${category.slug}/${story.slug}`;
const get = async (url: string) => (await t.app.inject({ url })).body;

/** The page's NewsArticle (its JSON-LD script). */
function newsArticleOf(html: string): Record<string, unknown> {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  const things = scripts.map((m) => JSON.parse(m[1] ?? '{}') as { '@type'?: string });
  const found = things.find((thing) => thing['@type'] === 'NewsArticle');
  if (!found) throw new Error('the page has no NewsArticle');
  return found;
}

/** Waits until `url`'s kept answer has `text` (the event refreshed it). */
const shows = (url: string, text: string) =>
  waitUntil(async () => (await get(url)).includes(text), {
    timeoutMs: 30_000,
    message: `${url} never showed ${text}`,
  });

describe('a correction on the record', () => {
  it('is kept with its note, shown under the story, in JSON-LD, in the feed and audited', async () => {
    const story = await createArticle(t.app, admin, category._id, {
      publishedAt: new Date(Date.now() - DAY).toISOString(),
    });
    const path = pathOf(story);
    // Kept before the correction: the correction's event must refresh it.
    expect(await get(path)).not.toContain('Corrected on');
    expect((await t.app.inject({ url: path })).headers['x-page-cache']).toBe('hit');

    const note = 'An earlier version gave the wrong year <b>1990</b>; it was 1991.';
    const res = await updateArticle(t.app, admin, story, { correction: `  ${note} ` });
    expect(res.statusCode, res.body).toBe(200);

    await shows(path, 'Corrected on');
    const html = await get(path);
    expect(html).toContain(
      'An earlier version gave the wrong year &lt;b&gt;1990&lt;/b&gt;; it was 1991.',
    );
    expect(html).not.toContain('<b>1990</b>');
    const ld = newsArticleOf(html);
    expect(ld.correction).toEqual([
      { '@type': 'CorrectionComment', text: note, datePublished: expect.any(String) },
    ]);

    const feed = await get('/feed.xml');
    expect(feed).toContain(`Corrected on ${new Date().toISOString().slice(0, 10)}: `);
    expect(feed).toContain('&lt;b&gt;1990&lt;/b&gt;; it was 1991.');

    // The revision of that save keeps the note.
    const revisions = await t.app.inject({
      url: `/api/articles/${story._id}/revisions`,
      headers: auth(admin),
    });
    const [newest] = (revisions.json() as { revisions: { _id: string }[] }).revisions;
    const revision = await t.app.inject({
      url: `/api/articles/${story._id}/revisions/${newest?._id}`,
      headers: auth(admin),
    });
    expect(revision.json().content.correction).toBe(note);

    // The audit trail records it (its event is read after the commit).
    await waitUntil(
      async () => {
        const audit = await t.app.inject({
          url: '/api/audit?action=article.corrected',
          headers: auth(admin),
        });
        const entries = (audit.json() as { entries: { subject: { id: string } }[] }).entries;
        return entries.some((e) => e.subject.id === story._id);
      },
      { timeoutMs: 30_000, message: 'the audit trail never recorded the correction' },
    );
  });

  it('keeps every correction of a story; /corrections lists them newest first and refreshes', async () => {
    const first = await createArticle(t.app, admin, category._id, { name: 'First story fixed' });
    const second = await createArticle(t.app, admin, category._id, { name: 'Second story fixed' });
    expect((await updateArticle(t.app, admin, first, { correction: 'Note one' })).statusCode).toBe(
      200,
    );
    await shows('/corrections', 'Note one');
    expect((await t.app.inject({ url: '/corrections' })).headers['x-page-cache']).toBe('hit');

    expect((await updateArticle(t.app, admin, second, { correction: 'Note two' })).statusCode).toBe(
      200,
    );
    expect(
      (await updateArticle(t.app, admin, first, { correction: 'Note three' })).statusCode,
    ).toBe(200);
    await shows('/corrections', 'Note three');
    const html = await get('/corrections');
    const order = ['Note three', 'Note two', 'Note one'].map((n) => html.indexOf(n));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain(`href="${pathOf(first)}"`);
    expect(html).toContain('First story fixed');

    await shows(pathOf(first), 'Note three');
    const page = await get(pathOf(first));
    expect(page).toContain('Note one');
    expect(newsArticleOf(page).correction).toHaveLength(2);
  });

  it('refuses a bad note or an unpublished story with a code, and changes nothing', async () => {
    const story = await createArticle(t.app, admin, category._id);
    const draft = await createArticle(t.app, admin, category._id, { status: 'draft' });
    const cases: [Story, unknown, string][] = [
      [story, '   ', 'correction.empty'],
      [story, 'x'.repeat(1001), 'correction.too_long'],
      [story, 'bell\u0007', 'validation.bad_text'],
      [story, 42, 'correction.not_text'],
      [draft, 'A note', 'correction.not_published'],
    ];
    for (const [which, correction, code] of cases) {
      const res = await updateArticle(t.app, admin, which, { correction, name: 'Changed title' });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(code);
    }
    // Unpublishing with a correction is refused too.
    const moved = await updateArticle(t.app, admin, story, { correction: 'x', status: 'draft' });
    expect(moved.statusCode).toBe(400);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/articles/article',
      headers: auth(admin),
      payload: { name: 'New', category: category._id, correction: 'x' },
    });
    expect(created.statusCode).toBe(400);
    for (const which of [story, draft]) {
      const now = await t.app.inject({
        url: `/api/articles/article/${which._id}`,
        headers: auth(admin),
      });
      expect(now.json().name).toBe(which.name);
      expect(now.json().status).toBe(which.status);
    }
    expect(await get('/corrections')).not.toContain('A note');
  });

  it('says /corrections in every interface language', async () => {
    const expected = { en: 'Corrections', hi: 'सुधार', mr: 'दुरुस्त्या', gu: 'સુધારા' };
    for (const [uiLanguage, title] of Object.entries(expected)) {
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { uiLanguage },
      });
      expect(set.statusCode, set.body).toBe(200);
      await shows('/corrections', `<h1>${title}</h1>`);
    }
  });
});
