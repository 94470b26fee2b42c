/*
 * Corrections on the record (issue 43 item 3, DECISIONS.md): a published story saved with
 * `correction: "<note>"` keeps that public note, dated, for good. The note is plain text: it is
 * escaped wherever it is shown (the page, JSON-LD, feeds, /corrections), never read as HTML.
 */
import { z } from 'zod';
import { LANGUAGES } from '../articles';
import { says } from '../refusals/schema-refusals';

/** The longest note a correction may carry (a sentence or two, never a second story). */
export const CORRECTION_NOTE_MAX = 1000;

/**
 * `correction` in `PUT /api/articles/{id}`: the note readers see, trimmed. Control characters
 * are refused for every text of a request already (`validation.bad_text`).
 */
export const CorrectionNoteSchema = z
  .string(says('correction.not_text'))
  .trim()
  .min(1, says('correction.empty'))
  .max(CORRECTION_NOTE_MAX, says('correction.too_long', { maximum: CORRECTION_NOTE_MAX }));

/** One correction of a story, as its page shows it. */
export const CorrectionSchema = z.object({
  note: z.string(),
  /** When it was recorded (an ISO time; the page formats it as it formats its dates). */
  correctedAt: z.string(),
});
export type Correction = z.infer<typeof CorrectionSchema>;

/** A row of `/corrections`: the correction and the story it corrects. */
export const CorrectionEntrySchema = CorrectionSchema.extend({
  article: z.object({
    _id: z.string(),
    name: z.string(),
    path: z.string(),
    language: z.enum(LANGUAGES),
  }),
});
export type CorrectionEntry = z.infer<typeof CorrectionEntrySchema>;

/** One page of `/corrections`, newest first. */
export interface CorrectionsPage {
  corrections: CorrectionEntry[];
  currentPage: number;
  totalPages: number;
}

/** How many corrections one page of `/corrections` lists. */
export const CORRECTIONS_PAGE_SIZE = 30;
