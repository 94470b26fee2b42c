/*
 * Notes in the margin (issue 43 item 2): staff's notes on a passage of a story, with replies,
 * resolved or not, mentioning colleagues as `@name`. Never published.
 */
import { z } from 'zod';
import { says } from '../refusals/schema-refusals';
import { IdSchema } from './common';

/** The longest note or reply: a paragraph of advice, not a second story. */
export const NOTE_MAX = 2000;
/** The longest passage a note keeps as its quote. */
export const NOTE_QUOTE_MAX = 1000;

const NoteBodySchema = z
  .string(says('note.empty'))
  .trim()
  .min(1, says('note.empty'))
  .max(NOTE_MAX, says('note.too_long', { maximum: NOTE_MAX }));

/** `POST /api/articles/{id}/notes`. */
export const NoteInputSchema = z.object({
  quote: z
    .string(says('note.quote_missing'))
    .trim()
    .min(1, says('note.quote_missing'))
    .max(NOTE_QUOTE_MAX, says('note.too_long', { maximum: NOTE_QUOTE_MAX })),
  body: NoteBodySchema,
});
export type NoteInput = z.infer<typeof NoteInputSchema>;

/** `POST /api/articles/{id}/notes/{noteId}/replies`. */
export const NoteReplyInputSchema = z.object({ body: NoteBodySchema });

/** `PUT /api/articles/{id}/notes/{noteId}`. */
export const NoteResolveInputSchema = z.object({ resolved: z.boolean() });

export const NoteParamsSchema = z.object({ id: IdSchema, noteId: IdSchema });

const AuthorSchema = z.object({ _id: z.string(), name: z.string() }).nullable();

export const NoteReplySchema = z.object({
  _id: z.string(),
  body: z.string(),
  /** Null once that account is deleted. */
  author: AuthorSchema,
  createdAt: z.string(),
});
export type NoteReply = z.infer<typeof NoteReplySchema>;

export const NoteSchema = z.object({
  _id: z.string(),
  quote: z.string(),
  body: z.string(),
  author: AuthorSchema,
  createdAt: z.string(),
  resolved: z.boolean(),
  /** Oldest first. */
  replies: z.array(NoteReplySchema),
});
export type Note = z.infer<typeof NoteSchema>;

/** `GET /api/articles/{id}/notes`: the story's notes, oldest first. */
export const NoteListSchema = z.array(NoteSchema);

/**
 * The people a note's text mentions: `@` then a name as the site knows it (any case), among
 * `people`; the longest name wins where one begins another ("@Asha Rao" is not "@Asha").
 */
export function mentionedIn<P extends { name: string }>(text: string, people: P[]): P[] {
  const lower = text.toLowerCase();
  const byLength = [...people].sort((a, b) => b.name.length - a.name.length);
  const found = new Set<P>();
  const taken: [number, number][] = [];
  for (const person of byLength) {
    const needle = `@${person.name.toLowerCase()}`;
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      const next = lower[end];
      if (next !== undefined && /[\p{L}\p{M}\p{N}]/u.test(next)) continue;
      if (taken.some(([from, to]) => at >= from && at < to)) continue;
      taken.push([at, end]);
      found.add(person);
    }
  }
  return people.filter((p) => found.has(p));
}
