/*
 * Issue 22 item 4: the back office as outside validators see it. Every admin page, with the
 * site's interface language set to English and to Hindi, passes axe (no serious or critical
 * violation) and the W3C Nu HTML checker (no error) on its DOM after JavaScript; the editor's
 * toolbar is one Tab stop (WAI-ARIA toolbar pattern), the focused editor shows where focus is,
 * and the first Tab stop skips to the page's content.
 */
import AxeBuilder from '@axe-core/playwright';
import { seriousViolations } from './axe';
import type { Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UiLanguage } from '../../common/settings';
import { adminCopy, type AdminCopy } from '../../app/copy/admin';
import { editionDeskCopyIn } from '../../app/copy/edition-desk';
import { editionTreeCopyIn } from '../../app/copy/edition-tree';
import { epaperDeskCopy } from '../../app/copy/epaper';
import { epaperZoneDeskCopy } from '../../app/copy/epaper-zone-desk';
import {
  ADMIN,
  ADMIN_COPY,
  expect,
  openSignedIn,
  readJson,
  type SiteSettings,
  test,
} from './fixtures';

// axe reads colours as they are drawn: a dialog still fading in (one the editor opens by itself,
// or the media library's) was judged at contrasts of 3.7–4.5 over its backdrop, in some runs
// only. With reduced motion (Bootstrap then has no transitions) every dialog is judged as it
// settles, whenever it opens.
test.use({ reducedMotion: 'reduce' });

/** The Nu checker's jar, as the `vnu-jar` package ships it (its export is the jar's path). */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface AdminPage {
  name: string;
  path: string;
  /**
   * The screen opens an article of the test's own (its path names it). Every other screen shows
   * the demo's content, which the site is seeded with, and the test makes nothing for it: an
   * article made for each of them (an uploaded image, its variants made by the server, written
   * and deleted again) was read by none.
   */
  ownArticle?: true;
  /** What shows once the page's data has arrived and its scripts have drawn it. */
  ready: (page: Page) => Promise<void>;
}

// The back office speaks the interface language (DECISIONS.md §18): screens are found by the
// texts of the language under test.
const toolbarOf = (page: Page, t: AdminCopy = adminCopy) =>
  page.getByRole('toolbar', { name: t.editor.toolbar });
const editorOf = (page: Page, t: AdminCopy = adminCopy) =>
  page.getByRole('textbox', { name: t.form.description });

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

/** The article form has drawn its editor and its lists of categories and authors. */
const articleFormReady = (title: string, t: AdminCopy) => async (page: Page) => {
  await heading(title)(page);
  await expect(toolbarOf(page, t)).toBeVisible();
  await expect(page.getByLabel(t.form.category)).toBeEnabled();
  // Exact: the co-writers' label (सह-लेखक) holds the author's (लेखक).
  await expect(page.getByLabel(t.form.author, { exact: true })).toBeEnabled();
};

/** An e-paper page's PDF (tests/fixtures/epaper). */
const ONE_PAGE_PDF = join(import.meta.dirname, '..', 'fixtures', 'epaper', 'one-page.pdf');
/** A date of `year` of its own, so that another run never meets its issue. */
const randomDate = (year: number) =>
  `${year}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(
    1 + Math.floor(Math.random() * 28),
  ).padStart(2, '0')}`;

/** Every screen of the back office (app/routes.ts), and the profile it links to. */
function adminPages(articleId: string, t: AdminCopy): AdminPage[] {
  const desk = editionDeskCopyIn(t === adminCopy ? 'en' : 'hi');
  const tree = editionTreeCopyIn(t === adminCopy ? 'en' : 'hi');
  return [
    { name: 'dashboard', path: '/admin/dashboard', ready: heading(t.dashboard.title) },
    {
      name: 'articles',
      path: '/admin/articles',
      ready: async (page) => {
        await heading(t.articles.title)(page);
        await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
      },
    },
    {
      name: 'add-article',
      path: '/admin/add-article',
      ready: articleFormReady(t.form.addTitle, t),
    },
    {
      name: 'edit-article',
      path: `/admin/edit-article/${articleId}`,
      ownArticle: true,
      ready: async (page) => {
        await articleFormReady(t.form.editTitle, t)(page);
        await expect(editorOf(page, t)).toContainText('Second paragraph');
      },
    },
    {
      name: 'edit-article-link-dialog',
      path: `/admin/edit-article/${articleId}`,
      ownArticle: true,
      ready: async (page) => {
        await articleFormReady(t.form.editTitle, t)(page);
        await toolbarOf(page, t)
          .getByRole('button', { name: t.editor.tools.link, exact: true })
          .click();
        await expect(page.getByRole('dialog', { name: t.editor.addLink })).toBeVisible();
      },
    },
    {
      name: 'categories',
      path: '/admin/categories',
      ready: async (page) => {
        await heading(t.categories.title)(page);
        await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
      },
    },
    {
      // The tree of editions with its Add form open (issue 65 item 1).
      name: 'editions',
      path: '/admin/editions',
      ready: async (page) => {
        await heading(tree.title)(page);
        await page.getByRole('button', { name: tree.add }).click();
        await expect(page.getByRole('dialog', { name: tree.add })).toBeVisible();
      },
    },
    {
      // An edition's home with its form open (issue 65 item 3).
      name: 'edition-homes',
      path: '/admin/edition-homes',
      ready: async (page) => {
        await heading(desk.homesNav)(page);
        await page.getByLabel(desk.homesEdition).selectOption({ index: 1 });
        await expect(page.getByLabel(desk.homesLead)).toBeVisible();
      },
    },
    { name: 'sitemap', path: '/admin/sitemap', ready: heading(t.sitemap.title) },
    {
      name: 'users',
      path: '/admin/users',
      ready: async (page) => {
        await heading(t.users.title)(page);
        await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
      },
    },
    { name: 'settings', path: '/admin/settings', ready: heading(t.settings.title) },
    {
      name: 'settings-media-picker',
      path: '/admin/settings',
      ready: async (page) => {
        await heading(t.settings.title)(page);
        await page
          .getByRole('group', { name: t.settings.fields.logoUrl })
          .getByRole('button')
          .first()
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.getByRole('dialog').getByRole('listitem').first()).toBeVisible();
      },
    },
    {
      name: 'media',
      path: '/admin/media',
      ready: async (page) => {
        // The library speaks the interface language (issue 26 item 1).
        await heading(/^(Media library|मीडिया लाइब्रेरी)$/)(page);
        await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      },
    },
    {
      name: 'media-details',
      path: '/admin/media',
      ready: async (page) => {
        await page.getByRole('main').getByRole('listitem').first().getByRole('button').click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
    {
      name: 'newsletters',
      path: '/admin/newsletters',
      ready: async (page) => {
        await heading(t.newsletters.title)(page);
        await expect(page.getByRole('button', { name: t.newsletters.create })).toBeVisible();
      },
    },
    {
      name: 'webhooks',
      path: '/admin/webhooks',
      ready: async (page) => {
        await heading(t.webhooks.title)(page);
        await expect(page.getByRole('button', { name: t.webhooks.add })).toBeVisible();
      },
    },
    {
      name: 'keys',
      path: '/admin/keys',
      ready: async (page) => {
        await heading(t.keys.title)(page);
        await expect(page.getByRole('button', { name: t.keys.create })).toBeVisible();
      },
    },
    {
      // The e-paper desk with a page's boxes open and a box's form (issue 68 item 1): an issue
      // of a date of its own, its page uploaded here and made into its view.
      name: 'epaper-boxes',
      path: `/admin/epaper?date=${randomDate(2034)}`,
      ready: async (page) => {
        test.setTimeout(240_000);
        const lang = t === adminCopy ? 'en' : 'hi';
        const [d, z] = [epaperDeskCopy[lang], epaperZoneDeskCopy[lang]];
        await heading(d.title)(page);
        await page.getByRole('button', { name: d.start }).click();
        await page.getByLabel(d.choose).setInputFiles(ONE_PAGE_PDF);
        await page.getByRole('button', { name: z.open(1) }).click({ timeout: 180_000 });
        await page.getByRole('button', { name: z.add }).click();
        await expect(page.getByLabel(z.w)).toBeVisible();
      },
    },
    {
      name: 'admin-not-found',
      path: '/admin/no-such-screen',
      ready: heading(t.notFound.title),
    },
    {
      name: 'profile',
      path: '/profile',
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(
          page.getByRole('main').getByRole('button', { name: /.+/ }).first(),
        ).toBeVisible();
      },
    },
  ];
}

/** A page's serious and critical axe violations, one readable paragraph each. */
function axeOf(page: Page): Promise<string[]> {
  // Legacy mode: axe gathers its results in the page itself, not in a blank page opened beside
  // it for each run (a renderer started and closed per screen: a second of the run's CPU each,
  // 38 times). What it gives up, frames from another origin, no back-office screen has.
  return seriousViolations(new AxeBuilder({ page }).setLegacyMode(true));
}

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * Checks the saved documents with the Nu HTML checker in one run (one JVM start) and answers
 * every error as "page: message (extract)".
 */
function nuErrors(files: Map<string, string>): string[] {
  const run = spawnSync(
    'java',
    [
      // A run of seconds: the JVM's quick compiler alone (its optimising one spent more CPU
      // compiling than it saved, docs/testing.md), whose larger frames need a larger stack than
      // the default (on a short one the checker exits non-zero, and the test fails).
      '-XX:TieredStopAtLevel=1',
      '-Xss4m',
      '-jar',
      VNU_JAR,
      '--errors-only',
      '--format',
      'json',
      '--stdout',
      '--exit-zero-always',
      ...files.keys(),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  expect(run.error, 'the Nu checker could not be started (is java on the PATH?)').toBeUndefined();
  expect(run.status, `the Nu checker failed: ${run.stderr}`).toBe(0);
  const { messages } = JSON.parse(run.stdout) as { messages: NuMessage[] };
  // The checker names a file "file:/path", one slash: compare paths, not addresses.
  const pageOf = (url: string | undefined) =>
    (url && files.get(fileURLToPath(new URL(url)))) ?? url ?? '?';
  return messages
    .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
    .map((m) => {
      const where = pageOf(m.url);
      return `${where}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').trim()}` : ''}`;
    });
}

/**
 * Each screen in each language is a test of its own (a slow machine meets each test's own time
 * limit, not one limit for forty-two screens), saving the document it checked with axe; a test
 * after both languages runs the Nu checker once over every saved document (one JVM start, where
 * one per language started two). Playwright empties the output folder at the start of a run,
 * and a screen's test that runs again (a retry) writes its document again.
 */
const nuFolder = (outputDir: string, language: UiLanguage) =>
  join(outputDir, 'admin-validators-nu', language);
const SCREEN_NAMES = adminPages('', adminCopy).map((screen) => screen.name);
const LANGUAGES = ['en', 'hi'] as const satisfies UiLanguage[];

for (const language of LANGUAGES) {
  test.describe(`every admin page in ${language === 'en' ? 'English' : 'Hindi'}`, () => {
    for (const name of SCREEN_NAMES) {
      test(`${name} passes axe (no serious or critical violation)`, async ({
        page,
        admin,
        make,
        consoleErrors,
      }, testInfo) => {
        // The back office's not-found screen answers 404, as it should.
        consoleErrors.allow(/status of 404/);
        const { uiLanguage } = await admin.settings();
        if (uiLanguage !== language) {
          make.onCleanup(() => admin.updateSettings({ uiLanguage }));
          await readJson<SiteSettings>(await admin.updateSettings({ uiLanguage: language }));
        }
        const screenWith = (articleId: string) =>
          adminPages(articleId, ADMIN_COPY[language]).find((s) => s.name === name)!;
        let screen = screenWith('');
        if (screen.ownArticle) screen = screenWith((await make.article(await make.category()))._id);
        await openSignedIn(page, ADMIN, screen.path);
        await screen.ready(page);
        const origin = new URL(page.url()).origin;
        const foreign = page.frames().filter((f) => !/^(about:|$)/.test(f.url()));
        expect(
          foreign.filter((f) => new URL(f.url()).origin !== origin).map((f) => f.url()),
          'frames from another origin, which axe in legacy mode leaves unchecked',
        ).toEqual([]);
        const findings = await axeOf(page);
        const html = await page.evaluate(() => document.documentElement.outerHTML);
        const dir = nuFolder(testInfo.project.outputDir, language);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `${name}.html`), `<!DOCTYPE html>\n${html}`);
        expect(
          findings,
          `axe on ${screen.path} (uiLanguage ${language}): serious or critical violations\n${findings.join('\n')}`,
        ).toEqual([]);
      });
    }
  });
}

// Playwright reads a test's fixtures from this pattern; this one uses none.
// eslint-disable-next-line no-empty-pattern
test('the Nu HTML checker finds no error in the screens checked above', async ({}, testInfo) => {
  const files = new Map<string, string>();
  const missing: string[] = [];
  for (const language of LANGUAGES) {
    const dir = nuFolder(testInfo.project.outputDir, language);
    for (const name of SCREEN_NAMES) {
      const file = join(dir, `${name}.html`);
      const screen = `${name} (uiLanguage ${language})`;
      if (existsSync(file)) files.set(file, screen);
      else missing.push(screen);
    }
  }
  expect(missing, 'screens whose test saved no document (it failed or did not run)').toEqual([]);
  const errors = nuErrors(files);
  expect(errors, `the Nu HTML checker: ${errors.length} errors\n${errors.join('\n')}`).toEqual([]);
});

test('the editor toolbar is one Tab stop with arrow keys between its buttons', async ({
  page,
  make,
}) => {
  const article = await make.article(await make.category());
  await openSignedIn(page, ADMIN, `/admin/edit-article/${article._id}`);
  const toolbar = toolbarOf(page);
  const editor = editorOf(page);
  const tool = (name: string) => toolbar.getByRole('button', { name, exact: true });
  await expect(editor).toContainText('Second paragraph');

  // Tabbing on from the title (the story comes first, issue 45 item 2; the title's own controls
  // sit between), the first stop inside the toolbar is its first button...
  await page.getByLabel('Title', { exact: true }).focus();
  const inToolbar = () => toolbar.evaluate((bar) => bar.contains(document.activeElement));
  for (let stops = 0; stops < 6 && !(await inToolbar()); stops++) await page.keyboard.press('Tab');
  await expect(tool('H2')).toBeFocused();
  // ...and only that one is in the Tab order.
  await expect(toolbar.locator('[tabindex="0"]')).toHaveCount(1);

  await page.keyboard.press('ArrowRight');
  await expect(tool('H3')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tool('H2')).toBeFocused();
  // Left from the first wraps to the last enabled button (Undo and Redo have nothing to do).
  await page.keyboard.press('ArrowLeft');
  await expect(tool('Video')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tool('H2')).toBeFocused();
  await page.keyboard.press('End');
  await expect(tool('Video')).toBeFocused();

  // One Tab leaves the toolbar for the text, which shows that it has focus.
  await page.keyboard.press('Tab');
  await expect(editor).toBeFocused();
  const outline = await editor.evaluate((e) => {
    const style = getComputedStyle(e);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThan(0);

  // Shift+Tab comes back to the button last used.
  await page.keyboard.press('Shift+Tab');
  await expect(tool('Video')).toBeFocused();
  await expect(toolbar.locator('[tabindex="0"]')).toHaveCount(1);
});

test('the first Tab stop of the back office skips to the page content', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/admin/articles');
  await heading('Articles')(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // Tab goes on from the content (its first link), not from the top of the page again.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByRole('link', { name: 'Add Article' })).toBeFocused();
});

test.describe('at a phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the back office tables, laid out as cards, keep their rows, headers and cells', async ({
    page,
  }) => {
    await openSignedIn(page, ADMIN, '/admin/categories');
    const table = page.getByRole('main').getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveCount(1);
    await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toBeVisible();
    // The cards really are blocks here (app.css), so the roles come from the HTML itself.
    expect(
      await table
        .locator('tr')
        .first()
        .evaluate((tr) => getComputedStyle(tr).display),
    ).toBe('block');
  });
});
