import { useRouteLoaderData } from 'react-router';
import { languageInfo, staffLanguageOf } from '../../../common/languages';
import { mediaLibraryCopy } from '../../copy/media-library';
import type { RootData } from '../../root';

/**
 * The media library's texts in the interface language of the settings (DECISIONS.md §18), the
 * language for `lang` attributes around them, and the locale their dates are written in.
 */
export function useMediaCopy() {
  const lang = staffLanguageOf(useRouteLoaderData<RootData>('root')?.settings.uiLanguage ?? 'en');
  return {
    m: mediaLibraryCopy[lang],
    lang,
    locale: languageInfo(lang).locale,
  };
}

/** What an upload is called in the library: its file name, else its alt text. */
export const mediaName = (item: { filename: string; alt: string }, unnamed: string) =>
  item.filename || item.alt || unnamed;
