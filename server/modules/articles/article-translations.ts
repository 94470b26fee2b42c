/*
 * Translation groups (issue 27 item 5, docs/decisions/041): the versions of one story in several
 * languages. The repository reads a row's other versions (`VersionRow`); these decide what the
 * wire shows of them.
 */
import { LANGUAGES, type Language } from '../../../common/languages';
import { articlePath } from '../../../common/paths';
import type { TranslationRef } from '../../../common/schemas/articles';
import { isPublicNow } from '../../../db/schema/content';

/** Another version of an article's story, as the repository reads it (any status). */
export interface VersionRow {
  id: string;
  language: Language;
  status: string;
  publishedAt: Date;
  slug: string;
  categorySlug: string | null;
}

const order = (language: Language) => LANGUAGES.indexOf(language);

/** The versions in the registry's language order (hreflang lists and switchers follow it). */
export const inLanguageOrder = <T extends { language: Language }>(versions: T[]): T[] =>
  [...versions].sort((a, b) => order(a.language) - order(b.language));

/**
 * The one translation an older client knows (`translationId`, issue 10 item 7): of the other
 * versions, the English one for a Hindi story, else the Hindi one, else the English one, else
 * the first in the registry's order. For a Hindi and English pair, exactly what it was.
 */
export function legacyTranslationId(
  language: Language,
  versions: { id: string; language: Language }[],
): string | null {
  const preferred: Language[] = language === 'hi' ? ['en'] : ['hi', 'en'];
  for (const wanted of preferred) {
    const found = versions.find((v) => v.language === wanted);
    if (found) return found.id;
  }
  return inLanguageOrder(versions)[0]?.id ?? null;
}

/** The versions readers can see at `now`, with their addresses, in language order. */
export const publicVersions = (versions: VersionRow[], now: Date): TranslationRef[] =>
  inLanguageOrder(versions.filter((v) => isPublicNow(v, now))).map((v) => ({
    _id: v.id,
    language: v.language,
    path: articlePath({ slug: v.slug, categorySlug: v.categorySlug }),
  }));

/** The repository's JSON of versions (one engine parses json, the other may not). */
export function versionRows(value: unknown): VersionRow[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as
    (Omit<VersionRow, 'publishedAt'> & { publishedAt: string })[] | null;
  return (list ?? []).map((v) => ({ ...v, publishedAt: new Date(v.publishedAt) }));
}
