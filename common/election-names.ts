/*
 * A name the desk gave in the reader's language, else the nearest it has: Hindi (Devanagari)
 * for Marathi, English otherwise; with the language it is in, for `lang` (WCAG 3.1.2).
 */
import type { ElectionNames } from './schemas/elections';

export function nameIn(names: ElectionNames, lang: string): { text: string; lang: string } {
  const own = (names as Record<string, string | undefined>)[lang];
  if (own) return { text: own, lang };
  return lang === 'mr' ? { text: names.hi, lang: 'hi' } : { text: names.en, lang: 'en' };
}
