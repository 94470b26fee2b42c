import { ADMIN, expect, signIn, test } from './fixtures';

/*
 * Staff security (issue 40): the audit trail's screen. An administrator's own sign-in is there
 * with their name; filtering by an action keeps only that action, in the address; a name in
 * the list filters by that person. Authenticator codes and the policy have their journeys in
 * two-step-sign-in.spec.ts; passkeys in passkeys.spec.ts.
 */
test.describe('the audit trail in the back office', () => {
  test('lists sign-ins and filters by action and by person', async ({ page }) => {
    await signIn(page, ADMIN, '/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    const signedIn = page.getByRole('row').filter({ hasText: 'Signed in' });
    await expect(signedIn.first()).toContainText(ADMIN.name);

    await page.getByLabel('Action').selectOption({ label: 'Signed in' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/action=auth\.signin(&|$)/);
    await expect(page.getByRole('row').filter({ hasText: 'Settings changed' })).toHaveCount(0);
    await expect(signedIn.first()).toBeVisible();

    await signedIn.first().getByRole('link', { name: ADMIN.name }).click();
    await expect(page).toHaveURL(/actor=[0-9a-f-]{36}/);
    await expect(signedIn.first()).toBeVisible();
    const csv = page.getByRole('link', { name: 'Download CSV' });
    await expect(csv).toHaveAttribute('href', /format=csv/);
  });
});
