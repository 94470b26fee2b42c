import { describe, expect, it } from 'vitest';
import { hreflangLinks } from '../../common/hreflang';
import { LANGUAGE_TEXT } from '../../common/language-text';
import {
  detectScriptLanguage,
  isLanguage,
  LANGUAGE_REGISTRY,
  LANGUAGES,
} from '../../common/languages';
import { LanguageSchema } from '../../common/schemas/articles';
import { ArticleInputSchema } from '../../common/schemas/article-input';
import { SearchQuerySchema } from '../../common/schemas/search';
import { SiteSettingsSchema } from '../../common/settings';
import { devanagariToGujarati, gujaratiToDevanagari } from '../../common/script-gujarati';
import { isStopWord, textLexemes } from '../../common/search/search-text';
import { queryTerms, toMatchTsquery } from '../../common/search/search-query';
import { stemGujarati } from '../../common/search/stem-gujarati';
import { hasMarathiOnlyEnding, stemMarathi } from '../../common/search/stem-marathi';
import { slugify } from '../../common/slug';

/** Whether a text's lexemes hold one the query's term looks the index up by (toMatchTsquery). */
const finds = (query: string, text: string, opts: { query?: string; text?: string } = {}) => {
  const lexemes = new Set(textLexemes(text, opts.text));
  return queryTerms(query, opts.query).every((t) => t.match.some((l) => lexemes.has(l)));
};

describe('the language registry', () => {
  it('keeps hi and en first, as the wire always had them, and adds Marathi and Gujarati', () => {
    expect(LANGUAGES).toEqual(['hi', 'en', 'mr', 'gu']);
    expect(LANGUAGE_REGISTRY.mr).toMatchObject({ script: 'Deva', locale: 'mr-IN' });
    expect(LANGUAGE_REGISTRY.gu).toMatchObject({
      script: 'Gujr',
      nativeName: 'ગુજરાતી',
      locale: 'gu-IN',
    });
    expect(isLanguage('gu')).toBe(true);
    expect(isLanguage('toString')).toBe(false);
  });

  it('every language has its text analysis (transliteration, stemmer, stop words)', () => {
    for (const code of LANGUAGES) {
      const text = LANGUAGE_TEXT[code];
      expect(text.stopWords.size).toBeGreaterThan(10);
      expect(typeof text.stem('x')).toBe('string');
    }
    expect(LANGUAGE_TEXT.gu.transliterate('સરકાર')).toBe('sarkar');
    expect(LANGUAGE_TEXT.mr.transliterate('सरकार')).toBe('sarkar');
  });

  it('the wire takes every registered code and refuses others by name', () => {
    for (const code of LANGUAGES) expect(LanguageSchema.parse(code)).toBe(code);
    const refused = ArticleInputSchema.shape.language.safeParse('xx');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('language must be one of hi, en, mr, gu');
    expect(SearchQuerySchema.safeParse({ q: 'a', language: 'gu' }).success).toBe(true);
    expect(SearchQuerySchema.safeParse({ q: 'a', language: 'bn' }).success).toBe(false);
    expect(SiteSettingsSchema.shape.uiLanguage.safeParse('mr').success).toBe(true);
  });

  it('guesses a language by script: Devanagari Hindi, Gujarati Gujarati, else English', () => {
    expect(detectScriptLanguage('सरकार का फ़ैसला')).toBe('hi');
    expect(detectScriptLanguage('સરકારનો નિર્ણય')).toBe('gu');
    expect(detectScriptLanguage('The decision')).toBe('en');
  });
});

describe('Gujarati as Devanagari letters', () => {
  it('maps every Gujarati letter to the Devanagari letter 0x180 below, and back', () => {
    const gujarati = [];
    for (let c = 0x0a80; c <= 0x0aff; c++) {
      const ch = String.fromCodePoint(c);
      if (/\p{Script=Gujarati}/u.test(ch)) gujarati.push(ch);
    }
    const different = ['\u0af1', '\u0afa', '\u0afb', '\u0afc', '\u0afd', '\u0afe', '\u0aff'];
    for (const ch of gujarati) {
      if (different.includes(ch)) continue;
      const deva = gujaratiToDevanagari(ch);
      expect(deva.codePointAt(0), ch).toBe((ch.codePointAt(0) as number) - 0x180);
      expect(/\p{Script=Devanagari}|\p{Script=Inherited}/u.test(deva), ch).toBe(true);
      expect(devanagariToGujarati(deva)).toBe(ch);
    }
  });

  it('handles the code points whose Devanagari twins mean something else', () => {
    expect(gujaratiToDevanagari('૱ 100')).toBe('₹ 100');
    expect(gujaratiToDevanagari('ક\u0afb')).toBe('क');
    expect(devanagariToGujarati('ऴ')).toBe('ऴ');
    expect(gujaratiToDevanagari('સરકાર, 2026')).toBe('सरकार, 2026');
  });

  it('gives Gujarati titles ASCII slugs, as Hindi titles get', () => {
    expect(slugify('સરકાર')).toBe('sarkar');
    expect(slugify('ગુજરાત સરકારનો નિર્ણય')).toBe('gujarat-sarkarno-nirnay');
    expect(slugify('અમદાવાદ ૨૦૨૬')).toBe('amdavad-2026');
  });
});

describe('the Marathi stemmer', () => {
  it.each([
    ['सरकारच्या', 'सरकार'],
    ['सरकारला', 'सरकार'],
    ['सरकारने', 'सरकार'],
    ['सरकारमध्ये', 'सरकार'],
    ['सरकारसाठी', 'सरकार'],
    ['सरकारवर', 'सरकार'],
    ['सरकारही', 'सरकार'],
    ['घराचा', 'घर'],
    ['शाळेत', 'शाळ'],
    ['शाळा', 'शाळ'],
    ['मुलांना', 'मुल'],
    ['लोकांनी', 'लोक'],
    ['भारतात', 'भारत'],
  ])('%s -> %s', (word, stem) => {
    expect(stemMarathi(word)).toBe(stem);
  });

  it('leaves words whose ending is part of them', () => {
    expect(stemMarathi('भारत')).toBe('भारत');
    // Only its final vowel goes, as in Hindi: its ना is no plural dative.
    expect(stemMarathi('घटना')).toBe('घटन');
    expect(stemMarathi('ना')).toBe('ना');
  });

  it('knows the endings no Hindi word has', () => {
    expect(hasMarathiOnlyEnding('सरकारच्या')).toBe(true);
    expect(hasMarathiOnlyEnding('मुलांना')).toBe(true);
    expect(hasMarathiOnlyEnding('वाला')).toBe(false);
    expect(hasMarathiOnlyEnding('करने')).toBe(false);
  });
});

describe('the Gujarati stemmer', () => {
  it.each([
    ['સરકારની', 'સરકાર'],
    ['સરકારનો', 'સરકાર'],
    ['સરકારનું', 'સરકાર'],
    ['સરકારે', 'સરકાર'],
    ['ગામમાં', 'ગામ'],
    ['ખેડૂતોને', 'ખેડુત'],
    ['ખેડૂત', 'ખેડુત'],
    ['છોકરાઓ', 'છોકર'],
    ['છોકરો', 'છોકર'],
  ])('%s -> %s', (word, stem) => {
    expect(stemGujarati(word)).toBe(stem);
  });
});

describe('search in Marathi and Gujarati', () => {
  const marathi = 'राज्य सरकारच्या निर्णयामुळे शेतकऱ्यांना दिलासा';
  const gujarati = 'ગુજરાત સરકારનો નવો નિર્ણય ખેડૂતોને રાહત આપે છે';

  it('finds a Marathi article by another form of its word, and by its Latin spelling', () => {
    expect(finds('सरकार', marathi, { text: 'mr' })).toBe(true);
    expect(finds('सरकारने', marathi, { text: 'mr', query: 'mr' })).toBe(true);
    // -मध्ये is Marathi's alone: read as Marathi whatever the search's language.
    expect(finds('सरकारमध्ये', marathi, { text: 'mr' })).toBe(true);
    expect(finds('sarkar', marathi, { text: 'mr' })).toBe(true);
    // Without its Marathi stems (a Hindi article), the Marathi form is not the stem.
    expect(finds('सरकार', marathi)).toBe(false);
  });

  it('finds a Gujarati article by its word, another form of it, and its Latin spelling', () => {
    expect(finds('સરકાર', gujarati, { text: 'gu' })).toBe(true);
    expect(finds('સરકારની', gujarati, { text: 'gu' })).toBe(true);
    expect(finds('ખેડૂત', gujarati, { text: 'gu' })).toBe(true);
    expect(finds('sarkar', gujarati, { text: 'gu' })).toBe(true);
    expect(finds('gujarat', gujarati, { text: 'gu' })).toBe(true);
    expect(finds('rahat', gujarati, { text: 'gu' })).toBe(true);
    expect(finds('નદી', gujarati, { text: 'gu' })).toBe(false);
    expect(finds('nadi', gujarati, { text: 'gu' })).toBe(false);
  });

  it('leaves Marathi and Gujarati stop words out of a query', () => {
    expect(isStopWord('आणि')).toBe(true);
    expect(isStopWord('અને')).toBe(true);
    expect(queryTerms('સરકાર અને ખેડૂત').map((t) => t.word)).toEqual(['સરકાર', 'ખેડૂત']);
    expect(toMatchTsquery(queryTerms('સરકાર'))).toContain("'^sarkar'");
  });

  it('leaves Hindi search as it was: a Hindi query reads no Marathi ending', () => {
    expect(queryTerms('वाला')).toEqual(queryTerms('वाला', 'hi'));
    expect(queryTerms('करने')[0]?.match).not.toContain('कर');
  });
});

describe('hreflang of a translation group', () => {
  const versions = {
    hi: 'https://p.example/a/hi',
    en: 'https://p.example/a/en',
    mr: 'https://p.example/a/mr',
    gu: 'https://p.example/a/gu',
  };

  it('lists every version in registry order, then x-default', () => {
    expect(hreflangLinks(versions, 'hi').map((l) => l.hreflang)).toEqual([
      'hi',
      'en',
      'mr',
      'gu',
      'x-default',
    ]);
    expect(hreflangLinks(versions, 'gu').at(-1)?.href).toBe(versions.gu);
  });

  it('falls back to English, else the first, when the interface language has no version', () => {
    expect(hreflangLinks({ mr: versions.mr, en: versions.en }, 'hi').at(-1)?.href).toBe(
      versions.en,
    );
    expect(hreflangLinks({ mr: versions.mr, gu: versions.gu }, 'hi').at(-1)?.href).toBe(
      versions.mr,
    );
  });
});

describe('an archive made before translation groups', () => {
  it('turns a row’s translationId into the group migration 0027 names', async () => {
    const { withTranslationGroup } =
      await import('../../server/modules/articles/articles-transfer');
    const [a, b] = ['00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-00000000000a'];
    expect(withTranslationGroup({ id: a, translationId: b })).toEqual({
      id: a,
      translationGroup: b,
    });
    expect(withTranslationGroup({ id: b, translationId: a })).toEqual({
      id: b,
      translationGroup: b,
    });
    expect(withTranslationGroup({ id: a, translationId: null })).toEqual({ id: a });
    expect(withTranslationGroup({ id: a, translationGroup: b })).toEqual({
      id: a,
      translationGroup: b,
    });
  });
});
