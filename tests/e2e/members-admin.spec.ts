/*
 * The administrators' members screens (issue 39 item 4) as an administrator uses them: a plan
 * made through the members screen's form (its price typed in rupees), a complimentary
 * membership given to a reader found by e-mail, the dashboard's active-members figure one more,
 * and "End" ending it.
 */
import {
  ADMIN,
  expect,
  expectToast,
  hydrated,
  nextDialog,
  openSignedIn,
  readJson,
  test,
} from './fixtures';
import type { Page } from '@playwright/test';

const activeMembers = async (page: Page): Promise<number> => {
  await page.goto('/admin/dashboard');
  await hydrated(page);
  const figure = page.getByTestId('dashboard-active-members');
  await expect(figure).toBeVisible();
  return Number((await figure.textContent())?.replace(/\D/g, ''));
};

test('a plan made on the screen, a complimentary membership given and ended, the dashboard counting it', async ({
  page,
  admin,
  make,
}) => {
  const reader = await make.account({ label: 'comp' });
  const name = `Screen plan ${reader._id.slice(0, 8)}`;
  await openSignedIn(page, ADMIN, '/admin/dashboard');
  const before = await activeMembers(page);

  await page.goto('/admin/members');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'New plan' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Billed every').selectOption('year');
  await form.getByLabel('Price (in rupees, or the currency’s main unit)').fill('1999');
  await form.getByLabel('Free trial days').fill('7');
  await form.getByLabel('Opens').selectOption('paid');
  await form.getByRole('button', { name: 'Save plan' }).click();
  await expectToast(page, 'The plan was saved.');
  const plans = await readJson<{ _id: string; name: string; amount: number }[]>(
    await admin.get('/api/plans/admin-plans'),
  );
  const plan = plans.find((p) => p.name === name);
  expect(plan?.amount).toBe(199900);
  make.onCleanup(() => admin.put(`/api/plans/${plan!._id}`, { ...plan, active: false }));
  const row = page.getByRole('table', { name: 'Plans' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('₹1,999.00 / Year');

  const give = page.getByRole('form', { name: 'Give a complimentary membership' });
  await give.getByLabel('Their e-mail address').fill('nobody@example.invalid');
  await give.getByRole('button', { name: 'Give' }).click();
  await expect(give.getByRole('alert')).toHaveText(
    'No one has the address nobody@example.invalid.',
  );
  await give.getByLabel('Their e-mail address').fill(reader.email);
  await give.getByLabel('Plan').selectOption({ label: name });
  const asked = nextDialog(page, 'accept');
  await give.getByRole('button', { name: 'Give' }).click();
  expect((await asked).message()).toBe(
    `Give ${reader.name} (${reader.email}) a complimentary membership?`,
  );
  await expectToast(page, `${reader.name} is now a complimentary member.`);
  const member = page.getByRole('row').filter({ hasText: reader.email });
  await expect(member).toContainText(name);

  expect(await activeMembers(page)).toBe(before + 1);

  await page.goto('/admin/members');
  await hydrated(page);
  const confirmed = nextDialog(page, 'accept');
  await member.getByRole('button', { name: 'End' }).click();
  expect((await confirmed).message()).toBe(`End ${reader.name}’s complimentary membership now?`);
  await expectToast(page, `${reader.name}’s complimentary membership has ended.`);
  await expect(member).toContainText('Cancelled');
  await expect(member.getByRole('button', { name: 'End' })).toHaveCount(0);
  expect(await activeMembers(page)).toBe(before);
});
