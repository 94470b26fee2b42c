/*
 * Sessions you can see (issue 40 item 5): a reader signed in on a phone and here sees both on
 * /profile, this one named "This device", ends the phone's, and the phone's token answers 401
 * on its next call.
 */
import { Api, expect, expectToast, signIn, test } from './fixtures';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

test('a reader sees where the account is signed in and ends the phone’s session', async ({
  page,
  make,
  playwright,
  baseURL,
}) => {
  const reader = await make.account({ label: 'Reader' });
  const phone = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'user-agent': PHONE },
  });
  try {
    const onPhone = await Api.signIn(phone, reader);
    expect((await onPhone.get('/api/users/me')).status()).toBe(200);

    await signIn(page, reader, '/profile');
    const list = page
      .getByRole('region', { name: 'Sessions' })
      .getByRole('list', { name: 'Signed in on' });
    const here = list.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(here).toHaveCount(1);
    await expect(here).toContainText('Last active');
    await expect(here.getByRole('button')).toHaveCount(0);
    // This device is listed first; the phone is named by its browser and system.
    await expect(list.getByRole('listitem').first()).toContainText('This device');
    const there = list.getByRole('listitem').filter({ hasText: 'Chrome · Android' });
    await expect(there).toHaveCount(1);
    const before = await list.getByRole('listitem').count();

    await there.getByRole('button', { name: 'Sign out there' }).click();
    await expectToast(page, 'That session has ended.');
    await expect(list.getByRole('listitem')).toHaveCount(before - 1);
    await expect(list.getByRole('listitem').filter({ hasText: 'Chrome · Android' })).toHaveCount(0);

    // The phone's token is done; this device still is signed in, and the list says so again.
    expect((await onPhone.get('/api/users/me')).status()).toBe(401);
    await page.reload();
    await expect(here).toHaveCount(1);
    await expect(list.getByRole('listitem')).toHaveCount(before - 1);
    await expect(list.getByRole('listitem').filter({ hasText: 'Chrome · Android' })).toHaveCount(0);
  } finally {
    await phone.dispose();
  }
});
