import { languageInfo } from '../../../common/languages';
import { useAdminLanguage } from '../../copy/admin-language';
import { mediaLibraryCopy } from '../../copy/media-library';

/**
 * The media library's texts in the back office's language (DECISIONS.md §18: its user's, else
 * the site's), the language for `lang` attributes around them, and the locale of their dates.
 */
export function useMediaCopy() {
  const lang = useAdminLanguage();
  return {
    m: mediaLibraryCopy[lang],
    lang,
    locale: languageInfo(lang).locale,
  };
}

/** What an upload is called in the library: its file name, else its alt text. */
export const mediaName = (item: { filename: string; alt: string }, unnamed: string) =>
  item.filename || item.alt || unnamed;
