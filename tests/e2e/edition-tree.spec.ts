/*
 * The editions screen (issue 65 item 1) as an administrator meets it: a town added under a
 * city has its page at once, is renamed and deleted from the tree; a city with stories is not
 * deleted and the screen says why; a slug taken under the same parent is refused under its
 * field; an editor has no such screen.
 */
import { editionTreeCopy } from '../../app/copy/edition-tree';
import { ADMIN, expect, expectToast, nextDialog, openSignedIn, test, unique } from './fixtures';

const t = editionTreeCopy.en;

test('an administrator adds a town under a city, renames it and deletes it', async ({
  page,
  consoleErrors,
}) => {
  // The slug taken twice is a 409, as it should be.
  consoleErrors.allow(/status of 409/);
  const id = unique();
  const slug = `sanganer-${id}`.toLowerCase();
  await openSignedIn(page, ADMIN, '/admin/editions');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  const table = page.getByRole('main').getByRole('table');
  await expect(table.getByRole('link', { name: /Jaipur/ })).toBeVisible();

  await page.getByRole('button', { name: t.add }).click();
  const dialog = page.getByRole('dialog', { name: t.add });
  await dialog.getByLabel(t.parent).selectOption({ label: '\u00a0\u00a0\u00a0\u00a0Jaipur' });
  await expect(dialog.getByText(t.kindHint(t.kinds.town))).toBeVisible();
  await dialog.getByLabel(t.hindi).fill(`सांगानेर ${id}`);
  await dialog.getByLabel(t.english).fill(`Sanganer ${id}`);
  await dialog.getByLabel(t.slug).fill(slug);
  await dialog.getByLabel(t.latinNames).fill('sanganer, sanganeer');
  await dialog.getByLabel(t.lat).fill('26.82');
  await dialog.getByLabel(t.lng).fill('75.79');
  await dialog.getByRole('button', { name: t.save }).click();
  await expectToast(page, t.saved);

  const link = table.getByRole('link', { name: `Sanganer ${id}` });
  await expect(link).toHaveAttribute('href', `/local/rajasthan/jaipur/${slug}`);
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Sanganer ${id}` }) });
  await expect(row.getByRole('cell', { name: t.kinds.town, exact: true })).toBeVisible();
  // Its page is there for readers at once.
  const answer = await page.request.get(`/local/rajasthan/jaipur/${slug}`);
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain(`<title>Patrika | Sanganer ${id} news</title>`);

  // The same slug again under Jaipur is refused, and nothing is added.
  await page.getByRole('button', { name: t.add }).click();
  await dialog.getByLabel(t.parent).selectOption({ label: '\u00a0\u00a0\u00a0\u00a0Jaipur' });
  await dialog.getByLabel(t.hindi).fill('दूसरा');
  await dialog.getByLabel(t.english).fill(`Second ${id}`);
  await dialog.getByLabel(t.slug).fill(slug);
  await dialog.getByRole('button', { name: t.save }).click();
  await expect(
    page.getByText(`An edition with the slug "${slug}" already exists in the same place.`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: t.cancel }).click();
  await expect(table.getByRole('link', { name: `Second ${id}` })).toHaveCount(0);

  // Renamed, and switched off for readers.
  await page.getByRole('button', { name: `Edit: Sanganer ${id}` }).click();
  const editing = page.getByRole('dialog', { name: t.edit });
  await expect(editing.getByLabel(t.latinNames)).toHaveValue('sanganer, sanganeer');
  await expect(editing.getByLabel(t.lat)).toHaveValue('26.82');
  await editing.getByLabel(t.english).fill(`Sanganer town ${id}`);
  await editing.getByLabel(t.activeLabel).uncheck();
  await editing.getByRole('button', { name: t.save }).click();
  await expectToast(page, t.saved);
  const renamed = table.getByRole('row').filter({
    has: page.getByRole('link', { name: `Sanganer town ${id}` }),
  });
  await expect(renamed.getByRole('cell', { name: t.no, exact: true })).toBeVisible();

  const asked = nextDialog(page, 'accept');
  await page.getByRole('button', { name: `Delete: Sanganer town ${id}` }).click();
  expect((await asked).message()).toBe(t.confirmDelete(`Sanganer town ${id}`));
  await expectToast(page, t.deleted(`Sanganer town ${id}`));
  await expect(table.getByRole('link', { name: `Sanganer town ${id}` })).toHaveCount(0);
});

test('a city with stories is kept, and the screen says why', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 409/);
  await openSignedIn(page, ADMIN, '/admin/editions');
  const asked = nextDialog(page, 'accept');
  await page.getByRole('button', { name: 'Delete: Jodhpur', exact: true }).click();
  await asked;
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /^Edition "Jodhpur" still has \d+ stor(y|ies)\. Take/ }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByRole('table')
      .getByRole('link', { name: /Jodhpur/ }),
  ).toBeVisible();
});
