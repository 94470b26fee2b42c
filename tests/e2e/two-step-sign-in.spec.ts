import type { APIRequestContext, Page } from '@playwright/test';
import { NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';
import {
  Api,
  closeToast,
  expect,
  expectToast,
  fillSignInForm,
  hydrated,
  readJson,
  test,
  type Account,
} from './fixtures';

/*
 * Two-step sign-in (issue 40 items 1 and 3): an editor turns on authenticator codes on their
 * profile (the code computed from the key, as an app would), signs out, and signs in with
 * password and code; a recovery code works once; six wrong codes pause the account's sign-in,
 * the right password and code included (the pause lasts the sign-in window, 15 minutes, which
 * no setting shortens: the journey checks the refusal, tests/integration/api/second-factors
 * checks the end of the window with a moved clock); with `twoFactorRequired: 'editors'` an
 * editor without a second factor reaches only the set-up.
 */

const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });
/**
 * The code an app shows 30 seconds from now: the server takes a code of the step after its own
 * (clock drift), and never a step already used, so each code this journey types is a new one.
 */
const nextCode = (secret: string) =>
  totp.generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/**
 * Turns codes on through the API (in a request context of its own, so the browser stays signed
 * out), as the profile does; answers the key, the recovery codes and the API session.
 */
async function turnOnByApi(request: APIRequestContext, account: Account) {
  const session = await Api.signIn(request, account);
  const { secret } = await readJson<{ secret: string }>(
    await session.post('/api/me/2fa/totp', { password: account.password }),
  );
  const confirmed = await session.post('/api/me/2fa/totp/confirm', {
    code: await totp.generate({ secret }),
  });
  const { recoveryCodes } = await readJson<{ recoveryCodes: string[] }>(confirmed);
  return { secret, recoveryCodes, session };
}

async function passwordStep(page: Page, account: Account, target = '/admin/dashboard') {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await hydrated(page);
  await fillSignInForm(page, account);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
}

/**
 * Signs out through the back office's user menu (Log Out), as a member of staff does: from the
 * sitemap screen, which loads nothing after it shows (the dashboard's lists would still be
 * loading when the session ends, and answer 401).
 */
async function signOut(page: Page, account: Account) {
  await page.goto('/admin/sitemap');
  await hydrated(page);
  await page.getByRole('button', { name: account.name }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL('/login');
}

const WRONG_CODE =
  'That code is not right. Type the code your authenticator app shows now, or a recovery code.';
const PAUSED = /^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/;

/** The pause's refusal is shown (its minutes are 15, or 14 past a minute's edge); closes it. */
async function expectPaused(page: Page) {
  const toast = page.getByRole('alert').filter({ hasText: PAUSED });
  await expect(toast).toHaveCount(1);
  await closeToast(toast);
}

test.describe('two-step sign-in', () => {
  test('an editor turns on codes, signs out, and signs in with password and code', async ({
    page,
    make,
  }) => {
    const editor = await make.account({ label: 'Editor', role: 'editor' });
    await page.goto('/login?redirect=%2Fprofile');
    await hydrated(page);
    await fillSignInForm(page, editor);
    await expect(page).toHaveURL('/profile');
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await expect(section).toContainText('Two-step sign-in is off.');
    // Setting codes up asks for the password (issue 66 item 4).
    await section.getByLabel('Your current password').fill(editor.password);
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect(
      section.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const secret = await section.getByLabel('Key, to type in by hand').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await section.getByLabel('Code from the app').fill(await totp.generate({ secret }));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expectToast(page, 'Two-step sign-in is on.');
    await section.getByRole('button', { name: 'I have kept them' }).click();
    await expect(section).toContainText('Two-step sign-in is on. 10 unused recovery codes left.');

    await signOut(page, editor);
    await passwordStep(page, editor);
    await page.getByLabel('Code', { exact: true }).fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/admin/dashboard');
  });

  test('a recovery code signs in once and only once', async ({
    page,
    make,
    consoleErrors,
    playwright,
    baseURL,
  }) => {
    consoleErrors.allow(/status of 401/);
    const editor = await make.account({ label: 'Editor', role: 'editor' });
    const context = await playwright.request.newContext({ baseURL });
    const { recoveryCodes } = await turnOnByApi(context, editor);
    await context.dispose();
    const recoveryCode = recoveryCodes[0] as string;
    const withRecovery = async () => {
      await passwordStep(page, editor);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(recoveryCode);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    };
    await withRecovery();
    await expect(page).toHaveURL('/admin/dashboard');
    await signOut(page, editor);
    await withRecovery();
    await expectToast(page, WRONG_CODE);
    await expect(page).toHaveURL(/\/login/);
  });

  test('six wrong codes pause sign-in: the right password and code are refused', async ({
    page,
    make,
    consoleErrors,
    playwright,
    baseURL,
  }) => {
    consoleErrors.allow(/status of 401|status of 429/);
    const editor = await make.account({ label: 'Editor', role: 'editor' });
    const context = await playwright.request.newContext({ baseURL });
    const { secret } = await turnOnByApi(context, editor);
    await context.dispose();
    await passwordStep(page, editor);
    const code = page.getByLabel('Code', { exact: true });
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    for (let i = 0; i < 5; i++) {
      await code.fill(String(100000 + i));
      await submit.click();
      await expectToast(page, WRONG_CODE);
    }
    await code.fill('999999');
    await submit.click();
    await expectPaused(page);
    // The right code now: refused while the pause lasts.
    await code.fill(await nextCode(secret));
    await submit.click();
    await expectPaused(page);
    await expect(page).toHaveURL(/\/login/);
    // And the right password from the start.
    await page.getByRole('button', { name: 'Start again with your password' }).click();
    await fillSignInForm(page, editor);
    await expectPaused(page);
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toHaveCount(0);
  });

  test('with twoFactorRequired "editors", an editor without codes reaches only the set-up', async ({
    page,
    make,
    playwright,
    baseURL,
    browser,
  }) => {
    // Held, the editor's /profile makes none of the reader calls that would answer 403 until the
    // set-up is done (issue 66 item 7: reads held too): the fixture fails on any logged refusal.
    // An administrator with codes on sets the policy on the settings screen (one without codes
    // may not: it would refuse their own writes), and it is set back after.
    const chief = await make.account({ label: 'Chief', role: 'administrator' });
    const context = await playwright.request.newContext({ baseURL });
    const { session, secret } = await turnOnByApi(context, chief);
    const editor = await make.account({ label: 'Editor', role: 'editor' });
    const desk = await browser.newContext({ baseURL });
    const chiefPage = await desk.newPage();
    try {
      await passwordStep(chiefPage, chief, '/admin/settings');
      await chiefPage.getByLabel('Code', { exact: true }).fill(await nextCode(secret));
      await chiefPage.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(chiefPage).toHaveURL('/admin/settings');
      await hydrated(chiefPage);
      await chiefPage
        .getByLabel('Who must use two-step sign-in')
        .selectOption({ label: 'Editors and administrators' });
      await chiefPage.getByRole('button', { name: 'Save settings' }).click();
      await expectToast(chiefPage, 'Settings saved.');
      expect((await session.settings()).twoFactorRequired).toBe('editors');

      await page.goto('/login?redirect=%2Fadmin%2Fdashboard');
      await hydrated(page);
      await fillSignInForm(page, editor);
      await expect(page).toHaveURL('/profile#two-step');
      await hydrated(page);
      const section = page.getByRole('region', { name: 'Two-step sign-in' });
      await expect(section).toContainText(
        'This site asks your role to use two-step sign-in. Set it up here to go on to the dashboard.',
      );
      for (const screen of ['/admin/dashboard', '/admin/articles', '/admin/add-article']) {
        await page.goto(screen);
        await expect(page).toHaveURL('/profile#two-step');
      }
      await hydrated(page);
      await section.getByLabel('Your current password').fill(editor.password);
      await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      const own = await section.getByLabel('Key, to type in by hand').inputValue();
      await section.getByLabel('Code from the app').fill(await totp.generate({ secret: own }));
      await section.getByRole('button', { name: 'Turn on' }).click();
      await section.getByRole('button', { name: 'I have kept them' }).click();
      await expect(section).toContainText('Two-step sign-in is on.');
      await page.goto('/admin/dashboard');
      await expect(page).toHaveURL('/admin/dashboard');
    } finally {
      expect((await session.updateSettings({ twoFactorRequired: 'none' })).status()).toBe(200);
      await context.dispose();
      await desk.close();
    }
  });
});
