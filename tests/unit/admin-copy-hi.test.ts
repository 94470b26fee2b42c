/*
 * The back office in Hindi (app/copy/admin.hi.ts, DECISIONS.md §18): every English text has its
 * Hindi one, and none is left in English but the names kept on purpose. TypeScript already
 * refuses a missing key; this also catches a text copied over untranslated, a function that
 * answers English, and counts written the English way.
 */
import { describe, expect, it } from 'vitest';
import { adminCopy } from '../../app/copy/admin';
import { adminCopyHi } from '../../app/copy/admin.hi';
import { adminInterfaceFor } from '../../app/copy/admin-language';

/** Texts that are the same in both languages on purpose: names, and one with no words. */
const KEPT = new Set([
  'editor.tools.h2',
  'editor.tools.h3',
  'settings.fields.facebook',
  'settings.fields.instagram',
  'settings.fields.youtube',
  // Each interface language is offered in its own name.
  // "<title> · <who> · <when>": names and a time only.
  'form.historyRow',
]);

type Leaf = { path: string; en: string; hi: string };

/** Every text of both copies side by side; a function is called with sample arguments. */
function leaves(en: unknown, hi: unknown, path = ''): Leaf[] {
  if (typeof en === 'string') return [{ path, en, hi: hi as string }];
  if (typeof en === 'function') {
    // Functions of a language code name it; the others take counts and names.
    const byLanguage = path === 'languageName' || path === 'settings.uiLanguages';
    const args = Array.from({ length: en.length }, () => (byLanguage ? 'mr' : 7));
    return [
      {
        path,
        en: (en as (...a: unknown[]) => string)(...args),
        hi: (hi as (...a: unknown[]) => string)(...args),
      },
    ];
  }
  expect(Object.keys(hi as object).sort(), path).toEqual(Object.keys(en as object).sort());
  return Object.entries(en as object).flatMap(([key, value]) =>
    leaves(value, (hi as Record<string, unknown>)[key], path ? `${path}.${key}` : key),
  );
}

describe('the back office in Hindi', () => {
  const all = leaves(adminCopy, adminCopyHi);

  it('has every text of the English back office', () => {
    expect(all.length).toBeGreaterThan(300);
    for (const { path, hi } of all) expect(typeof hi, path).toBe('string');
  });

  it('translates every text but the names kept on purpose', () => {
    const same = all.filter((l) => l.en === l.hi).map((l) => l.path);
    expect(same.sort()).toEqual([...KEPT].sort());
    const latin = all.filter((l) => !KEPT.has(l.path) && !/[\u0900-\u097f]/.test(l.hi));
    expect(latin.map((l) => `${l.path}: ${l.hi}`)).toEqual([]);
  });

  it('leaves no run of English words in a Hindi text', () => {
    const runs = all.filter((l) => /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/.test(l.hi));
    expect(runs.map((l) => `${l.path}: ${l.hi}`)).toEqual([]);
  });

  it('counts the Hindi way: one noun for one or many, Indian digit groups', () => {
    expect(adminCopy.articles.found(1)).toBe('1 article');
    expect(adminCopyHi.articles.found(1)).toBe('1 लेख');
    expect(adminCopyHi.articles.found(123456)).toBe('1,23,456 लेख');
    expect(adminCopyHi.menu.forReviewCount(2)).toBe('2 लेख समीक्षा की प्रतीक्षा में');
    // The verb agrees with one browser (issue 72 item 3); the noun stays the same.
    expect(adminCopyHi.push.subscribers(1)).toBe('1 ब्राउज़र अलर्ट लेता है।');
    expect(adminCopyHi.push.subscribers(2)).toBe('2 ब्राउज़र अलर्ट लेते हैं।');
    expect(adminCopyHi.dashboard.seeAll(12000)).toBe('सभी 12,000 देखें');
  });

  it('keeps SPEC.md’s English texts exactly', () => {
    expect(adminCopy.form.added).toBe('Success! Article added successfully.');
    expect(adminCopy.form.updated).toBe('Success! Article updated successfully.');
    expect(adminCopy.articles.deleted('Monsoon')).toBe('Article "Monsoon" deleted successfully!');
    expect(adminCopy.categories.saved).toBe('Category added successfully!');
    expect(adminCopy.sitemap.success).toBe('Sitemap generated and downloaded successfully!');
  });

  it('is what the interface of each language gives', () => {
    expect(adminInterfaceFor('hi')).toMatchObject({ t: adminCopyHi, lang: 'hi', locale: 'hi-IN' });
    expect(adminInterfaceFor('en')).toMatchObject({ t: adminCopy, lang: 'en', locale: 'en-IN' });
  });
});
