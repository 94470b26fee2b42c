/*
 * An e-paper issue for a journey that reads one, made through the desk's API: an edition's
 * (Jaipur's unless said) issue of a random date of `year` (so a retry or another run never meets
 * it; an old one of that date is removed first), the 3-page fixture PDF uploaded, every page's
 * views made, published.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Api, expect, readJson } from './fixtures';

const PDF = join(import.meta.dirname, '..', 'fixtures', 'epaper', 'three-pages.pdf');

/** Publishes Jaipur's issue of a date in `year` through the API; answers its id and date. */
export const publishedJaipurIssue = (admin: Api, year: number) =>
  publishedIssue(admin, year, 'jaipur');

/** Publishes the issue of the edition `slug` of a date in `year`; answers its id and date. */
export async function publishedIssue(admin: Api, year: number, slug: string) {
  const editions = await readJson<{ _id: string; slug: string }[]>(
    await admin.get('/api/editions'),
  );
  const edition = editions.find((e) => e.slug === slug)!;
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${year}-${two(1 + Math.floor(Math.random() * 12))}-${two(1 + Math.floor(Math.random() * 28))}`;
  const listed = await readJson<{ issues: { _id: string }[] }>(
    await admin.get(`/api/epaper/issues?edition=${edition._id}&from=${date}&to=${date}`),
  );
  for (const old of listed.issues) await admin.delete(`/api/epaper/issues/${old._id}`);
  const issue = await readJson<{ _id: string }>(
    await admin.post('/api/epaper/issues', { edition: edition._id, date }),
    201,
  );
  await readJson(
    await admin.request.post(`/api/epaper/issues/${issue._id}/pages`, {
      headers: { authorization: `Bearer ${admin.me.token}` },
      multipart: {
        file: { name: 'three-pages.pdf', mimeType: 'application/pdf', buffer: readFileSync(PDF) },
      },
    }),
    201,
  );
  await expect
    .poll(
      async () => {
        const got = await readJson<{ pages: { progress: { views: string } }[] }>(
          await admin.get(`/api/epaper/issues/${issue._id}`),
        );
        return got.pages.filter((p) => p.progress.views === 'done').length;
      },
      { timeout: 120_000 },
    )
    .toBe(3);
  await readJson(await admin.put(`/api/epaper/issues/${issue._id}`, { status: 'published' }));
  return { id: issue._id, date };
}
