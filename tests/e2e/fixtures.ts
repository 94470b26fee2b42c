/*
 * The one home of the browser tests' helpers (STYLE.md §20; Epic Stack tests/playwright-utils.ts):
 * the `test` every spec uses, with its fixtures (`consoleErrors`, `api`, `admin`, `make`), the
 * API client, typed request bodies from common/schemas, data factories that clean up after
 * themselves, sign-in through the API and through the form, toasts, dialogs and the landmarks
 * every journey looks for.
 */
import { articlePath } from '../../common/paths';
import { BROWSER_ARGS, chromiumPath } from '../../scripts/chromium';
import { dropRunDatabases, seededSite } from '../setup/seeded-site';
import { freePort, startServer } from '../setup/spawn-server';
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  type Dialog,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Role } from '../../common/roles';
import type { Article, ArticleCard } from '../../common/schemas/articles';
import type { ArticleInputSchema } from '../../common/schemas/article-input';
import type {
  AdminArticleListSchema,
  CategoryDetailSchema,
} from '../../common/schemas/article-lists';
import type { Category, CategoryInputSchema } from '../../common/schemas/categories';
import type { Stats } from '../../common/schemas/stats';
import type {
  RoleChangeSchema,
  SignInSchema,
  SignUpSchema,
  User,
  UserInfo,
  UserListSchema,
} from '../../common/schemas/users';
import type { SiteSettings, SiteSettingsSchema } from '../../common/settings';
import { adminCopy, type AdminCopy } from '../../app/copy/admin';
import { adminCopyHi } from '../../app/copy/admin.hi';
import { USER_INFO_KEY } from '../../app/features/session/user-info';
import type { StaffLanguage } from '../../common/languages';

export { expect };
export type { Article, ArticleCard, Category, SiteSettings, Stats, User, UserInfo };

// ---------------------------------------------------------------------------------------------
// Wire types: what the API takes (z.input: before defaults) and answers, from common/schemas.

export type ArticleBody = z.input<typeof ArticleInputSchema>;
export type CategoryBody = z.input<typeof CategoryInputSchema>;
export type SignUpBody = z.input<typeof SignUpSchema>;
export type SignInBody = z.input<typeof SignInSchema>;
export type RoleChangeBody = z.input<typeof RoleChangeSchema>;
/** PUT /api/settings takes any subset of the settings (server/modules/settings). */
export type SettingsBody = Partial<z.input<typeof SiteSettingsSchema>>;
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;
export type AdminArticleList = z.infer<typeof AdminArticleListSchema>;
export type UserList = z.infer<typeof UserListSchema>;
/** POST /api/media's answer (its schema lives with the route, server/modules/media). */
export interface Uploaded {
  secure_url: string;
}

/** An account as a person types it in; `name` only matters for sign-up. */
export type Account = SignUpBody;

/** The site's administrator in the browser tests: the first account, made by admin.setup.ts. */
export const ADMIN: Account = {
  name: 'Site Admin',
  email: 'admin@patrika.test',
  password: 'admin-password-123',
};

let counter = 0;
/** Lower-case letters and digits no other test (or earlier run on the database) uses. */
export const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A made-up reader's address, 10.x.y.z. */
const someAddress = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** A new reader's details, not yet signed up. */
export function newAccount(label = 'Reader'): Account {
  const id = unique();
  return {
    name: `${label} ${id}`,
    email: `${label.toLowerCase()}-${id}@patrika.test`,
    password: `pass-${id}-word`,
  };
}

/** A real image made on the spot: a PNG (default) or JPEG of one colour. */
export const makeImage = (format: 'png' | 'jpeg' = 'png', background = '#b3261e') =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

/** Where an article lives on the public site (common/paths.ts, the one address rule). */
export const addressOf = articlePath;

// ---------------------------------------------------------------------------------------------
// The API client.

/** The answer's JSON, after checking its status (the body is shown when it is not `status`). */
export async function readJson<T>(res: APIResponse, status = 200): Promise<T> {
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/**
 * Calls the API as one session: every request carries `Authorization: Bearer <token>` when
 * signed in, nothing when anonymous. Writes answer the raw response, for the test to check its
 * status; reads check for 200 and answer typed JSON.
 */
export class Api {
  constructor(
    readonly request: APIRequestContext,
    readonly session: UserInfo | null = null,
  ) {}

  /** Signs in through POST /api/users/signin (the context also gets the session cookie). */
  static async signIn(request: APIRequestContext, account: SignInBody): Promise<Api> {
    const res = await request.post('/api/users/signin', {
      data: { email: account.email, password: account.password } satisfies SignInBody,
    });
    return new Api(request, await readJson<UserInfo>(res));
  }

  /** Who this client is signed in as. */
  get me(): UserInfo {
    if (!this.session) throw new Error('this API client is not signed in');
    return this.session;
  }

  private get headers(): Record<string, string> {
    return this.session ? { authorization: `Bearer ${this.session.token}` } : {};
  }

  get(path: string) {
    return this.request.get(path, { headers: this.headers });
  }
  post(path: string, data: unknown) {
    return this.request.post(path, { headers: this.headers, data });
  }
  put(path: string, data: unknown) {
    return this.request.put(path, { headers: this.headers, data });
  }
  delete(path: string) {
    return this.request.delete(path, { headers: this.headers });
  }

  /**
   * Signs up from an address of its own (10.x.y.z), as people do: behind a trusted proxy
   * (TRUST_PROXY), per-address sign-up limits then count each person once, not the whole suite.
   */
  signUp(body: SignUpBody) {
    return this.request.post('/api/users/signup', {
      headers: { ...this.headers, 'x-forwarded-for': someAddress() },
      data: body,
    });
  }
  changeRole(userId: string, body: RoleChangeBody) {
    return this.put(`/api/users/${userId}/role`, body);
  }
  createCategory(body: CategoryBody) {
    return this.post('/api/categories/addCategory', body);
  }
  deleteCategory(id: string) {
    return this.delete(`/api/categories/delete/${id}`);
  }
  createArticle(body: ArticleBody) {
    return this.post('/api/articles/article', body);
  }
  updateArticle(id: string, body: ArticleBody) {
    return this.put(`/api/articles/${id}`, body);
  }
  deleteArticle(id: string) {
    return this.delete(`/api/articles/delete/${id}`);
  }
  updateSettings(body: SettingsBody) {
    return this.put('/api/settings', body);
  }
  /**
   * Uploads from an address of its own, as signUp does: each test's setup is a desk of its own,
   * so the per-address upload limit (60 in 10 minutes) counts the browser's own uploads, not
   * every test's setup in a run that fits in 10 minutes.
   */
  upload(file: { name: string; mimeType: string; buffer: Buffer }) {
    return this.request.post('/api/media', {
      headers: { ...this.headers, 'x-forwarded-for': someAddress() },
      multipart: { file },
    });
  }

  async article(id: string): Promise<Article> {
    return readJson<Article>(await this.get(`/api/articles/article/${id}`));
  }
  async categories(): Promise<Category[]> {
    return readJson<Category[]>(await this.get('/api/categories'));
  }
  async homeCategories(): Promise<Category[]> {
    return readJson<Category[]>(await this.get('/api/categories/home'));
  }
  async settings(): Promise<SiteSettings> {
    return readJson<SiteSettings>(await this.get('/api/settings'));
  }
  async stats(): Promise<Stats> {
    return readJson<Stats>(await this.get('/api/stats'));
  }
  /** The first 100 accounts (the administrator's list). */
  async users(): Promise<User[]> {
    return (await readJson<UserList>(await this.get('/api/users?page=1&limit=100'))).users;
  }
}

/** The newest published article in a language, found through the public API (demo content). */
export async function publishedArticleIn(api: Api, language: 'hi' | 'en'): Promise<ArticleCard> {
  for (const c of await api.categories()) {
    const page = await readJson<CategoryDetail>(
      await api.get(`/api/articles/category-detail?categoryId=${c._id}&page=1&limit=9`),
    );
    const found = page.articles.find((a) => a.language === language);
    if (found) return found;
  }
  throw new Error(`no published ${language} article`);
}

// ---------------------------------------------------------------------------------------------
// Data factories: what a test makes through the API, removed when it ends.

/**
 * Makes categories, articles and accounts as ADMIN. Categories are named "Aa E2E …" so they sort
 * first in the back office's lists; articles are published, in English, with a long body (cut
 * in excerpts) and an image uploaded once per test. Everything made, and everything handed to
 * `forget…`, is deleted after the test, newest first. Accounts stay: there is no API to
 * delete one, and each has its own unique e-mail.
 */
export class Factory {
  private readonly cleanups: (() => Promise<unknown>)[] = [];
  private imageUrl: Promise<string> | undefined;

  constructor(
    /** ADMIN's API session. */
    readonly admin: Api,
    /** An anonymous context, so sign-ups leave no cookie in anyone else's. */
    private readonly anonymous: APIRequestContext,
  ) {}

  /** Runs after the test, newest first. */
  onCleanup(fn: () => Promise<unknown>) {
    this.cleanups.push(fn);
  }
  /** Deletes after the test an article the browser made. */
  forgetArticle(id: string) {
    this.onCleanup(() => this.admin.deleteArticle(id));
  }
  forgetCategory(id: string) {
    this.onCleanup(() => this.admin.deleteCategory(id));
  }

  async cleanup() {
    for (const fn of this.cleanups.reverse()) await fn();
  }

  /** An uploaded image's address, the same for every article of one test. */
  image(): Promise<string> {
    this.imageUrl ??= (async () => {
      const res = await this.admin.upload({
        name: 'cover.jpg',
        mimeType: 'image/jpeg',
        buffer: await makeImage('jpeg'),
      });
      return (await readJson<Uploaded>(res, 201)).secure_url;
    })();
    return this.imageUrl;
  }

  async category(overrides: Partial<CategoryBody> = {}): Promise<Category> {
    const name = overrides.name ?? `Aa E2E ${unique()}`;
    const body: CategoryBody = {
      name,
      description: `Articles filed under ${name}.`,
      isHome: false,
      ...overrides,
    };
    const category = await readJson<Category>(await this.admin.createCategory(body), 201);
    this.forgetCategory(category._id);
    return category;
  }

  async article(category: Category, overrides: Partial<ArticleBody> = {}): Promise<Article> {
    const id = unique();
    const body: ArticleBody = {
      name: `A walk through the old city ${id}`,
      slug: `walk-old-city-${id}`,
      category: category._id,
      imageUrl: await this.image(),
      description: `<p>${LONG_EN}</p><p>Second paragraph of ${id}.</p>`,
      language: 'en',
      status: 'published',
      ...overrides,
    };
    const article = await readJson<Article>(await this.admin.createArticle(body), 201);
    this.forgetArticle(article._id);
    return article;
  }

  /**
   * A plan made by ADMIN (monthly, ₹199, for members, on offer, unless `plan` says otherwise),
   * taken off offer after the test.
   */
  async plan(plan: Record<string, unknown> = {}): Promise<{ _id: string; name: string }> {
    const made = await readJson<{ _id: string; name: string }>(
      await this.admin.post('/api/plans', {
        name: `Plan ${unique()}`,
        interval: 'month',
        amount: 19900,
        currency: 'INR',
        access: 'members',
        active: true,
        ...plan,
      }),
      201,
    );
    this.onCleanup(() => this.admin.put(`/api/plans/${made._id}`, { active: false }));
    return made;
  }

  /** A new account signed up through the API: a reader, or given `role` by ADMIN. */
  async account(
    opts: { label?: string; role?: Role } = {},
  ): Promise<Account & { _id: string; role: Role }> {
    const account = newAccount(opts.label);
    const info = await readJson<UserInfo>(await new Api(this.anonymous).signUp(account), 201);
    expect(info.role).toBe('reader');
    if (opts.role && opts.role !== 'reader') {
      const changed = await readJson<User>(
        await this.admin.changeRole(info._id, { role: opts.role }),
      );
      expect(changed.role).toBe(opts.role);
    }
    return { ...account, _id: info._id, role: opts.role ?? 'reader' };
  }
}

/** A body long enough to be cut in every excerpt (200 characters on cards, 150 in categories). */
export const LONG_EN =
  'Monsoon evenings in Jaipur bring the smell of wet earth, the sound of peacocks on the ' +
  'old walls and long queues at the kachori stalls near the bazaar. This story follows three ' +
  'families through one such week, from the first cloudburst to the day the lakes fill again, ' +
  'and asks what the city has learnt about living with water.';

// ---------------------------------------------------------------------------------------------
// The test.

export interface Fixtures {
  /** Console errors and uncaught page errors fail the test unless it allows them. */
  consoleErrors: { allow(pattern: RegExp): void };
  /** The API, anonymous (over the `request` fixture). */
  api: Api;
  /** The API signed in as ADMIN, from a request context of its own. */
  admin: Api;
  /** Data factories as ADMIN; what they make is deleted after the test. */
  make: Factory;
}

/**
 * Every journey fails on a console error or an uncaught page error unless it says it expects
 * one (STYLE.md §20).
 *
 * `make` closes the page before deleting what the test made: an article page counts its view
 * after hydration, and that request must not meet an article already deleted (a 404 in the
 * console, failing a test that did nothing wrong).
 */
/** What a worker holds for all its tests. */
export interface WorkerFixtures {
  /**
   * The site this worker's journeys use: the first worker's is the server playwright.config.ts
   * starts; each other worker starts one of its own like it (seeded, with ADMIN), so journeys
   * that change the site's settings never meet another worker's.
   */
  site: string;
}

/** The environment of tests/e2e/server.ts, for a worker's own server. */
const E2E_SERVER_ENV = {
  SEED_DEMO: '1',
  TRUST_PROXY: 'loopback',
  API_RATE_LIMIT: '1000000',
  WEBHOOKS_ALLOW_PRIVATE: '1',
  PUSH_ALLOW_PRIVATE: '1',
  OIDC_ALLOW_PRIVATE: '1',
};

/**
 * A site of its own like the one playwright.config.ts starts (seeded, with ADMIN as its first
 * account), with `env` added (a journey whose subject needs settings only the environment
 * gives, such as a payment provider's keys). Used until the returned stop().
 */
export async function startOwnSite(env: Record<string, string> = {}) {
  const port = await freePort();
  const seeded = await seededSite();
  const server = await startServer({
    ...E2E_SERVER_ENV,
    ...seeded,
    ...env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const stop = async () => {
    await server.stop();
    if (seeded.DATABASE_URL) await dropRunDatabases(seeded.DATABASE_URL);
  };
  try {
    const first = await fetch(new URL('/api/users/signup', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (first.status !== 201) throw new Error(`ADMIN's sign-up: ${first.status}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: server.url, stop };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  site: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const configured = workerInfo.project.use.baseURL;
      if (!configured) throw new Error('playwright.config.ts sets no baseURL');
      if (workerInfo.parallelIndex === 0) return use(configured);
      const own = await startOwnSite();
      try {
        await use(own.url);
      } finally {
        await own.stop();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ site }, use) => {
    await use(site);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        // A failed resource names no address in its text; its location does.
        if (message.type() === 'error') {
          const where = message.location().url;
          errors.push(where ? `${message.text()} (${where})` : message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((e) => !allowed.some((p) => p.test(e)));
      expect(unexpected, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
  api: async ({ request }, use) => {
    await use(new Api(request));
  },
  admin: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({ baseURL });
    await use(await Api.signIn(context, ADMIN));
    await context.dispose();
  },
  make: async ({ admin, page, playwright, baseURL }, use) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const factory = new Factory(admin, anonymous);
    await use(factory);
    await page.close();
    await factory.cleanup();
    await anonymous.dispose();
  },
});

// ---------------------------------------------------------------------------------------------
// The browser: hydration, sign-in, toasts, dialogs, landmarks.

/** Waits until React has hydrated the document (root.tsx sets the marker). */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/**
 * For `test.use`: the whole Chromium instead of its old headless shell (scripts/chromium.ts), for
 * journeys that need Web Push: the shell has no PushManager or Notification, so a page there
 * never offers alerts nor notes the stories read for the offer.
 */
export const WHOLE_BROWSER = {
  launchOptions: { executablePath: chromiumPath(), args: BROWSER_ARGS },
};

/** Asks with `load` until the kept answer it gets is not stale; answers the last one. */
async function untilCurrent<T extends { headers(): Record<string, string> }>(
  path: string,
  load: () => Promise<T | null>,
): Promise<T | null> {
  let last: T | null = null;
  await expect
    .poll(
      async () => {
        last = await load();
        return last?.headers()['x-page-cache'];
      },
      { message: `${path} answered as its current version` },
    )
    .not.toBe('stale');
  return last;
}

/**
 * Opens `path` as its current version: a kept page that a change made stale is served once as it
 * was while it is rendered again (docs/decisions/029), so a journey that comes after other
 * journeys' changes to the same site (its settings, say) loads it again until it is not stale.
 */
export const gotoCurrent = (page: Page, path: string): Promise<Response | null> =>
  untilCurrent(path, () => page.goto(path));

/**
 * Asks for `path` (not in the page) until its kept answer is not stale, for a journey that then
 * opens it once and watches what the page fetches: a stale copy (another journey's settings, say
 * the site's language, changed since it was kept) would fetch what the current page does not.
 */
export const currentAnswer = (request: APIRequestContext, path: string) =>
  untilCurrent(path, () => request.get(path));

/** Presses the form's Update and answers the save's response (PUT /api/articles/{id}). */
export async function clickUpdate(page: Page, articleId: string) {
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/articles/${articleId}`),
  );
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  return saved;
}

/** Fills the sign-in form on the page and submits it. */
export async function fillSignInForm(page: Page, account: SignInBody) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs in through /login?redirect=… as a person does, and lands on `target`, hydrated: the back
 * office is loaded as a new document (app/features/session/use-sign-in.ts), and a click before
 * hydration would meet server-rendered buttons that do nothing yet.
 */
export async function signIn(page: Page, account: SignInBody, target: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await hydrated(page);
  await fillSignInForm(page, account);
  await expect(page).toHaveURL(target);
  await hydrated(page);
}

/**
 * The plain editor, as on a cluster without Redis or when /api/collab cannot be reached: the
 * co-editing socket is closed as it opens, so the form keeps its own text, its autosave offer
 * and its 409 chooser (use-collab.ts). For journeys about those, which sharing would change:
 * the shared document keeps a closed tab's words, and a save from outside refreshes it.
 */
export async function withoutCoEditing(target: Page | BrowserContext) {
  await target.routeWebSocket(/\/api\/collab/, (ws) => ws.close());
}

/**
 * Signs `account` in without the sign-in form, on the journeys' site or the site at `origin`: the
 * sign-in call through the page's own context (its cookie lands in the browser), and its answer
 * kept under `userInfo` (SPEC.md §4) from a plain text document of the site, as the form's
 * success keeps it. No init script: a journey that later signs out, or in as someone else, is not
 * undone at its next page.
 */
export async function signInThroughApi(page: Page, account: SignInBody, origin = '') {
  const res = await page.request.post(`${origin}/api/users/signin`, {
    data: { email: account.email, password: account.password } satisfies SignInBody,
  });
  const info = await readJson<UserInfo>(res);
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate(([key, stored]) => localStorage.setItem(key, stored), [
    USER_INFO_KEY,
    JSON.stringify(info),
  ] as const);
}

/**
 * Opens `target` signed in as `account`, hydrated, for journeys whose subject is what comes after
 * the sign-in (`signInThroughApi`). The form itself is the subject of public-auth.spec.ts and of
 * the journeys that use `signIn` (a second step, a first hour, an invitation); opening /login and
 * hydrating it for every other journey was a page load each.
 */
export async function openSignedIn(page: Page, account: SignInBody, target: string) {
  await signInThroughApi(page, account);
  await page.goto(target);
  await hydrated(page);
}

/** Fills the sign-up form on the page (a different `confirm` to test the check) and submits. */
export async function fillSignUpForm(page: Page, account: Account, confirm = account.password) {
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(confirm);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/** What the page keeps under localStorage `userInfo` (SPEC.md §3), or null. */
export async function storedUserInfo(page: Page): Promise<UserInfo | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as UserInfo) : null;
  }, USER_INFO_KEY);
}

/** The one toast on screen says exactly `text`; it is closed so the next one can show. */
/**
 * After Update, the editor stays on the article with "Saved 14:02" (issue 26 item 3); the link
 * beside it goes back to the list.
 */
export async function savedThenBackToList(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^Saved \d\d:\d\d$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/edit-article\//);
  await page.getByRole('link', { name: 'Back to articles' }).click();
  await expect(page).toHaveURL('/admin/articles');
}

export async function expectToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toHaveText(text);
  // A toast closes itself after 4 s (root.tsx): on a busy machine it may go while the click is
  // on its way, and a click on a toast that is gone waits for the whole test's time. Either
  // way it must be gone after.
  await closeToast(toast);
}

/** Closes a toast, or finds it already closed by its own timer. */
export async function closeToast(toast: Locator) {
  await toast
    .getByRole('button', { name: 'close' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(toast).toHaveCount(0);
}

/**
 * How long the wait for a dialog lasts: armed before the action that opens it, it also covers
 * that action's own wait for its element (a click after a navigation, on a busy machine). Only
 * there to fail a journey whose dialog never opens, so it is as long as an action may take.
 */
const DIALOG_TIMEOUT_MS = 30_000;

/**
 * Answers the next browser dialog (confirm, beforeunload) as it opens; resolves with it so the
 * caller can check its message. Call it before the action that opens the dialog; fails if none
 * opens in time.
 */
export function nextDialog(page: Page, answer: 'accept' | 'dismiss'): Promise<Dialog> {
  return page.waitForEvent('dialog', {
    timeout: DIALOG_TIMEOUT_MS,
    predicate: async (dialog) => {
      if (answer === 'accept') await dialog.accept();
      else await dialog.dismiss();
      return true;
    },
  });
}

/** The public site's header navigation. */
export const mainNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' });

/** The public header's ☰ toggle, shown below the lg breakpoint (a <details> summary). */
export const menuToggle = (page: Page): Locator => mainNav(page).getByLabel('Toggle navigation');

/** The toggle of the public header's Categories menu (a <details> summary). */
export const categoriesToggle = (page: Page): Locator =>
  mainNav(page).getByText('Categories', { exact: true });

/** Fails when the page is wider than the window, so a person would scroll it sideways. */
export async function expectNoSideScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${what}: page width ${JSON.stringify(widths)}`).toBeLessThanOrEqual(
    widths.client,
  );
}

/** The back office's texts in each interface language (it follows the setting, DECISIONS.md §18). */
export const ADMIN_COPY: Record<StaffLanguage, AdminCopy> = { en: adminCopy, hi: adminCopyHi };

/** The back office's sidebar, named in the interface language. */
export const sidebar = (page: Page, language: StaffLanguage = 'en'): Locator =>
  page.getByRole('navigation', { name: ADMIN_COPY[language].menu.backOffice });
