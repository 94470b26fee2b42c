import AxeBuilder from '@axe-core/playwright';
import { seriousViolations } from './axe';
import { request as requests, type APIRequestContext, type Locator } from '@playwright/test';
import { migratedDataDir, startServer, type RunningServer } from '../setup/spawn-server';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../setup/smtp-server';
import {
  ADMIN,
  Api,
  expect,
  expectToast,
  fillSignInForm,
  hydrated,
  LONG_EN,
  makeImage,
  newAccount,
  readJson,
  test,
  type Category,
  type UserInfo,
} from './fixtures';

/*
 * Issue 37 item 3, as the newsroom does it: an editor makes a newsletter in the back office,
 * sends an issue now, and watches its counts reach the number of its subscribers (one by
 * double opt-in, three by a CSV import), on the newsletters screen and on the dashboard; every
 * subscriber's mail reaches a real SMTP server (smtp-server), and the issue's web page opens
 * from its subject. And a reader without JavaScript subscribes through the form after a story
 * (the form route's page, a confirmation mail, confirmed). On a site of its own: the other
 * journeys' site has no SMTP_URL.
 */

let smtp: TestSmtpServer;
let server: RunningServer;
let admin: APIRequestContext;
let api: Api;
let category: Category;
let image: string;
const editor = newAccount('Editor');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  smtp = await startSmtpServer();
  server = await startServer({
    DATA_DIR: await migratedDataDir(),
    SEED_DEMO: '0',
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'loopback',
    API_RATE_LIMIT: '1000000',
  });
  admin = await requests.newContext({ baseURL: server.url });
  await readJson(await admin.post('/api/users/signup', { data: ADMIN }), 201);
  api = await Api.signIn(admin, ADMIN);
  const signedUp = await readJson<UserInfo>(await new Api(admin).signUp(editor), 201);
  await readJson(await api.changeRole(signedUp._id, { role: 'editor' }));
  category = await readJson<Category>(
    await api.createCategory({ name: 'Chunav', description: 'Elections.', isHome: true }),
    201,
  );
  const uploaded = await readJson<{ secure_url: string }>(
    await api.upload({
      name: 'cover.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeImage('jpeg'),
    }),
    201,
  );
  image = uploaded.secure_url;
});

test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
  await smtp?.close();
});

/** A row's cell in a column of the issues' tables (subject, sent at, recipients, sent, failed, pending). */
const COLUMN = { recipients: 2, sent: 3, failed: 4, pending: 5 } as const;
const cell = (row: Locator, column: keyof typeof COLUMN) =>
  row.getByRole('cell').nth(COLUMN[column]);

/** Subscribers of `slug`: one confirms the mailed link, three come in a CSV with consent. */
async function subscribe(newsletterId: string, slug: string) {
  const confirming = 'confirms@example.com';
  await readJson(
    await admin.post('/api/newsletters/subscribe', {
      data: { email: confirming, newsletters: [newsletterId] },
    }),
    202,
  );
  const [confirmation] = await smtp.waitFor(confirming);
  expect((await admin.get(linkIn(confirmation!, '/newsletters/confirm/'))).status()).toBe(200);
  const imported = ['ek@example.com', 'do@example.com', 'teen@example.com'];
  const csv = ['email,name,newsletters,subscribed_at,consent']
    .concat(imported.map((email) => `${email},,${slug},,true`))
    .join('\n');
  const answer = await admin.post('/api/newsletters/subscribers/import', {
    headers: { authorization: `Bearer ${api.me.token}` },
    multipart: { file: { name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(await readJson(answer)).toEqual({ imported: 3, refused: [] });
  return [confirming, ...imported];
}

test('an editor makes a newsletter, sends it now and sees every subscriber’s mail go', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    const name = 'Chunav Express';
    await page.goto(`/login?redirect=${encodeURIComponent('/admin/newsletters')}`);
    await hydrated(page);
    await fillSignInForm(page, editor);
    await expect(page).toHaveURL(`${server.url}/admin/newsletters`);
    await hydrated(page);

    const add = page.getByRole('region', { name: 'Create a newsletter' });
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Schedule').selectOption({ label: 'Only when sent by hand' });
    await add.getByRole('checkbox', { name: category.name }).check();
    await add.getByRole('button', { name: 'Create newsletter' }).click();
    await expectToast(page, `The newsletter “${name}” was created.`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('When sent by hand');

    const made = (
      await readJson<{ _id: string; slug: string; name: string }[]>(
        await admin.get('/api/newsletters'),
      )
    ).find((n) => n.name === name)!;
    const addresses = await subscribe(made._id, made.slug);
    // A story in its section, published after it was made: the issue's one story.
    await readJson(
      await api.createArticle({
        name: 'Counting begins at eight',
        slug: 'counting-begins-at-eight',
        category: category._id,
        imageUrl: image,
        description: `<p>${LONG_EN}</p>`,
        language: 'en',
        status: 'published',
      }),
      201,
    );

    await row.getByRole('button', { name: `Send now: ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Send an issue of “${name}” to its subscribers now?` })
      .getByRole('button', { name: 'Send' })
      .click();
    await expectToast(page, 'The issue is on its way.');
    const subject = `${name}: Counting begins at eight`;
    const issue = page
      .getByRole('region', { name: `Issues of “${name}”` })
      .getByRole('row')
      .filter({ hasText: subject });
    // The list is asked again while the issue goes out, until every subscriber's mail went.
    await expect(cell(issue, 'recipients')).toHaveText('4');
    await expect(cell(issue, 'sent')).toHaveText('4', { timeout: 60_000 });
    await expect(cell(issue, 'pending')).toHaveText('0');
    await expect(cell(issue, 'failed')).toHaveText('0');
    for (const address of addresses) {
      const mails = await smtp.waitFor(address, address === 'confirms@example.com' ? 2 : 1);
      expect(mails.map((m) => m.subject)).toContain(subject);
    }

    // Its subject leads to the issue's web page.
    const link = issue.getByRole('link', { name: subject });
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^/newsletters/${made.slug}/[0-9a-f-]{36}$`));
    const web = await page.request.get(href!);
    expect(web.status()).toBe(200);
    expect(await web.text()).toContain('Counting begins at eight');

    // The dashboard shows it too.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const desk = page.getByRole('region', { name: 'Newsletter issues' });
    const onDesk = desk.getByRole('row').filter({ hasText: subject });
    await expect(onDesk).toContainText(name);
    // The desk's first column is the newsletter: its counts are one cell further on.
    await expect(onDesk.getByRole('cell').nth(COLUMN.sent + 1)).toHaveText('4');
  } finally {
    await context.close();
  }
});

test('without JavaScript, the form after a story subscribes by a confirmation mail', async ({
  browser,
  page: scripted,
}) => {
  const made = await readJson<{ _id: string }>(
    await api.post('/api/newsletters', {
      name: 'Raat ki khabar',
      language: 'en',
      schedule: { kind: 'daily', time: '21:00' },
      categories: [category._id],
      maxArticles: 5,
    }),
    201,
  );
  const story = await readJson<{ slug: string }>(
    await api.createArticle({
      name: 'Results by midnight',
      slug: 'results-by-midnight',
      category: category._id,
      imageUrl: image,
      description: `<p>${LONG_EN}</p>`,
      language: 'en',
      status: 'published',
    }),
    201,
  );
  const path = `/${category.slug}/${story.slug}`;
  // With its scripts, the form after the story has no serious or critical violation (axe-core).
  await scripted.goto(`${server.url}${path}`);
  expect(
    await seriousViolations(
      new AxeBuilder({ page: scripted }).include('article form[data-newsletter-signup]'),
    ),
  ).toEqual([]);

  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(path);
    const form = page.getByRole('article').locator('form[data-newsletter-signup]');
    await expect(
      form.getByRole('heading', { name: 'The day’s stories in your inbox' }),
    ).toBeVisible();
    await expect(form.getByRole('checkbox', { name: 'Raat ki khabar' })).toBeChecked();
    await form.getByRole('textbox', { name: 'Your e-mail address' }).fill('no-script@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    // The form route's page, not the API's 400.
    await expect(
      page.getByText('Almost done: open the link we just mailed you to confirm.'),
    ).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/newsletters/subscribe`);
    const [mail] = await smtp.waitFor('no-script@example.com');
    expect(mail!.subject).toMatch(/confirm your newsletter subscription/);
    const confirmed = await page.goto(linkIn(mail!, '/newsletters/confirm/'));
    expect(confirmed?.status()).toBe(200);
    const list = await admin.get(`/api/newsletters/subscribers?newsletter=${made._id}&format=csv`, {
      headers: { authorization: `Bearer ${api.me.token}` },
    });
    expect(await list.text()).toMatch(/no-script@example\.com.*subscribed/);
  } finally {
    await context.close();
  }
});
