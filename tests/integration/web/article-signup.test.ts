/*
 * Issue 37 item 3's "a form on every page footer and on article pages": an article page offers
 * the active newsletters after its story as well as in its footer, in the server-rendered HTML
 * (an `<input type=email>`, posting to the form route without a script), the same bytes for a
 * signed-in reader as for anyone and kept by the page cache; a newsletter made after the page
 * was kept shows on it (the newsletters' tag). The form's own fields, posted as a browser posts
 * them, subscribe by confirmation mail (a real smtp-server).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { READER_COOKIE } from '../../../common/session-cookies';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  signUp,
  type TestUser,
} from '../../factories';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestUser;
let reader: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, { web: 'build' });
  admin = await createAdmin(t.app);
  reader = await signUp(t.app);
}, 300_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The sign-up forms of a page, each as its HTML. */
const formsOf = (html: string) =>
  [...html.matchAll(/<form[^>]*data-newsletter-signup[^>]*>.*?<\/form>/gs)].map((m) => m[0]);

/** The sign-up form inside the page's `<article>`, if any. */
const articleFormOf = (html: string) => {
  const article = /<article[\s>].*<\/article>/s.exec(html)?.[0] ?? '';
  return formsOf(article)[0];
};

it('offers the newsletters after the story, in the kept page everyone gets', async () => {
  const category = await createCategory(t.app, admin, { name: 'Signup Desk' });
  const story = await createArticle(t.app, admin, category._id, { name: 'Rain in Jaipur' });
  const path = `/${category.slug}/${story.slug}`;

  // No newsletter yet: no form, after the story or in the footer.
  const before = await t.app.inject({ url: path });
  expect(before.statusCode).toBe(200);
  expect(formsOf(before.body)).toEqual([]);
  expect((await t.app.inject({ url: path })).headers['x-page-cache']).toBe('hit');

  const made = await t.app.inject({
    method: 'POST',
    url: '/api/newsletters',
    headers: auth(admin),
    payload: {
      name: 'Jaipur Morning',
      language: 'en',
      schedule: { kind: 'daily', time: '07:00' },
      categories: [category._id],
      maxArticles: 5,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const newsletter = made.json<{ _id: string }>();

  // The kept page is made again with it (served stale at most while that happens).
  let html = '';
  await waitUntil(
    async () => {
      html = (await t.app.inject({ url: path })).body;
      return articleFormOf(html) !== undefined;
    },
    { timeoutMs: 10_000, message: 'the article page never offered the new newsletter' },
  );
  const form = articleFormOf(html)!;
  expect(formsOf(html)).toHaveLength(2);
  expect(form).toContain('The day’s stories in your inbox');
  expect(form).toContain('action="/newsletters/subscribe"');
  expect(form).toContain('method="post"');
  expect(form).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
  expect(form).toContain(`name="newsletters" value="${newsletter._id}"`);
  // Its field's id is its own: the footer's form is on the same page.
  expect(form).toContain('id="newsletter-email-article"');
  expect(html.match(/id="newsletter-email(-article)?"/g)).toEqual([
    'id="newsletter-email-article"',
    'id="newsletter-email"',
  ]);

  // A signed-in reader gets the same kept bytes as anyone.
  const asReader = await t.app.inject({
    url: path,
    headers: { cookie: `${READER_COOKIE}=${reader.token}` },
  });
  const anonymous = await t.app.inject({ url: path });
  expect(asReader.headers['x-page-cache']).toBe('hit');
  expect(anonymous.headers['x-page-cache']).toBe('hit');
  expect(asReader.body).toBe(anonymous.body);
  expect(asReader.body).not.toContain(reader.email);

  // Its fields, as a browser without a script posts them: a confirmation mail, and a page.
  const fields = new URLSearchParams({ email: 'after-the-story@example.com' });
  for (const [, name, value] of form.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
  ))
    fields.append(name!, value!);
  const posted = await t.app.inject({
    method: 'POST',
    url: '/newsletters/subscribe',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: fields.toString(),
  });
  expect(posted.statusCode, posted.body).toBe(202);
  const [mail] = await smtp.waitFor('after-the-story@example.com');
  expect(mail!.subject).toMatch(/confirm your newsletter subscription/);
});
