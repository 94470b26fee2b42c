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

/** Cyrillic and Greek letters drawn like Latin ones, as the Latin letter a reader sees. */
const LOOKALIKES: Record<string, string> = Object.fromEntries(
  [
    ['аАαΑ', 'a'],
    ['вВβΒ', 'b'],
    ['сС', 'c'],
    ['ԁ', 'd'],
    ['еЕёЁεΕ', 'e'],
    ['һНΗ', 'h'],
    ['іІїιΙ', 'i'],
    ['јЈ', 'j'],
    ['кКκΚ', 'k'],
    ['ӏ', 'l'],
    ['мМΜ', 'm'],
    ['Ν', 'n'],
    ['оОοΟ', 'o'],
    ['рРρΡ', 'p'],
    ['ԛ', 'q'],
    ['ѕЅ', 's'],
    ['тТτΤ', 't'],
    ['υ', 'u'],
    ['νѵ', 'v'],
    ['ԝω', 'w'],
    ['хХχΧ', 'x'],
    ['уУΥ', 'y'],
    ['Ζ', 'z'],
  ].flatMap(([letters, latin]) => [...letters!].map((c) => [c, latin!])),
);
const CYRILLIC_GREEK = /[Ͱ-ϿЀ-ԯ]/g;
/** Invisible characters that split a word for the search but not for a reader: soft hyphens,
 * zero-width joiners and non-joiners, direction marks (Unicode's format characters). */
const INVISIBLE = /\p{Cf}/gu;

/** The text as a reader sees it: compatibility forms folded (ｚ, 𝐳), invisibles and look-alikes. */
const asSeen = (text: string) =>
  text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(CYRILLIC_GREEK, (c) => LOOKALIKES[c] ?? c);

/** Dots, hyphens, underscores or stars between letters ("z.a.l.e.e.l", "za-leel") dropped. */
const unsplit = (text: string) =>
  text.replace(/(?<=[\p{L}\p{M}])[.\-\u2010-\u2015_*·•]+(?=\p{L})/gu, '');

/** A run of single letters (with their marks) apart by spaces: "z a l e e l", "ज़ ली ल". */
const SPACED_RUN = /(?<![\p{L}\p{M}])\p{L}\p{M}*(?:\s+\p{L}\p{M}*(?![\p{L}\p{M}]))+/gu;
/** The longest word looked for in such a run, in letters. */
const RUN_WORD_MAX = 24;

/**
 * The keys of every word a run of spaced single letters may spell: each stretch of it joined
 * (a Devanagari syllable is one such letter, and a run may go on into the next word: "ज़ ली ल
 * हो"). Runs are rare in plain writing, so this costs little.
 */
function spacedKeys(text: string): Set<string> {
  const keys = new Set<string>();
  for (const run of text.match(SPACED_RUN) ?? []) {
    const letters = run.split(/\s+/);
    for (let i = 0; i < letters.length; i++)
      for (let j = i + 2; j <= Math.min(letters.length, i + RUN_WORD_MAX); j++)
        for (const key of keysOf(letters.slice(i, j).join(''))) keys.add(key);
  }
  return keys;
}

/** Whether `said` has `wanted` in a row. */
const saysInARow = (said: string[], wanted: string[]) => {
  for (let i = 0; i + wanted.length <= said.length; i++)
    if (wanted.every((k, j) => said[i + j] === k)) return true;
  return false;
};

/**
 * The first blocked entry `text` says, in any spelling the search treats as one (ज़लील,
 * जलील and "zaleel" alike); an entry of several words matches them in a row. Written to slip
 * past it (issue 66 item 12), it is found too: through soft hyphens and zero-width joiners,
 * in look-alike Cyrillic or Greek letters, or with its letters split by spaces, dots or hyphens.
 */
export function blockedWordIn(text: string, blocked: readonly string[]): string | undefined {
  const seen = unsplit(asSeen(text));
  // As written, and with each spaced run joined into one word ("b u r a aadmi").
  const said = [keysOf(seen), keysOf(seen.replace(SPACED_RUN, (run) => run.replace(/\s+/g, '')))];
  const spaced = spacedKeys(seen);
  for (const entry of blocked) {
    const wanted = keysOf(asSeen(entry)).filter((k) => k !== '');
    if (!wanted.length) continue;
    if (said.some((keys) => saysInARow(keys, wanted))) return entry;
    // Split apart, an entry of several words is as likely written as one.
    const whole = keysOf(asSeen(entry).replace(/\s+/g, '')).filter((k) => k !== '');
    if (whole.length === 1 && (spaced.has(whole[0]!) || said[0]!.includes(whole[0]!))) return entry;
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
