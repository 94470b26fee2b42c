import { useRouteLoaderData } from 'react-router';
import { staffLanguageOf, type StaffLanguage } from '../../common/languages';
import type { SiteSettings } from '../../common/settings';
import { adminCopy, type AdminCopy } from './admin';
import { adminCopyHi } from './admin.hi';
import { interfaceFor } from './language';
import type { Said } from './refusals';

/*
 * The back office follows the interface language (DECISIONS.md §18): the one its user chose on
 * /profile (issue 36 item 8), which the back office's layout loader reads, else the site's
 * `uiLanguage` setting from the root loader, so every back-office screen (and its error
 * boundaries, which may render without the layout's data) speaks one language.
 */

/** The back office's layout route: its data's `lang` is the language of its user. */
export const ADMIN_LAYOUT_ROUTE = 'routes/admin/layout';

const COPIES: Record<StaffLanguage, AdminCopy> = { en: adminCopy, hi: adminCopyHi };

/** What the back office speaks in one language. */
export interface AdminInterface {
  /** The texts. */
  t: AdminCopy;
  /** Their language, for `lang` attributes. */
  lang: StaffLanguage;
  /** The locale numbers are written in (`en-IN`, `hi-IN`). */
  locale: string;
  /** A refusal as this interface says it, by its code (app/copy/refusals.ts). */
  say: (said: Said) => string;
}

const INTERFACES = Object.fromEntries(
  (Object.keys(COPIES) as StaffLanguage[]).map((lang) => {
    const { locale, say } = interfaceFor(lang);
    return [lang, { t: COPIES[lang], lang, locale, say }];
  }),
) as Record<StaffLanguage, AdminInterface>;

/** The back office in `lang`; for meta functions and tests, which cannot use hooks. */
export const adminInterfaceFor = (lang: StaffLanguage): AdminInterface => INTERFACES[lang];

/**
 * The back office's interface language: its user's own choice, else the site's where the back
 * office has texts in it (English and Hindi), else English (common/languages.ts).
 */
export function useAdminLanguage(): StaffLanguage {
  const own = useRouteLoaderData<{ lang?: StaffLanguage }>(ADMIN_LAYOUT_ROUTE)?.lang;
  // Typed by the one field read here, not root.tsx's RootData: root.tsx renders the error
  // boundary, which uses this file, so importing it back would make an import circle.
  const root = useRouteLoaderData<{ settings: Pick<SiteSettings, 'uiLanguage'> }>('root');
  const site = root?.settings.uiLanguage ?? 'en';
  return own ?? staffLanguageOf(site);
}

/** The back office's texts in its interface language. */
export const useAdminCopy = (): AdminCopy => COPIES[useAdminLanguage()];

/** The back office's texts, language, locale and `say` (AdminInterface). */
export const useAdminInterface = (): AdminInterface => adminInterfaceFor(useAdminLanguage());

/**
 * A moment in the browser's own zone, as the back office writes one: the locale's usual form,
 * on the 24-hour clock in Hindi (whose 12-hour clock is written with a Latin "am"/"pm").
 */
export const formatMoment = (
  date: Date,
  { lang, locale }: Pick<AdminInterface, 'lang' | 'locale'>,
) => date.toLocaleString(locale, lang === 'hi' ? { hourCycle: 'h23' } : {});
