/*
 * The desk's edition tools (issue 65 items 2 and 3) as an editor meets them: the admin list
 * selects stories and adds them to an edition or takes them out of one (the edition filter
 * shows the result), and an edition's home takes the lead and the section its desk chooses,
 * which the edition's page then shows first.
 */
import type { Edition } from '../../common/schemas/editions';
import {
  ADMIN,
  expect,
  expectToast,
  openSignedIn,
  readJson,
  test,
  unique,
  type Api,
} from './fixtures';

/** A demo edition by its slug (db/seed: Rajasthan's cities). */
async function demoEdition(api: Api, slug: string) {
  const all = await readJson<Edition[]>(await api.get('/api/editions'));
  const edition = all.find((e) => e.slug === slug);
  if (!edition) throw new Error(`the demo has no edition "${slug}"`);
  return edition;
}

test('an editor adds selected stories to an edition from the admin list and takes one out', async ({
  page,
  make,
  api,
  admin,
}) => {
  const id = unique();
  const category = await make.category();
  const first = await make.article(category, { name: `Lake festival ${id}` });
  const second = await make.article(category, { name: `Fort repairs ${id}` });
  const kota = await demoEdition(api, 'kota');

  await openSignedIn(page, ADMIN, `/admin/articles?q=${id}`);
  const bulk = page.getByRole('region', { name: 'Editions of the selected stories' });
  await expect(bulk.getByRole('button', { name: 'Add to edition' })).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select “${first.name}”` }).check();
  await page.getByRole('checkbox', { name: `Select “${second.name}”` }).check();
  await expect(bulk.getByText('2 selected')).toBeVisible();
  await bulk.getByLabel('Edition').selectOption({ label: '\u00a0\u00a0\u00a0\u00a0Kota' });
  await bulk.getByRole('button', { name: 'Add to edition' }).click();
  await expectToast(page, '2 stories changed.');
  await expect(bulk.getByText('0 selected')).toBeVisible();

  // The edition filter lists both now.
  await page.goto(`/admin/articles?q=${id}&edition=${kota._id}`);
  const row = (story: { name: string }) =>
    page.getByRole('checkbox', { name: `Select “${story.name}”` });
  for (const story of [first, second]) await expect(row(story)).toBeVisible();

  await row(second).check();
  await bulk.getByLabel('Edition').selectOption({ label: '\u00a0\u00a0\u00a0\u00a0Kota' });
  await bulk.getByRole('button', { name: 'Remove from edition' }).click();
  await expectToast(page, '1 story changed.');
  await expect(row(second)).toBeHidden();
  await expect(row(first)).toBeVisible();
  expect((await admin.article(second._id)).editions).not.toContain(kota._id);
  expect((await admin.article(first._id)).editions).toContain(kota._id);
});

test('an edition’s desk chooses its lead and a section; the edition’s page shows them first', async ({
  page,
  make,
  api,
  admin,
}) => {
  const id = unique();
  const udaipur = await demoEdition(api, 'udaipur');
  const category = await make.category({ name: `Aa Lakes ${id}` });
  const place = { editions: [udaipur._id], primaryEdition: udaipur._id };
  // The older story is the lead the desk chooses; the newer one would lead by itself.
  const chosen = await make.article(category, { name: `Boat race ${id}`, ...place });
  const newer = await make.article(category, { name: `Ghat lamps ${id}`, ...place });
  try {
    await openSignedIn(page, ADMIN, '/admin/edition-homes');
    await page.getByLabel('Edition').selectOption({ label: '\u00a0\u00a0\u00a0\u00a0Udaipur' });
    await page.getByLabel('Lead story').selectOption({ label: chosen.name });
    await page.getByLabel('Section 1').selectOption({ label: category.name });
    await page.getByRole('button', { name: 'Save the edition’s home' }).click();
    await expectToast(page, 'The Udaipur home was saved.');

    const reader = page.context();
    const readerPage = await reader.newPage();
    const main = readerPage.locator('main');
    await expect
      .poll(async () => {
        await readerPage.goto('/local/rajasthan/udaipur');
        const text = await main.innerText();
        return (
          text.indexOf(chosen.name) >= 0 && text.indexOf(chosen.name) < text.indexOf(newer.name)
        );
      })
      .toBe(true);
    await expect(main.getByRole('heading', { name: category.name, level: 2 })).toBeVisible();
    await readerPage.close();
  } finally {
    await admin.put(`/api/editions/${udaipur._id}/home`, { lead: null, sections: [] });
  }
});
