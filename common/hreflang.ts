import { LANGUAGES, type Language } from './languages';

/**
 * The hreflang alternates of a story published in more than one language (issue 10 item 7; a
 * translation group of any size since issue 27 item 5, docs/decisions/041): one link per
 * language, in the registry's order, then `x-default`: the version in the site's interface
 * language (what a reader of none of them lands on, as before), else the English one (the
 * language most readers outside India share), else the first. A story in one language only has
 * none: its canonical says it. The article page and the sitemap both use this, so they always
 * agree.
 */
export function hreflangLinks(
  versions: Partial<Record<Language, string>>,
  uiLanguage: Language,
): { hreflang: Language | 'x-default'; href: string }[] {
  const links = LANGUAGES.flatMap((hreflang) => {
    const href = versions[hreflang];
    return href ? [{ hreflang, href }] : [];
  });
  if (links.length < 2) return [];
  const fallback = versions[uiLanguage] ?? versions.en ?? (links[0] as { href: string }).href;
  return [...links, { hreflang: 'x-default', href: fallback }];
}
