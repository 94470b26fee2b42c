/*
 * Notes in the margin (issue 43 item 2): whoever may edit a story adds notes on its passages,
 * replies and resolves them; `@name` mails that colleague (a real SMTP server on loopback; the
 * test runs the jobs itself); everyone else is refused; a bad note changes nothing; and no note
 * reaches readers: not the story's page, not the reader API, not the feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestUser;
let author: TestUser;
let editor: TestUser;
let otherAuthor: TestUser;
let reader: TestUser;
let story: Awaited<ReturnType<typeof createArticle>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'desk@patrika.test', PUBLIC_URL: 'https://patrika.test' },
    { pollJobs: false, web: 'build' },
  );
  admin = await createAdmin(t.app);
  author = await createUser(t.app, 'author', { name: 'Asha Rao' });
  editor = await createUser(t.app, 'editor', { name: 'Esha Editor' });
  otherAuthor = await createUser(t.app, 'author', { name: 'Asha' });
  reader = await createUser(t.app, 'reader', { name: 'Ravi Reader' });
  const category = await createCategory(t.app, admin);
  story = await createArticle(t.app, author, category._id, {
    description: '<p>The river rose by two metres overnight.</p>',
    status: 'published',
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = (
  who: TestUser | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who ? auth(who) : {}, ...(payload ? { payload } : {}) });
const notesUrl = () => `/api/articles/${story._id}/notes`;
const deliver = async () => {
  await t.app.services.jobs.runDue();
  await t.app.services.mailer.settled();
};

describe('notes in the margin', () => {
  it('adds, lists, replies and resolves; a mention mails the colleague named, once', async () => {
    const added = await call(author, 'POST', notesUrl(), {
      quote: '  two metres ',
      body: 'Is this the official figure? @esha editor please check.',
    });
    expect(added.statusCode, added.body).toBe(201);
    const note = added.json();
    expect(note).toMatchObject({
      quote: 'two metres',
      body: 'Is this the official figure? @esha editor please check.',
      author: { _id: author._id, name: 'Asha Rao' },
      resolved: false,
      replies: [],
    });
    expect(added.headers['cache-control']).toBe('private, no-store');

    await deliver();
    const mails = await smtp.waitFor(editor.email, 1);
    expect(mails[0]!.subject).toContain('Asha Rao');
    expect(mails[0]!.text).toContain('two metres');
    expect(mails[0]!.text).toContain(`https://patrika.test/admin/edit-article/${story._id}`);
    // The writer is never mailed, nor anyone not named.
    expect(smtp.to(author.email)).toEqual([]);
    expect(smtp.to(admin.email)).toEqual([]);

    // "@Asha Rao" names her, not the author called "Asha" (the longest name wins).
    const replied = await call(editor, 'POST', `${notesUrl()}/${note._id}/replies`, {
      body: 'Yes, from the district office. @Asha Rao',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().replies).toMatchObject([
      { body: 'Yes, from the district office. @Asha Rao', author: { name: 'Esha Editor' } },
    ]);
    await deliver();
    expect((await smtp.waitFor(author.email, 1))[0]!.text).toContain('two metres');
    expect(smtp.to(otherAuthor.email)).toEqual([]);
    await deliver();
    expect(smtp.to(editor.email)).toHaveLength(1);

    const resolved = await call(editor, 'PUT', `${notesUrl()}/${note._id}`, { resolved: true });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ _id: note._id, resolved: true });
    const listed = await call(author, 'GET', notesUrl());
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject([{ _id: note._id, resolved: true, replies: [{}] }]);
    const reopened = await call(author, 'PUT', `${notesUrl()}/${note._id}`, { resolved: false });
    expect(reopened.json().resolved).toBe(false);
  });

  it('refuses whoever may not edit the story, bad notes and unknown notes, changing nothing', async () => {
    const before = (await call(admin, 'GET', notesUrl())).json();
    const body = { quote: 'river', body: 'A note.' };
    expect((await call(null, 'POST', notesUrl(), body)).statusCode).toBe(401);
    expect((await call(null, 'GET', notesUrl())).statusCode).toBe(401);
    expect((await call(reader, 'POST', notesUrl(), body)).statusCode).toBe(403);
    expect((await call(otherAuthor, 'GET', notesUrl())).statusCode).toBe(403);
    for (const [payload, code] of [
      [{ quote: 'river', body: '   ' }, 'note.empty'],
      [{ quote: '', body: 'A note.' }, 'note.quote_missing'],
      [{ body: 'A note.' }, 'note.quote_missing'],
      [{ quote: 'river', body: 'x'.repeat(2001) }, 'note.too_long'],
    ] as const) {
      const res = await call(author, 'POST', notesUrl(), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(code);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    const reply = await call(author, 'POST', `${notesUrl()}/${unknown}/replies`, { body: 'Hi' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().code).toBe('note.not_found');
    expect(
      (await call(author, 'PUT', `${notesUrl()}/${unknown}`, { resolved: true })).statusCode,
    ).toBe(404);
    const bad = await call(author, 'PUT', `${notesUrl()}/${unknown}`, { resolved: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await call(admin, 'GET', notesUrl())).json()).toEqual(before);
  });

  it('never reaches readers: not the page, the reader API or the feed', async () => {
    const secret = 'Margin-only remark 7f3a';
    const added = await call(editor, 'POST', notesUrl(), { quote: 'river', body: secret });
    expect(added.statusCode, added.body).toBe(201);
    const path = articlePath({ slug: story.slug, categorySlug: story.category.slug });
    for (const url of [path, `/api/articles/article/${story._id}`, '/feed.xml']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(secret);
    }
    expect((await t.app.inject({ url: path })).body).toContain('The river rose');
    expect((await t.app.inject({ url: '/feed.xml' })).body).toContain(story.name);
  });
});
