/*
 * Refusals of a correction's note (issue 43 item 3): `correction` in `PUT /api/articles/{id}`.
 */
import type { Entry } from './define';

export const CORRECTIONS = {
  'correction.not_text': { status: 400, en: 'correction must be text' },
  'correction.empty': { status: 400, en: 'A correction needs a note readers will see.' },
  'correction.too_long': {
    status: 400,
    en: (p: { maximum: number }) => `A correction's note must be at most ${p.maximum} characters.`,
  },
  'correction.not_published': {
    status: 400,
    en: 'Only a published story can be corrected; save it without a correction.',
  },
} as const satisfies Record<string, Entry>;
