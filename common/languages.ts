/*
 * The languages Patrika writes in (DECISIONS.md §19, issue 27 item 5, docs/decisions/041): one
 * registry, read wherever a language is named (the wire's enums, the database's checks in the
 * service, `lang` and hreflang, dates, the interface language setting). Adding a language is
 * adding an entry here; TypeScript then asks for the rest of it, which lives in two other
 * places keyed by `Language` so that each bundle carries only its half:
 * - its text analysis (slug transliteration, stemmer, stop words): common/language-text.ts,
 *   which pulls in the search normaliser (kept out of the browser's bundles);
 * - its public interface texts: app/copy/language.tsx (`INTERFACES`).
 *
 * The order is the order languages are offered in (forms, filters, hreflang lists): Hindi and
 * English first, as they always were.
 */

/** ISO 15924 codes of the scripts the registry's languages are written in. */
export type Script = 'Deva' | 'Latn' | 'Gujr';

export interface LanguageInfo {
  /** ISO 639-1: what the wire, the database and `lang`/hreflang carry. */
  code: string;
  script: Script;
  /** Its name in English (admin screens, API messages). */
  englishName: string;
  /** Its name in itself (the language switcher, the interface language setting). */
  nativeName: string;
  /** The locale its dates and numbers are written in (Intl). */
  locale: string;
  /** Open Graph's locale (language_TERRITORY). */
  ogLocale: string;
  /** "Read in …", said in the language itself (the article page's switcher). */
  readIn: string;
}

/**
 * The languages the staff's side is written in: the back office and the mail it sends to staff
 * (DECISIONS.md §18). A site whose readers' interface is in another language (Marathi,
 * Gujarati) runs its back office in English (staffLanguageOf).
 */
export const STAFF_LANGUAGES = ['en', 'hi'] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];

/** Every language, by code. */
export const LANGUAGE_REGISTRY = {
  hi: {
    code: 'hi',
    script: 'Deva',
    englishName: 'Hindi',
    nativeName: 'हिंदी',
    locale: 'hi-IN',
    ogLocale: 'hi_IN',
    readIn: 'हिंदी में पढ़ें',
  },
  en: {
    code: 'en',
    script: 'Latn',
    englishName: 'English',
    nativeName: 'English',
    locale: 'en-IN',
    ogLocale: 'en_IN',
    readIn: 'Read in English',
  },
  mr: {
    code: 'mr',
    script: 'Deva',
    englishName: 'Marathi',
    nativeName: 'मराठी',
    locale: 'mr-IN',
    ogLocale: 'mr_IN',
    readIn: 'मराठीत वाचा',
  },
  gu: {
    code: 'gu',
    script: 'Gujr',
    englishName: 'Gujarati',
    nativeName: 'ગુજરાતી',
    locale: 'gu-IN',
    ogLocale: 'gu_IN',
    readIn: 'ગુજરાતીમાં વાંચો',
  },
} as const satisfies Record<string, LanguageInfo>;

export type Language = keyof typeof LANGUAGE_REGISTRY;

/** The codes, in the registry's order: a tuple for zod's and Drizzle's enums. */
export const LANGUAGES = Object.keys(LANGUAGE_REGISTRY) as [Language, ...Language[]];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(LANGUAGE_REGISTRY, value);

export const languageInfo = (code: Language): LanguageInfo => LANGUAGE_REGISTRY[code];

/** "hi, en, mr or gu": how a refusal names the codes it takes. */
export const LANGUAGE_CODES_TEXT = `${LANGUAGES.slice(0, -1).join(', ')} or ${LANGUAGES.at(-1)}`;

/** Devanagari letters and signs (U+0900–U+097F): Hindi's and Marathi's script. */
const DEVANAGARI = /[\u0900-\u097F]/g;

/** Whether `text` holds any Devanagari (`search` neither reads nor moves the g flag's place). */
export const isDevanagari = (text: string) => text.search(DEVANAGARI) !== -1;

/**
 * The language most of a text's letters are in, by script: Devanagari is Hindi (Marathi shares
 * the script, so it is never guessed: a Marathi article says so), Gujarati is Gujarati, else
 * English. What an article without a `language` is saved in.
 */
export function detectScriptLanguage(text: string): Language {
  const counts = {
    hi: (text.match(DEVANAGARI) ?? []).length,
    gu: (text.match(/[\u0A80-\u0AFF]/g) ?? []).length,
    en: (text.match(/[A-Za-z]/g) ?? []).length,
  };
  if (counts.gu > counts.hi && counts.gu > counts.en) return 'gu';
  return counts.hi > counts.en ? 'hi' : 'en';
}

/** The back office's language on a site whose interface language is `ui` (STAFF_LANGUAGES). */
export const staffLanguageOf = (ui: Language): StaffLanguage =>
  (STAFF_LANGUAGES as readonly string[]).includes(ui) ? (ui as StaffLanguage) : 'en';
