/*
 * A newsroom's day (DECISIONS.md §11, issue 9 items 1-3) through the API: review, scheduling
 * and its go-live job, and signed previews. Time is moved with the injectable clock; the job
 * runner is driven by `jobs.runDue()` here (the poll itself is proved across two processes in
 * tests/integration/server/process.test.ts).
 */
import { and, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema/jobs';
import { GO_LIVE_JOB } from '../../../server/modules/newsroom/newsroom-service';
import { leaseDueJobs } from '../../../server/modules/jobs/jobs-repository';
import { JOB_LEASE_MS, JOB_POLL_MS } from '../../../server/modules/jobs/jobs-service';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
let category: { _id: string; slug: string };

beforeAll(async () => {
  // The test runs due jobs itself, so a background poll cannot take one first.
  t = await createTestApp({}, { clock: time.clock, pollJobs: false });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
  category = await createCategory(t.app, admin);
});
afterAll(async () => t.close());

const move = (by: TestUser, id: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/articles/${id}/status`,
    headers: auth(by),
    payload,
  });
const queue = async (by: TestUser) =>
  (await t.app.inject({ url: '/api/articles/review-queue', headers: auth(by) })).json();
const setReview = async (on: boolean) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: auth(admin),
    payload: { authorsNeedReview: on },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const jobOf = async (articleId: string) => {
  const [row] = await t.app.services.database.db
    .select({ key: jobs.key, runAt: jobs.runAt, doneAt: jobs.doneAt })
    .from(jobs)
    .where(eq(jobs.subjectId, articleId));
  return row;
};
/**
 * Runs every due job and answers how many go-live jobs it finished. Other kinds (analytics'
 * rollup each minute, the audit's trim) recur on clocks of their own, so a count of all jobs
 * run says nothing about the go-live.
 */
const goLiveRuns = async () => {
  const done = async () =>
    (
      await t.app.services.database.db
        .select({ key: jobs.key })
        .from(jobs)
        .where(and(like(jobs.key, `${GO_LIVE_JOB}:%`), isNotNull(jobs.doneAt)))
    ).length;
  const before = await done();
  await t.app.services.jobs.runDue();
  return (await done()) - before;
};
const latestIds = async () =>
  (await t.app.inject({ url: '/api/articles/latest?limit=50' }))
    .json()
    .map((a: { _id: string }) => a._id) as string[];

describe('statuses and review', () => {
  it('an author submits, an editor sends back with a note the author sees, the badges count it', async () => {
    const article = await createArticle(t.app, author, category._id, { status: 'draft' });
    const editorBefore = (await queue(editor)).awaiting;

    const submitted = await move(author, article._id, { status: 'pending' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe('pending');
    expect(await queue(editor)).toEqual({ awaiting: editorBefore + 1, kind: 'review' });

    const note = 'The second paragraph needs a source.';
    const back = await move(editor, article._id, { status: 'draft', note });
    expect(back.statusCode, back.body).toBe(200);
    const seen = await t.app.inject({
      url: `/api/articles/article/${article._id}`,
      headers: auth(author),
    });
    expect(seen.json()).toMatchObject({ status: 'draft', reviewNote: note });
    expect(await queue(author)).toEqual({ awaiting: 1, kind: 'sentBack' });
    expect((await queue(editor)).awaiting).toBe(editorBefore);

    // Only an editor writes such a note.
    const ownNote = await move(author, article._id, { status: 'draft', note: 'To myself' });
    expect(ownNote.statusCode).toBe(403);

    // Submitting again clears the note: nothing waits on the author any more.
    expect((await move(author, article._id, { status: 'pending' })).statusCode).toBe(200);
    expect(await queue(author)).toEqual({ awaiting: 0, kind: 'sentBack' });
    // A pending article is not public.
    expect(await latestIds()).not.toContain(article._id);
  });

  it('with authorsNeedReview on, an author may only submit; editors still publish', async () => {
    await setReview(true);
    try {
      const draft = await createArticle(t.app, author, category._id, { status: 'draft' });
      const publish = await move(author, draft._id, { status: 'published' });
      expect(publish.statusCode).toBe(403);
      expect(publish.json().message).toMatch(/submit the article for review/);
      const schedule = await move(author, draft._id, {
        status: 'published',
        publishedAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(schedule.statusCode).toBe(403);
      // Nor through the article's own calls: a create without status publishes, so it is refused.
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/articles/article',
        headers: auth(author),
        payload: {
          name: 'Straight out',
          category: category._id,
          imageUrl: 'https://x.example/a.jpg',
        },
      });
      expect(created.statusCode).toBe(403);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/articles/${draft._id}`,
        headers: auth(author),
        payload: {
          name: 'Straight out',
          category: category._id,
          imageUrl: 'https://x.example/a.jpg',
          status: 'published',
        },
      });
      expect(put.statusCode).toBe(403);
      const stored = await t.app.inject({
        url: `/api/articles/article/${draft._id}`,
        headers: auth(author),
      });
      expect(stored.json().status).toBe('draft');

      expect((await move(author, draft._id, { status: 'pending' })).statusCode).toBe(200);
      const published = await move(editor, draft._id, { status: 'published' });
      expect(published.statusCode, published.body).toBe(200);
      expect(await latestIds()).toContain(draft._id);
    } finally {
      await setReview(false);
    }
  });

  it('with review off (the default), an author publishes their own article', async () => {
    const draft = await createArticle(t.app, author, category._id, { status: 'draft' });
    const res = await move(author, draft._id, { status: 'published' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await latestIds()).toContain(draft._id);
  });
});

describe('scheduling', () => {
  it('a scheduled article stays hidden until its minute, then its job runs once', async () => {
    const at = new Date(Date.now() + 30_000);
    const article = await createArticle(t.app, editor, category._id, { status: 'draft' });
    const res = await move(editor, article._id, {
      status: 'published',
      publishedAt: at.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'published', publishedAt: at.toISOString() });
    expect(await jobOf(article._id)).toEqual({
      key: `${GO_LIVE_JOB}:${article._id}`,
      runAt: at,
      doneAt: null,
    });
    expect(await latestIds()).not.toContain(article._id);
    const publicAddress = `/api/articles/${category.slug}/${article.slug}`;
    expect((await t.app.inject({ url: publicAddress })).statusCode).toBe(404);
    expect(await goLiveRuns()).toBe(0);

    time.shift(31_000);
    try {
      expect(await latestIds()).toContain(article._id);
      expect((await t.app.inject({ url: publicAddress })).statusCode).toBe(200);
      expect(await goLiveRuns()).toBe(1);
      const done = (await jobOf(article._id))?.doneAt;
      expect(done).not.toBeNull();
      // Done is done: a second poll (here, or in another process) finds nothing.
      expect(await goLiveRuns()).toBe(0);
      expect((await jobOf(article._id))?.doneAt).toEqual(done);
    } finally {
      time.shift(0);
    }
  });

  it('a job whose process died after taking it runs once its lease runs out', async () => {
    const at = new Date(Date.now() + 30_000);
    const article = await createArticle(t.app, editor, category._id, {
      publishedAt: at.toISOString(),
    });
    time.shift(31_000);
    try {
      // Another process leases the job and dies before running it.
      const now = time.clock.now();
      const leased = await leaseDueJobs(
        t.database.db,
        now,
        new Date(now.getTime() + JOB_LEASE_MS),
        50,
      );
      expect(leased.map((j) => j.key)).toContain(`${GO_LIVE_JOB}:${article._id}`);
      // While its lease holds, no other process takes it; nothing is done.
      expect(await goLiveRuns()).toBe(0);
      expect((await jobOf(article._id))?.doneAt).toBeNull();
      // The lease runs out well inside the 15 s rule: the next poll runs it, once.
      time.shift(31_000 + JOB_LEASE_MS + 1);
      expect(await goLiveRuns()).toBe(1);
      expect((await jobOf(article._id))?.doneAt).not.toBeNull();
      expect(await goLiveRuns()).toBe(0);
      expect(31_000 + JOB_LEASE_MS + JOB_POLL_MS - 30_000).toBeLessThanOrEqual(15_000);
    } finally {
      time.shift(0);
    }
  });

  it('can be rescheduled, or pulled back to draft, until it goes out', async () => {
    const article = await createArticle(t.app, editor, category._id, {
      publishedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(article.status).toBe('published');
    const later = new Date(Date.now() + 7_200_000);
    expect(
      (await move(editor, article._id, { status: 'published', publishedAt: later.toISOString() }))
        .statusCode,
    ).toBe(200);
    expect((await jobOf(article._id))?.runAt).toEqual(later);

    expect((await move(editor, article._id, { status: 'draft' })).statusCode).toBe(200);
    expect(await jobOf(article._id)).toBeUndefined();
    time.shift(7_300_000);
    try {
      expect(await latestIds()).not.toContain(article._id);
    } finally {
      time.shift(0);
    }
  });

  it('a deleted scheduled article leaves no job behind', async () => {
    const article = await createArticle(t.app, editor, category._id, {
      publishedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(await jobOf(article._id)).toBeDefined();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${article._id}`,
      headers: auth(editor),
    });
    expect(res.statusCode).toBe(200);
    expect(await jobOf(article._id)).toBeUndefined();
  });
});

describe('the job runner', () => {
  it('hands a failed job back, to run at the next poll', async () => {
    const { jobs: runner } = t.app.services;
    let failing = true;
    const ran: string[] = [];
    runner.handle('test-flaky', async (job) => {
      if (failing) throw new Error('the database blinked');
      ran.push(job.key);
    });
    await runner.schedule({
      key: 'test-flaky:1',
      kind: 'test-flaky',
      subjectId: null,
      runAt: new Date(),
    });
    expect(await runner.runDue()).toBe(0);
    const [row] = await t.app.services.database.db
      .select({ doneAt: jobs.doneAt })
      .from(jobs)
      .where(eq(jobs.key, 'test-flaky:1'));
    expect(row).toEqual({ doneAt: null });
    failing = false;
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['test-flaky:1']);
  });
});

describe('preview links', () => {
  it('are signed, valid 7 days, and die with the article', async () => {
    const article = await createArticle(t.app, author, category._id, { status: 'draft' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${article._id}/preview`,
      headers: auth(author),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url, expiresAt } = res.json() as { url: string; expiresAt: string };
    expect(url.startsWith(`${t.config.publicUrl}/preview/`)).toBe(true);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    const token = url.split('/preview/')[1] ?? '';

    expect((await t.app.services.newsroom.preview(token))._id).toBe(article._id);
    // A session token is not a preview link, and a tampered link is refused.
    await expect(t.app.services.newsroom.preview(author.token)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(t.app.services.newsroom.preview(`${token}x`)).rejects.toMatchObject({
      statusCode: 404,
    });
    // Nor may its holder stretch its life: the expiry is under the signature.
    const [id, exp, mac] = token.split('.');
    const stretched = `${id}.${Number(exp) + 86_400}.${mac}`;
    await expect(t.app.services.newsroom.preview(stretched)).rejects.toMatchObject({
      statusCode: 404,
    });

    time.shift(7 * 86_400_000 + 60_000);
    try {
      await expect(t.app.services.newsroom.preview(token)).rejects.toMatchObject({
        statusCode: 404,
      });
    } finally {
      time.shift(0);
    }

    await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${article._id}`,
      headers: auth(author),
    });
    await expect(t.app.services.newsroom.preview(token)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
