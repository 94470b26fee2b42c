import { createContext, useContext, type ReactNode } from 'react';
import { LANGUAGE_REGISTRY, type Language } from '../../common/languages';
import type { UiLanguage } from '../../common/settings';
import { copy, type Copy } from './en';
import { guCopy } from './gu';
import { hiCopy } from './hi';
import { mrCopy } from './mr';
import { ENGLISH_REFUSALS, sayerFor, type RefusalTexts, type Said } from './refusals';
import { refusalsGu } from './refusals.gu';
import { refusalsHi } from './refusals.hi';
import { refusalsMr } from './refusals.mr';

/*
 * The public interface's language (setting `uiLanguage`, DECISIONS.md §12). The public layout
 * provides it; components take their texts from `useInterface()` and mark every element that
 * shows one with `lang={lang}`, so a screen reader says an English button on a Hindi article
 * page (or a Hindi one on an English page) in its own language. The back office follows the
 * same setting (DECISIONS.md §18): its texts come from app/copy/admin-language.ts, and its
 * layout provides this context to its screens, so their fields and toasts say the API's
 * messages in the same language.
 */

export interface Interface {
  /** The texts. */
  t: Copy;
  /** Their language, for `lang` attributes. */
  lang: UiLanguage;
  /** The locale dates and numbers shown among these texts are written in. */
  locale: string;
  /**
   * A refusal (an API error, a shared schema's word under a field) as this interface says it,
   * by its code (app/copy/refusals.ts): in English the API's own `message` (SPEC.md's texts).
   */
  say: (said: Said) => string;
}

/** What every interface language has, in the same shape: its texts and its refusals' texts. */
interface LanguageCopy {
  t: Copy;
  refusals: RefusalTexts;
}

/**
 * The interface half of the language registry (common/languages.ts, docs/decisions/041): every
 * registered language has its texts and its refusals' texts, or TypeScript refuses.
 */
const COPIES: Record<UiLanguage, LanguageCopy> = {
  en: { t: copy, refusals: ENGLISH_REFUSALS },
  hi: { t: hiCopy, refusals: refusalsHi },
  mr: { t: mrCopy, refusals: refusalsMr },
  gu: { t: guCopy, refusals: refusalsGu },
};

const INTERFACES = Object.fromEntries(
  (Object.keys(COPIES) as UiLanguage[]).map((lang) => {
    const { t, refusals } = COPIES[lang];
    const say = sayerFor(refusals, t.auth.genericFailure, { asSent: lang === 'en' });
    return [lang, { t, lang, locale: LANGUAGE_REGISTRY[lang].locale, say }];
  }),
) as Record<UiLanguage, Interface>;

/** The interface of a language; for loaders and meta functions, which cannot use hooks. */
export const interfaceFor = (lang: UiLanguage): Interface => INTERFACES[lang];

const InterfaceContext = createContext<Interface>(INTERFACES.en);

export function InterfaceLanguage({ lang, children }: { lang: UiLanguage; children: ReactNode }) {
  return <InterfaceContext.Provider value={INTERFACES[lang]}>{children}</InterfaceContext.Provider>;
}

export const useInterface = () => useContext(InterfaceContext);

/**
 * The link to an article's translation, written in the translation's language whatever the
 * interface speaks: a reader who wants that language can read the offer.
 */
export const readIn = (language: Language): string => LANGUAGE_REGISTRY[language].readIn;

/** One formatter per locale: building one (what toLocaleDateString does each call) costs ~1 ms. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date as the text around it writes dates (the site's time zone, DECISIONS.md §11). */
export const formatDate = (iso: string, locale: string) => {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'Asia/Kolkata',
    });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
};
