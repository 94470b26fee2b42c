import type { StaffLanguage } from '../../common/languages';

/*
 * Hindi typing's texts (issue 27 item 6) in both interface languages (DECISIONS.md §18: the
 * back office follows the interface language).
 */

const en = {
  /** The "अ" button's name. */
  toggle: 'Hindi typing',
  /** Its tooltip. */
  hint: 'Type Hindi in Latin letters: "bharat" becomes भारत (Ctrl+G)',
  suggestions: 'Hindi suggestions',
};

const hi: typeof en = {
  toggle: 'हिंदी टाइपिंग',
  hint: 'लैटिन अक्षरों में हिंदी लिखें: "bharat" से भारत बनता है (Ctrl+G)',
  suggestions: 'हिंदी सुझाव',
};

export const hindiTypingCopy: Record<StaffLanguage, typeof en> = { en, hi };
