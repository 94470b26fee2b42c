import { request as requests, type APIRequestContext, type Page } from '@playwright/test';
import { migratedDataDir, startServer, type RunningServer } from '../setup/spawn-server';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../setup/smtp-server';
import {
  ADMIN,
  Api,
  expect,
  LONG_EN,
  mainNav,
  makeImage,
  readJson,
  storedUserInfo,
  test,
  type Article,
  type Category,
} from './fixtures';

/*
 * Issue 37's journey: a reader signs in by a link read from a real SMTP server (smtp-server),
 * follows a section and an author, saves a story and finds them on their page; the shared pages
 * they saw are the same bytes as an anonymous reader's, from the page cache. On a site of its
 * own, the only one of the journeys that sends mail (the others' site has no SMTP_URL).
 */

let smtp: TestSmtpServer;
let server: RunningServer;
let admin: APIRequestContext;
let category: Category;
let article: Article;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  smtp = await startSmtpServer();
  server = await startServer({
    // A migrated copy without the demo: the journey makes its own section and story, and the
    // demo's seeding (every image's variants) cost this worker about a minute in the gate.
    DATA_DIR: await migratedDataDir(),
    SEED_DEMO: '0',
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'loopback',
    API_RATE_LIMIT: '1000000',
  });
  admin = await requests.newContext({ baseURL: server.url });
  await readJson(await admin.post('/api/users/signup', { data: ADMIN }), 201);
  const api = await Api.signIn(admin, ADMIN);
  category = await readJson<Category>(
    await api.createCategory({ name: 'Rajya', description: 'The states.', isHome: true }),
    201,
  );
  const image = await readJson<{ secure_url: string }>(
    await api.upload({
      name: 'cover.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeImage('jpeg'),
    }),
    201,
  );
  article = await readJson<Article>(
    await api.createArticle({
      name: 'Monsoon reaches Kerala',
      slug: 'monsoon-reaches-kerala',
      category: category._id,
      imageUrl: image.secure_url,
      description: `<p>${LONG_EN}</p>`,
      language: 'en',
      status: 'published',
    }),
    201,
  );
});

test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
  await smtp?.close();
});

/**
 * Opens a shared page and waits until its script has asked `GET /api/me` and wired the Follow
 * and Save buttons from the answer: a click before that meets a button that does nothing yet
 * (a loaded machine's page took longer than the click, and the journey failed in a gate run).
 */
async function openWired(page: Page, url: string) {
  const state = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
  await page.goto(url);
  expect((await state).status()).toBe(200);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

test('a reader signs in by e-mail link, follows, saves, and the pages stay everyone’s', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const site = server.url;
  const email = 'morning-reader@example.com';
  const categoryPath = `/category/${category.slug}`;
  await page.goto(`${site}/login?redirect=${encodeURIComponent(categoryPath)}`);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'A sign-in link and a code' }),
  ).toBeVisible();

  const [mail] = await smtp.waitFor(email);
  await page.goto(`${site}${linkIn(mail!, '/auth/email-link/')}`);
  await expect(page).toHaveURL(`${site}${categoryPath}`);
  const nav = mainNav(page);
  await expect(nav.getByText('morning-reader', { exact: true })).toBeVisible();
  await expect.poll(() => storedUserInfo(page)).toMatchObject({ email, role: 'reader' });

  // Follow the section on its page, save the story on its own, follow its author on theirs.
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await openWired(page, `${site}/${category.slug}/${article.slug}`);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await openWired(page, `${site}/author/${article.author!.slug}`);
  const followAuthor = page.getByRole('button', { name: 'Follow', exact: true });
  await followAuthor.click();
  await expect(followAuthor).toHaveAttribute('aria-pressed', 'true');

  // Their page lists both.
  await page.goto(`${site}/profile`);
  const feed = page.locator('[data-reader-list="/api/me/feed"]');
  await expect(feed.getByRole('link', { name: 'Monsoon reaches Kerala' })).toBeVisible();
  const saved = page.locator('[data-reader-list="/api/me/saved"]');
  await expect(saved.getByRole('link', { name: 'Monsoon reaches Kerala' })).toBeVisible();

  // The shared pages they saw: the same bytes as anyone's, and from the page cache.
  const anonymous = await requests.newContext({ baseURL: site });
  try {
    for (const path of [categoryPath, `/${category.slug}/${article.slug}`]) {
      const theirs = await page.request.get(`${site}${path}`);
      const anyone = await anonymous.get(path);
      expect(theirs.headers()['x-page-cache'], path).toBe('hit');
      expect(await theirs.text(), path).toBe(await anyone.text());
    }
  } finally {
    await anonymous.dispose();
  }
  // And after reloading, the buttons say what the reader chose.
  await page.goto(`${site}${categoryPath}`);
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Their page lists what they follow by kind, each with an Unfollow (issue 72 item 1).
  await page.goto(`${site}/profile`);
  const following = page.getByRole('region', { name: 'What you follow' });
  await expect(following.getByRole('heading', { name: 'Sections' })).toBeVisible();
  await expect(following.getByRole('link', { name: category.name })).toHaveAttribute(
    'href',
    categoryPath,
  );
  await expect(following.getByRole('heading', { name: 'Authors' })).toBeVisible();
  await expect(following.getByRole('link', { name: article.author!.name })).toBeVisible();
  await following.getByRole('button', { name: `Unfollow ${category.name}` }).click();
  await expect(following.getByRole('link', { name: category.name })).toHaveCount(0);
  await expect(following.getByRole('link', { name: article.author!.name })).toBeVisible();
  // Kept: after a reload the section is gone from the list and its Follow is not pressed.
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'What you follow' })
      .getByRole('link', { name: article.author!.name }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'What you follow' })
      .getByRole('link', { name: category.name }),
  ).toHaveCount(0);
  await openWired(page, `${site}${categoryPath}`);
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('the footer offers a new newsletter on kept pages at once, and subscribing mails a confirmation', async ({
  page,
}) => {
  const site = server.url;
  await page.goto(site);
  await expect(page.locator('form[data-newsletter-signup]')).toHaveCount(0);
  const api = await Api.signIn(admin, ADMIN);
  await readJson(
    await api.post('/api/newsletters', {
      name: 'Subah ki khabrein',
      description: 'The morning digest',
      language: 'en',
      schedule: { kind: 'daily', time: '07:00' },
      categories: [category._id],
      maxArticles: 5,
    }),
    201,
  );
  // The home page was kept; the newsletter's event refreshed it.
  await expect(async () => {
    await page.goto(site);
    await expect(page.locator('form[data-newsletter-signup]')).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  const form = page.locator('form[data-newsletter-signup]');
  await expect(form).toContainText('Subah ki khabrein');
  await form
    .getByRole('textbox', { name: 'Your e-mail address' })
    .fill('digest-reader@example.com');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Almost done: open the link we just mailed you to confirm.',
  );
  const [mail] = await smtp.waitFor('digest-reader@example.com');
  expect(mail!.subject).toMatch(/confirm your newsletter subscription/);
});
