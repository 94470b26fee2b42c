/*
 * What a page's machine-read text is found by (issue 67 item 4): the site's own Hindi search
 * (common/search: word forms, nukta and vowel folding, Latin typing), as an article's body is.
 */
import type { EpaperLanguage } from '../../../common/epaper';
import { plainTextVector } from '../../../common/search/search-document';

export const ocrSearchVector = (text: string, language: EpaperLanguage) =>
  plainTextVector(text, language);
