import { LANGUAGES, type Language } from './articles';

/**
 * The hreflang alternates of a story published in both languages (issue 10 item 7): one link
 * per language, then `x-default`, the version in the site's interface language (what a reader
 * of neither language lands on). A story in one language only has none: its canonical says it.
 * The article page and the sitemap both use this, so they always agree.
 */
export function hreflangLinks(
  versions: Partial<Record<Language, string>>,
  uiLanguage: Language,
): { hreflang: Language | 'x-default'; href: string }[] {
  const links = LANGUAGES.flatMap((hreflang) => {
    const href = versions[hreflang];
    return href ? [{ hreflang, href }] : [];
  });
  const fallback = versions[uiLanguage];
  if (links.length < 2 || !fallback) return [];
  return [...links, { hreflang: 'x-default', href: fallback }];
}
