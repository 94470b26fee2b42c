/*
 * Refusals of a correction's note (issue 43 item 3): `correction` in `PUT /api/articles/{id}`;
 * and of notes in the margin (issue 43 item 2), the other texts about a story's words.
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

export const NOTES = {
  'note.not_found': { status: 404, en: 'No such note on this article.' },
  'note.empty': { status: 400, en: 'A note needs some text.' },
  'note.too_long': {
    status: 400,
    en: (p: { maximum: number }) => `A note must be at most ${p.maximum} characters.`,
  },
  'note.quote_missing': {
    status: 400,
    en: 'A note needs the passage it is on: select some text first.',
  },
} as const satisfies Record<string, Entry>;
