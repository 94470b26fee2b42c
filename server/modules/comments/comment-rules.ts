/*
 * The rules that hold a comment for a moderator (issue 42 item 3, DECISIONS.md §24), as pure
 * functions of the settings, the text and the reader's past, so each is tested alone. A held
 * comment is `pending` with the first rule that held it as its `reason`.
 */
import { linksIn } from '../../../common/comment-text';
import type { CommentSettings } from '../../../common/schemas/comments';
import {
  isDevanagari,
  latinKey,
  looseLatin,
  normaliseText,
  words,
} from '../../../common/search/search-text';
import type { HoldReason } from '../../../db/schema/comments';

/** A word as the blocked list compares it: the search's folding, then its loose Latin key. */
const keyOf = (word: string) => (isDevanagari(word) ? latinKey(word) : looseLatin(word));

const keysOf = (text: string) => words(normaliseText(text)).map(keyOf);

/**
 * The first blocked entry `text` says, in any spelling the search treats as one (ज़लील,
 * जलील and "zaleel" alike); an entry of several words matches them in a row.
 */
export function blockedWordIn(text: string, blocked: readonly string[]): string | undefined {
  const said = keysOf(text);
  for (const entry of blocked) {
    const wanted = keysOf(entry).filter((k) => k !== '');
    if (!wanted.length) continue;
    for (let i = 0; i + wanted.length <= said.length; i++)
      if (wanted.every((k, j) => said[i + j] === k)) return entry;
  }
  return undefined;
}

export interface CommenterPast {
  /** Their approved comments so far. */
  approved: number;
  /** Comments of theirs with the same text lately. */
  sameText: number;
  /** How old their account is, in minutes. */
  accountMinutes: number;
  /** Staff (authors and up) are never held. */
  staff: boolean;
}

/** Why the comment waits, or undefined when it is shown at once. */
export function holdReason(
  settings: CommentSettings,
  text: string,
  past: CommenterPast,
): HoldReason | undefined {
  if (past.staff) return undefined;
  if (past.sameText > 0) return 'duplicate';
  if (blockedWordIn(text, settings.blockedWords)) return 'blockedWord';
  if (linksIn(text).length > settings.maxLinks) return 'links';
  if (past.accountMinutes < settings.minAccountAgeMinutes) return 'accountAge';
  if (settings.hold === 'all') return 'all';
  if (settings.hold === 'first' && past.approved === 0) return 'first';
  return undefined;
}

/** A story's own say on comments and its section's (null: no say, the next one decides). */
export interface OpenFlags {
  article: boolean | null;
  category: boolean | null;
}
const NO_SAY: OpenFlags = { article: null, category: null };

/**
 * Whether a story published at `publishedAt` still takes comments at `now` (issue 42 item 1):
 * the story's `commentsOpen`, else its section's, else the site's `open`; and, open, only until
 * `closeAfterDays` after publication.
 */
export function commentsOpen(
  settings: CommentSettings,
  publishedAt: Date,
  now: Date,
  flags: OpenFlags = NO_SAY,
): boolean {
  if (!(flags.article ?? flags.category ?? settings.open)) return false;
  if (settings.closeAfterDays === 0) return true;
  return now.getTime() < publishedAt.getTime() + settings.closeAfterDays * 86_400_000;
}
