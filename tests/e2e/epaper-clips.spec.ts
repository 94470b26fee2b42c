/*
 * Clips from the e-paper on a phone (issue 68's acceptance): Jaipur's issue of a date is
 * uploaded and published through the API; a reader on a phone opens page 3, presses "Clip",
 * drags a rectangle over the page and lands on the clip's share page (its og:image the clip,
 * WhatsApp and copy-link sharing, the way back to the page); a second person from another
 * address opens it signed out, and is counted.
 */
import AxeBuilder from '@axe-core/playwright';
import { seriousViolations } from './axe';
import { publishedJaipurIssue } from './epaper-issue';
import { expect, readJson, test } from './fixtures';

test('a reader clips page 3 on a phone and a second person opens the share page', async ({
  admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { date } = await publishedJaipurIssue(admin, 2032);

  // A reader on a phone: page 3, "Clip", a rectangle dragged over the page.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const reader = await phone.newPage();
  await reader.goto(`/epaper/jaipur/${date}/3`);
  await expect(reader.getByText('Page 3 of 3')).toBeVisible();
  await reader.getByRole('button', { name: 'Clip' }).click();
  await expect(reader.getByText('Drag over the page to cut out a clip')).toBeVisible();
  const box = (await reader.locator('.epaper-sheet').boundingBox())!;
  await reader.mouse.move(box.x + box.width * 0.05, box.y + box.height * 0.05);
  await reader.mouse.down();
  await reader.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.3, { steps: 5 });
  await reader.mouse.move(box.x + box.width * 0.95, box.y + box.height * 0.6, { steps: 5 });
  await reader.mouse.up();
  await expect(reader).toHaveURL(/\/epaper\/clips\/[0-9a-f-]{36}$/);
  const clipPath = new URL(reader.url()).pathname;
  await expect(reader.getByRole('heading', { level: 1 })).toContainText('Clip from the Jaipur');
  const image = reader.locator('.epaper-clip-figure img');
  await expect(image).toBeVisible();
  const og = await reader.locator('meta[property="og:image"]').getAttribute('content');
  expect(og).toMatch(/^https?:\/\/.+\/media\/epaper\/clips\/[0-9a-f-]{36}\.jpg$/);
  expect(await reader.locator('meta[name="twitter:image"]').getAttribute('content')).toBe(og);
  const shown = await reader.request.get(og!.replace(/^https?:\/\/[^/]+/, ''));
  expect(shown.headers()['content-type']).toBe('image/jpeg');
  expect((await shown.body()).length).toBeLessThanOrEqual(250 * 1024);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(
    1080,
  );
  await expect(reader.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=.*epaper%2Fclips%2F/,
  );
  await expect(reader.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Read the whole page' })).toHaveAttribute(
    'href',
    `/epaper/jaipur/${date}/3`,
  );
  expect(await seriousViolations(new AxeBuilder({ page: reader }))).toEqual([]);
  await phone.close();

  // A second person, signed out, from another address: the opening is counted.
  const other = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '10.68.2.7' },
  });
  const second = await other.newPage();
  const opened = second.waitForRequest((r) => r.url().endsWith('/open'));
  await second.goto(clipPath);
  await opened;
  const clipId = clipPath.split('/').pop()!;
  const opens = async () =>
    (await readJson<{ opens: number }>(await admin.get(`/api/epaper/clips/${clipId}`))).opens;
  await expect.poll(opens).toBe(1);
  expect((await other.cookies()).map((c) => c.name)).toEqual([]);
  await other.close();
});
