import type { CDPSession, Page } from '@playwright/test';
import { freePort, migratedDataDir, startServer } from '../setup/spawn-server';
import { ADMIN, test as base, expect, expectToast, fillSignInForm, hydrated } from './fixtures';

/*
 * Passkeys (issue 40 item 2) in Chromium through its virtual authenticator (DevTools'
 * `WebAuthn.addVirtualAuthenticator`: CTAP2, built in, resident keys, verified user). A member
 * of staff adds a passkey on their profile; signs out; signs in with password and the passkey
 * as the second step; signs out; signs in with the passkey alone, no e-mail and no password;
 * removes it; and it signs nobody in any more.
 *
 * Passkeys need a domain as relying-party id (Chromium refuses WebAuthn on an IP address), and
 * the journeys' sites answer at 127.0.0.1: this file starts a site of its own at
 * http://localhost:PORT, with that as PUBLIC_URL.
 */
const test = base.extend<object, { localSite: string }>({
  localSite: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const url = `http://localhost:${port}`;
      const server = await startServer({
        DATA_DIR: await migratedDataDir(),
        PORT: String(port),
        PUBLIC_URL: url,
        TRUST_PROXY: 'loopback',
        API_RATE_LIMIT: '1000000',
      });
      try {
        const first = await fetch(`${server.url}/api/users/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        });
        if (first.status !== 201) throw new Error(`ADMIN's sign-up: ${first.status}`);
        await use(url);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ localSite }, use) => {
    await use(localSite);
  },
});

/** A platform authenticator with user verification, as a phone or laptop has. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const credentialsOn = async ({
  cdp,
  authenticatorId,
}: {
  cdp: CDPSession;
  authenticatorId: string;
}) => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

async function signOut(page: Page) {
  await page.goto('/admin/sitemap');
  await hydrated(page);
  await page.getByRole('button', { name: ADMIN.name }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a passkey is added, signs in as the second step and alone, and is removed', async ({
  page,
  consoleErrors,
}) => {
  const authenticator = await virtualAuthenticator(page);
  await page.goto('/login?redirect=%2Fprofile');
  await hydrated(page);
  await fillSignInForm(page, ADMIN);
  await expect(page).toHaveURL(/\/profile$/);
  await hydrated(page);

  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByLabel('Name of the new passkey').fill('Work laptop');
  // Adding a factor asks for the password (issue 66 item 4).
  await section.getByLabel('Your current password, or a code').fill(ADMIN.password);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expectToast(page, 'Passkey added.');
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Work laptop');
  const [made] = await credentialsOn(authenticator);
  expect(made?.isResidentCredential).toBe(true);
  expect(made?.rpId).toBe('localhost');

  // The password now asks for the passkey as its second step.
  await signOut(page);
  await page.goto('/login?redirect=%2Fadmin%2Fsitemap');
  await hydrated(page);
  await fillSignInForm(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(page.getByLabel('Code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/sitemap$/);

  // The passkey alone: no e-mail, no password.
  await signOut(page);
  await hydrated(page);
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await hydrated(page);

  await page.goto('/profile');
  await hydrated(page);
  await expect(list.getByRole('listitem')).toContainText('last used');
  await list.getByRole('button', { name: 'Remove the passkey “Work laptop”' }).click();
  await expectToast(page, 'Passkey removed.');
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The device still holds it, but the site no longer knows it: it signs nobody in.
  expect(await credentialsOn(authenticator)).toHaveLength(1);
  await signOut(page);
  await hydrated(page);
  consoleErrors.allow(/401/);
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expectToast(
    page,
    'That passkey did not sign you in: it is not on an account here, or the sign-in waited too long. Try again.',
  );
  await expect(page).toHaveURL(/\/login$/);
  // And the password alone signs in again, with no second step.
  await fillSignInForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
