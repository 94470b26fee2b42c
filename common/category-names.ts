import type { UiLanguage } from './settings';

/*
 * A category's name as readers see it (issue 26 item 7): the one given for the interface's
 * language (setting `uiLanguage`), else its `name`. Cards, the menu, breadcrumbs, category
 * headings, structured data and feed titles all show this one.
 */

/** A category as far as its names go: the full one, a card's reference, a menu entry. */
export interface NamedCategory {
  name: string;
  nameHi?: string | undefined;
  nameEn?: string | undefined;
}

/** The languages a category may name itself in; the others show `name`. */
const NAME_IN: Partial<Record<UiLanguage, 'nameHi' | 'nameEn'>> = { hi: 'nameHi', en: 'nameEn' };

export function shownCategoryName(category: NamedCategory, language: UiLanguage): string {
  const field = NAME_IN[language];
  return (field && category[field]?.trim()) || category.name;
}
