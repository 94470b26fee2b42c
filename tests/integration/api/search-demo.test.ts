/*
 * Search over the demo content (issue 27 items 1 and 2, acceptance): word forms, variant
 * spellings and loanwords found in either script, and no "Did you mean" for a word the
 * index knows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../common/schemas/search';
import { demoArticles } from '../../../db/seed/demo-content';
import { seedDemoContent } from '../../../db/seed/seed';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;

// The demo's articles indexed, as a first start seeds them. Their images are stored as any
// upload is, with no AVIF variants: those are a job's (not run here), and search shows none.
beforeAll(async () => {
  t = await createTestApp({}, { pollJobs: false });
  await seedDemoContent({
    db: t.database.db,
    storeImage: (data) => t.app.services.media.storeImage(data),
    now: new Date(),
  });
  // The seed writes articles directly: they are indexed as a start indexes them.
  await t.app.services.search.reindex();
}, 300_000);
afterAll(async () => t.close());

const search = async (q: string) => {
  const res = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}&limit=50` });
  expect(res.statusCode, q).toBe(200);
  return res.json() as SearchResponse;
};
const slugs = (body: SearchResponse) => body.articles.map((a) => a.slug);

/** The slugs of the demo articles whose title, keywords or body hold this text. */
const demoSlugsWith = (text: string) =>
  demoArticles
    .filter((a) => `${a.name} ${a.metaKeywords} ${a.html}`.includes(text))
    .map((a) => a.slug);

describe('search over the demo content', () => {
  it('finds the article with सरकारी by सरकार and sarkar', async () => {
    const withAdjective = demoSlugsWith('सरकारी');
    expect(withAdjective.length).toBeGreaterThan(0);
    for (const q of ['सरकार', 'sarkar']) {
      const body = await search(q);
      expect(slugs(body), q).toEqual(expect.arrayContaining(withAdjective));
      expect(body.suggestion, q).toBeUndefined();
    }
  });

  it('finds डाकिए by डाकिया, and ख़याल by ख्याल', async () => {
    const postman = demoSlugsWith('डाकिए');
    expect(postman.length).toBeGreaterThan(0);
    expect(slugs(await search('डाकिया'))).toEqual(expect.arrayContaining(postman));
    expect(slugs(await search('dakiya'))).toEqual(expect.arrayContaining(postman));
    const care = demoSlugsWith('ख़याल');
    expect(care.length).toBeGreaterThan(0);
    expect(slugs(await search('ख्याल'))).toEqual(expect.arrayContaining(care));
    expect(slugs(await search('खयाल'))).toEqual(expect.arrayContaining(care));
  });

  it('finds the Hindi साइबर articles by "cyber"', async () => {
    // Every Hindi article with the word, in its title, keywords or body.
    const hindi = demoArticles.filter(
      (a) => a.language === 'hi' && `${a.name} ${a.metaKeywords} ${a.html}`.includes('साइबर'),
    );
    expect(hindi.length).toBeGreaterThan(1);
    const body = await search('cyber');
    expect(slugs(body)).toEqual(expect.arrayContaining(hindi.map((a) => a.slug)));
    expect(body.suggestion).toBeUndefined();
  });

  it('shows the article for its own slug word, with no "Did you mean"', async () => {
    const rainbow = demoArticles.find((a) => a.slug.startsWith('indradhanush'));
    expect(rainbow).toBeDefined();
    const body = await search('indradhanush');
    expect(body.suggestion).toBeUndefined();
    expect(slugs(body)[0]).toBe(rainbow!.slug);
  });
});
