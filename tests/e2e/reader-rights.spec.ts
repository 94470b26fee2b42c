import {
  ADMIN,
  expect,
  fillSignInForm,
  hydrated,
  nextDialog,
  openSignedIn,
  readJson,
  storedUserInfo,
  test,
  unique,
} from './fixtures';

/**
 * The reader's own data on /profile (issue 37 item 6): "Download my data" downloads the JSON
 * of the account, and "Delete my account" (with its password and a confirmation) deletes it:
 * the reader lands on the home page signed out and cannot sign in again.
 */
test('a reader downloads their data and deletes their account', async ({
  page,
  make,
  consoleErrors,
}) => {
  // The last sign-in is refused with 401, which Chromium reports on the console.
  consoleErrors.allow(/status of 401/);
  const account = await make.account();
  await openSignedIn(page, account, '/profile');
  await hydrated(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('my-data.json');
  const chunks: Buffer[] = [];
  for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
  const data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  expect(data.account).toMatchObject({ email: account.email, name: account.name });
  expect(data.consents).toEqual([expect.objectContaining({ purpose: 'account', form: 'signup' })]);

  const remove = page.getByRole('button', { name: 'Delete my account' });
  await expect(remove).toBeDisabled();
  await page.getByLabel('Your password').fill(account.password);
  // Dismissed, nothing happens.
  const dismissed = nextDialog(page, 'dismiss');
  await remove.click();
  await dismissed;
  await expect(page).toHaveURL('/profile');

  const accepted = nextDialog(page, 'accept');
  await remove.click();
  expect((await accepted).message()).toContain('cannot be undone');
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account and its data are deleted.')).toBeVisible();
  expect(await storedUserInfo(page)).toBeNull();

  await page.goto('/login');
  await hydrated(page);
  await fillSignInForm(page, account);
  await expect(page.getByText('Invalid email or password', { exact: false })).toBeVisible();
});

/**
 * The back office's Subscribers screen (issue 37 item 5): an administrator imports a CSV, the
 * upload's progress bar fills, and the result names the refused line and why.
 */
test('an administrator imports subscribers and sees the refused lines', async ({ page, admin }) => {
  const name = `Morning ${unique()}`;
  const made = await readJson<{ _id: string; slug: string }>(
    await admin.post('/api/newsletters', {
      name,
      language: 'en',
      schedule: { kind: 'manual', time: '07:00' },
      maxArticles: 5,
    }),
    201,
  );
  await openSignedIn(page, ADMIN, '/admin/subscribers');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Newsletter subscribers' }),
  ).toBeVisible();
  const csv = [
    'email,name,newsletters,subscribed_at,consent',
    `one-${unique()}@example.com,One,${made.slug},,true`,
    `two-${unique()}@example.com,Two,${made.slug},,false`,
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'list.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  const result = page.getByRole('status');
  await expect(result).toContainText('1 row imported.');
  await expect(result.getByRole('row', { name: '3 consent is not true' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Newsletter' })).toContainText(name);
  await admin.delete(`/api/newsletters/${made._id}`);
});
