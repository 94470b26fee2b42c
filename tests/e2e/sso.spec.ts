/*
 * Single sign-on as staff meet it (issue 40 item 4): the sign-in page offers "Sign in with
 * {label}" once an administrator set up an issuer; a person of an allowed domain goes through
 * their organisation's login (a real OpenID Provider on this machine, tests/setup/
 * openid-provider.ts) and lands in the back office signed in, with the default role; a person
 * of another domain comes back to the sign-in page, told why, signed in as nobody.
 */
import { startOpenIdProvider, type TestProvider } from '../setup/openid-provider';
import type { Page } from '@playwright/test';
import { expect, hydrated, storedUserInfo, test, unique } from './fixtures';

const LABEL = 'Newsroom Workspace';

/** At the provider's own pages: its login (any password), then its consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('staff sign in through their organisation; another domain is refused', async ({
  page,
  admin,
  site,
  consoleErrors,
}) => {
  let provider: TestProvider | undefined;
  try {
    provider = await startOpenIdProvider(`${site}/auth/oidc/callback`);
    // The provider's own pages (not Patrika's) ask for a web font this closed network refuses
    // and a favicon it has none of.
    consoleErrors.allow(/fonts\.googleapis\.com|ERR_NAME_NOT_RESOLVED/);
    consoleErrors.allow(new RegExp(`\\(${provider.issuer.replace(/[.]/g, '\\.')}/`));
    const set = await admin.request.put('/api/settings', {
      data: {
        oidc: {
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          label: LABEL,
          allowedDomains: ['newsroom.example'],
          defaultRole: 'editor',
        },
      },
    });
    expect(set.status(), await set.text()).toBe(200);

    const email = `kavya-${unique()}@newsroom.example`;
    await page.goto('/login?redirect=/admin/dashboard');
    await hydrated(page);
    await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
    await signInAtProvider(page, email);
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const info = await storedUserInfo(page);
    expect(info).toMatchObject({ email, role: 'editor' });
    // The session works for the back office's own calls (its Bearer token is the session's).
    await expect(page.getByRole('region', { name: 'Waiting for review' })).toBeVisible();

    // Another browser, another domain: back to the sign-in page, told why.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
    await signInAtProvider(page, `someone-${unique()}@elsewhere.example`);
    await expect(page).toHaveURL('/login?sso=domain');
    await expect(page.getByRole('alert')).toHaveText(
      'This organisation account has no access here: its e-mail domain is not one this site takes. Ask the site’s administrator.',
    );
    expect(await storedUserInfo(page)).toBeNull();
  } finally {
    await admin.request.put('/api/settings', { data: { oidc: { issuer: '' } } });
    await provider?.close();
  }
});
