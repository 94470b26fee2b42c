/*
 * A word-level diff for the article form's History panel and its conflict view (issue 9 items
 * 4 and 5, docs/decisions/023). Words come from Intl.Segmenter, which follows Unicode's word
 * and grapheme-cluster rules: a Devanagari word is one token with all its conjuncts, matras,
 * nuktas and nasal signs, so a change never splits "क्षेत्र" into letters. Spaces and
 * punctuation are tokens of their own, so a changed comma does not mark its word.
 */
import { decodeEntities } from './text';

export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string };

/** Above this many differing tokens the middle is shown as one removal and one addition. */
const MAX_EDITS = 2000;

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter('hi', { granularity: 'word' })
    : undefined;

/**
 * The tokens of a text: words, runs of spaces, and single marks. Without Intl.Segmenter a
 * letter-and-combining-mark pattern stands in, which keeps matras and viramas with their word.
 */
export function diffTokens(text: string): string[] {
  if (!text) return [];
  if (segmenter) {
    // Segmented a run at a time: V8's segment iterator slows down with the length of the
    // whole string (quadratic on a long body), and a space is always a word boundary.
    const tokens: string[] = [];
    for (const run of text.split(/(\s+)/)) {
      if (!run) continue;
      if (/^\s/.test(run)) tokens.push(run);
      else for (const { segment } of segmenter.segment(run)) tokens.push(segment);
    }
    return tokens;
  }
  return text.match(/[\p{L}\p{M}\p{N}\u200c\u200d]+|\s+|[^\p{L}\p{M}\p{N}\s]/gu) ?? [];
}

/** Myers' O(ND) shortest edit script between token lists, or undefined past `MAX_EDITS`. */
function myers(a: string[], b: string[]): DiffPart[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0))
          ? (v[offset + k + 1] ?? 0)
          : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace, d, offset);
    }
  }
  return undefined;
}

function backtrack(
  a: string[],
  b: string[],
  trace: Int32Array[],
  last: number,
  offset: number,
): DiffPart[] {
  const parts: DiffPart[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = last; d >= 0; d--) {
    const v = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK] ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      parts.push({ kind: 'same', text: a[--x] as string });
      y--;
    }
    if (d > 0) {
      if (down) parts.push({ kind: 'added', text: b[--y] as string });
      else parts.push({ kind: 'removed', text: a[--x] as string });
    }
  }
  return parts.reverse();
}

/** Joins neighbours of one kind, and drops empty parts. */
function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    if (!part.text) continue;
    const last = out[out.length - 1];
    if (last && last.kind === part.kind) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}

/**
 * The changes from `before` to `after`, word by word: `same` text in both, `removed` only in
 * `before`, `added` only in `after`. Joining the `same` and `removed` parts gives `before`
 * back; the `same` and `added` parts give `after`.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = diffTokens(before);
  const b = diffTokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const middle = myers(midA, midB) ?? [
    { kind: 'removed' as const, text: midA.join('') },
    { kind: 'added' as const, text: midB.join('') },
  ];
  return merge([
    { kind: 'same', text: a.slice(0, start).join('') },
    ...middle,
    { kind: 'same', text: a.slice(endA).join('') },
  ]);
}

/** The two sides of a side-by-side view: the old text with removals, the new with additions. */
export function sideBySide(parts: DiffPart[]) {
  return {
    before: parts.filter((p) => p.kind !== 'added'),
    after: parts.filter((p) => p.kind !== 'removed'),
  };
}

/**
 * An article body as text to compare: one line per paragraph, heading, list item or block,
 * tags dropped, entities decoded; an image or video is named by its address so that a swapped
 * picture shows as a change.
 */
export function htmlToDiffText(html: string): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<(?:img|iframe|video|source)\b[^>]*\bsrc="([^"]*)"[^>]*>/gi, ' [$1] ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|h[1-6]|li|blockquote|figure|figcaption|pre|tr|div)>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
