/*
 * Hindi stories on lists written in Latin letters (an English site's category, tag, author and
 * edition pages, as its home and search did already): the page asks for the Devanagari face in
 * its head, so the cards are not drawn in a fallback face and moved when it comes. A list
 * without Devanagari text asks for nothing more.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { authorPath, categoryPath, tagPath } from '../../../common/paths';
import {
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { editionTree } from '../../factories/editions';
import { createTestApp, type TestApp } from '../../setup/test-app';

const tail = randomBytes(3).toString('hex');
let t: TestApp;
let admin: TestUser;
let hindiWriter: TestUser;
let englishWriter: TestUser;
let culture: { _id: string; slug: string };
let sports: { _id: string; slug: string };

const get = (url: string) => t.app.inject({ method: 'GET', url });
/** Whether the page's head preloads the Devanagari face. */
const preloadsDevanagari = (html: string) =>
  [...html.matchAll(/<link [^>]*>/g)].some(
    ([tag]) => tag.includes('rel="preload"') && /noto-sans-devanagari[^"]*\.woff2/.test(tag),
  );
const slugOf = async (id: string) =>
  (await get('/api/users/authors'))
    .json<{ _id: string; slug: string }[]>()
    .find((a) => a._id === id)?.slug;

const { made: ed, add: addEdition } = editionTree(() => ({ app: t.app, by: admin }), tail);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  admin = await createAdmin(t.app);
  hindiWriter = await createUser(t.app, 'author', { name: 'Asha Verma' });
  englishWriter = await createUser(t.app, 'author', { name: 'John Mathew' });
  culture = await createCategory(t.app, admin, { name: `Culture ${tail}` });
  sports = await createCategory(t.app, admin, { name: `Sports ${tail}` });
  await addEdition('raj', 'state', NATIONAL_EDITION_ID, { hi: 'राजस्थान', en: 'Rajasthan' });
  await addEdition('jaipur', 'city', ed.raj!._id, { hi: 'जयपुर', en: 'Jaipur' });
  await addEdition('kota', 'city', ed.raj!._id, { hi: 'कोटा', en: 'Kota' });
  const place = (edition: string) => ({ editions: [edition], primaryEdition: edition });
  await createArticle(t.app, hindiWriter, culture._id, {
    name: 'मानसून की पहली बारिश',
    language: 'hi',
    status: 'published',
    tags: [`monsoon ${tail}`],
    ...place(ed.jaipur!._id),
  });
  await createArticle(t.app, englishWriter, sports._id, {
    name: 'A late century at the stadium',
    language: 'en',
    status: 'published',
    tags: [`cricket ${tail}`],
    ...place(ed.kota!._id),
  });
}, 300_000);
afterAll(async () => t.close());

describe('the Devanagari face on an English site’s lists', () => {
  it('is preloaded where the list shows a Hindi story, and not where it does not', async () => {
    const pages = {
      category: [categoryPath(culture.slug), categoryPath(sports.slug)],
      tag: [tagPath(`monsoon ${tail}`), tagPath(`cricket ${tail}`)],
      author: [
        authorPath((await slugOf(hindiWriter._id))!),
        authorPath((await slugOf(englishWriter._id))!),
      ],
      edition: [
        `/local/${ed.raj!.slug}/${ed.jaipur!.slug}`,
        `/local/${ed.raj!.slug}/${ed.kota!.slug}`,
      ],
    };
    for (const [kind, [withHindi, withoutHindi]] of Object.entries(pages)) {
      const hindi = await get(withHindi!);
      expect(hindi.statusCode, `${kind} ${withHindi}`).toBe(200);
      expect(hindi.body).toMatch(/<html lang="en"/);
      expect(preloadsDevanagari(hindi.body), `${kind} with a Hindi story`).toBe(true);
      const english = await get(withoutHindi!);
      expect(english.statusCode, `${kind} ${withoutHindi}`).toBe(200);
      expect(preloadsDevanagari(english.body), `${kind} with English stories only`).toBe(false);
    }
  });
});
