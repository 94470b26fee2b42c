import type { Page } from '@playwright/test';
import type { MediaItem, MediaList } from '../../common/schemas/media';
import {
  ADMIN,
  type Api,
  expect,
  expectToast,
  type Factory,
  hydrated,
  makeImage,
  nextDialog,
  openSignedIn,
  readJson,
  sidebar,
  test,
  unique,
} from './fixtures';

/**
 * The media library (issue 26 item 1): an editor picks a library image as an article's featured
 * image; an administrator sets the logo from the library and the header image by uploading; an
 * author manages their own uploads on /admin/media, in English and in Hindi.
 */

/** Uploads an image as ADMIN with this file name; it is deleted after the test. */
async function libraryImage(
  admin: Api,
  make: Factory,
  filename: string,
  texts: { alt?: string; caption?: string } = {},
) {
  const res = await admin.upload({
    name: filename,
    mimeType: 'image/png',
    buffer: await makeImage('png', '#1e6bb3'),
  });
  const { _id } = await readJson<{ _id: string }>(res, 201);
  // Registered first, so it runs after whatever used it is gone.
  make.onCleanup(() => admin.delete(`/api/media/${_id}`));
  if (texts.alt !== undefined || texts.caption !== undefined)
    await readJson<MediaItem>(await admin.put(`/api/media/${_id}`, texts));
  return (await libraryItem(admin, filename)) as MediaItem;
}

/** The library's upload with this file name, if any. */
async function libraryItem(admin: Api, filename: string): Promise<MediaItem | undefined> {
  const list = await readJson<MediaList>(
    await admin.get(`/api/media?q=${encodeURIComponent(filename)}`),
  );
  return list.media.find((m) => m.filename === filename);
}

/** Opens the picker with `button`, searches for `filename` and chooses it. */
async function pickFromLibrary(page: Page, button: string, filename: string) {
  await page.getByRole('button', { name: button }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await expect(picker).toBeVisible();
  await picker
    .getByRole('searchbox', { name: 'Search file names, alt text and captions' })
    .fill(filename);
  await picker.getByRole('button', { name: 'Search', exact: true }).click();
  await picker.getByRole('button', { name: `Choose ${filename}` }).click();
  await expect(picker).toBeHidden();
}

test('an editor picks a library image as the featured image of an article', async ({
  page,
  admin,
  make,
}) => {
  const filename = `monsoon-${unique()}.png`;
  const picked = await libraryImage(admin, make, filename, {
    alt: 'Rain over the Hawa Mahal',
    caption: 'Jaipur, July',
  });
  const article = await make.article(await make.category(), { imageAlt: '' });
  const editor = await make.account({ label: 'Editor', role: 'editor' });

  await openSignedIn(page, editor, `/admin/edit-article/${article._id}`);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(article.name);
  await pickFromLibrary(page, 'Choose from library', filename);
  // The library's alt text comes with the image when the article had none.
  await expect(page.getByLabel('Image description (alt text)')).toHaveValue(
    'Rain over the Hawa Mahal',
  );

  // The same image into the text, from the editor's toolbar: its alt text and caption offered.
  // The body's editor is made again once co-editing has connected (read-only until then), its
  // toolbar with it: a click while they are swapped lands on neither (in one gate the picker
  // never opened). Editable, the editor is the one that stays.
  await expect(page.getByRole('textbox', { name: 'Article Description' })).toHaveAttribute(
    'contenteditable',
    'true',
  );
  await page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Image from library' })
    .click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await picker.getByRole('searchbox').fill(filename);
  await picker.getByRole('button', { name: 'Search', exact: true }).click();
  await picker.getByRole('button', { name: `Choose ${filename}` }).click();
  const describe = page.getByRole('dialog', { name: 'Describe the image' });
  await expect(describe.getByLabel('Alt text')).toHaveValue('Rain over the Hawa Mahal');
  await expect(describe.getByLabel('Caption (optional)')).toHaveValue('Jaipur, July');
  await describe.getByRole('button', { name: 'Insert' }).click();
  await expect(describe).toBeHidden();

  await page.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Success! Article updated successfully.');

  const saved = await admin.article(article._id);
  expect(saved.imageUrl).toBe(picked.url);
  expect(saved.imageAlt).toBe('Rain over the Hawa Mahal');
  expect(saved.description).toContain(`src="${picked.url}"`);
  expect(saved.description).toContain('Jaipur, July');

  // The library now says where the image is used, and will not delete it.
  await sidebar(page).getByRole('link', { name: 'Media' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible();
  await page
    .getByRole('searchbox', { name: 'Search file names, alt text and captions' })
    .fill(filename);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(`/admin/media?q=${filename}`);
  await page.getByRole('button', { name: `Details of ${filename}` }).click();
  const details = page.getByRole('dialog', { name: 'Image details' });
  await expect(details.getByRole('link', { name: article.name })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Delete image' })).toBeDisabled();
});

test('an administrator sets the logo from the library and the header image by upload', async ({
  page,
  admin,
  make,
}) => {
  const logoName = `logo-${unique()}.png`;
  const headerName = `header-${unique()}.png`;
  const logo = await libraryImage(admin, make, logoName);
  // The header image is uploaded in the browser: found by its name when the test ends.
  make.onCleanup(async () => {
    const header = await libraryItem(admin, headerName);
    if (header) await admin.delete(`/api/media/${header._id}`);
  });
  const original = await admin.settings();
  make.onCleanup(async () => {
    const res = await admin.updateSettings(original);
    expect(res.status(), await res.text()).toBe(200);
  });

  await openSignedIn(page, ADMIN, '/admin/settings');
  const logoField = page.getByRole('group', { name: 'Square logo address (/media/…)' });
  await logoField.getByRole('button', { name: 'Choose or upload' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await picker.getByRole('searchbox').fill(logoName);
  await picker.getByRole('button', { name: 'Search', exact: true }).click();
  await picker.getByRole('button', { name: `Choose ${logoName}` }).click();
  await expect(picker).toBeHidden();
  await expect(logoField.getByRole('textbox')).toHaveValue(logo.url);

  const headerField = page.getByRole('group', { name: 'Header image address' });
  await headerField.getByRole('button', { name: 'Choose or upload' }).click();
  await picker.getByLabel('Upload a new image').setInputFiles({
    name: headerName,
    mimeType: 'image/png',
    buffer: await makeImage('png', '#2e7d32'),
  });
  await expect(picker).toBeHidden();
  await expect(headerField.getByRole('textbox')).toHaveValue(
    /^\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\/original\.png$/,
  );

  await page.getByRole('button', { name: 'Save settings' }).click();
  await expectToast(page, 'Settings saved.');
  const header = await libraryItem(admin, headerName);
  const saved = await admin.settings();
  expect(saved.logoUrl).toBe(logo.url);
  expect(saved.headerImageUrl).toBe(header?.url);
  expect((await libraryItem(admin, logoName))?.usedBy).toEqual([
    { kind: 'setting', setting: 'logoUrl' },
  ]);
});

test('an author uploads, describes and deletes their own image; another’s stays theirs', async ({
  page,
  admin,
  make,
}) => {
  const author = await make.account({ label: 'Author', role: 'author' });
  const othersName = `others-${unique()}.png`;
  await libraryImage(admin, make, othersName);
  const mine = `mine-${unique()}.png`;
  make.onCleanup(async () => {
    const left = await libraryItem(admin, mine);
    if (left) await admin.delete(`/api/media/${left._id}`);
  });

  await openSignedIn(page, author, '/admin/media');
  await page.getByLabel('Upload images').setInputFiles({
    name: mine,
    mimeType: 'image/png',
    buffer: await makeImage('png', '#6a1b9a'),
  });
  await page.getByRole('button', { name: `Details of ${mine}` }).click();
  const details = page.getByRole('dialog', { name: 'Image details' });
  await expect(details.getByText('Nothing uses this image.')).toBeVisible();
  await details.getByLabel('Alt text').fill('A purple square');
  await details.getByLabel('Caption').fill('Made for the test');
  await details.getByRole('button', { name: 'Save texts' }).click();
  await expectToast(page, 'The texts were saved.');
  expect(await libraryItem(admin, mine)).toMatchObject({
    alt: 'A purple square',
    caption: 'Made for the test',
  });

  const confirm = nextDialog(page, 'accept');
  await details.getByRole('button', { name: 'Delete image' }).click();
  expect((await confirm).message()).toBe(`Delete ${mine}? This cannot be undone.`);
  await expectToast(page, 'The image was deleted.');
  await expect(page.getByRole('button', { name: `Details of ${mine}` })).toHaveCount(0);
  expect(await libraryItem(admin, mine)).toBeUndefined();

  // Someone else's upload: the author sees and may reuse it, not change or delete it.
  await page
    .getByRole('searchbox', { name: 'Search file names, alt text and captions' })
    .fill(othersName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Details of ${othersName}` }).click();
  await expect(
    details.getByText('Only its uploader, an editor or an administrator can change this image.'),
  ).toBeVisible();
  await expect(details.getByRole('button', { name: 'Delete image' })).toHaveCount(0);
  await expect(details.getByLabel('Alt text')).toHaveCount(0);
});

test('the library speaks Hindi when the interface language is Hindi', async ({
  page,
  admin,
  make,
}) => {
  const original = await admin.settings();
  make.onCleanup(async () => {
    const res = await admin.updateSettings({ uiLanguage: original.uiLanguage });
    expect(res.status(), await res.text()).toBe(200);
  });
  // Signed in first: the sign-in page itself speaks the interface language.
  await openSignedIn(page, ADMIN, '/admin/dashboard');
  expect((await admin.updateSettings({ uiLanguage: 'hi' })).status()).toBe(200);
  await page.goto('/admin/media');
  await hydrated(page);
  const heading = page.getByRole('heading', { level: 1, name: 'मीडिया लाइब्रेरी' });
  await expect(heading).toBeVisible();
  // The whole back office speaks it now (issue 26 item 7), the library with it.
  await expect(page.locator('div[lang="hi"]').filter({ has: heading })).not.toHaveCount(0);
  await expect(sidebar(page, 'hi').getByRole('link', { name: 'मीडिया' })).toHaveAttribute(
    'lang',
    'hi',
  );
  await expect(page.getByLabel('चित्र अपलोड करें')).toBeVisible();
  await expect(
    page.getByRole('searchbox', { name: 'फ़ाइल के नाम, वैकल्पिक पाठ और कैप्शन में खोजें' }),
  ).toBeVisible();
});
