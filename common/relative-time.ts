/**
 * A card's time as a reader of news says it (issue 45 item 3): "2 hours ago" / "2 घंटे पहले"
 * within a day, the absolute day the server rendered after that. Pages are kept and shared by
 * every reader, so the server writes the absolute day and the browser rewrites a fresh one
 * (app/reader/relative-times.ts); a page kept overnight is never wrong.
 *
 * The words come with the page (`relativeWords`, made on the server with Intl): the browser's
 * first Intl.RelativeTimeFormat costs about 30 ms while ICU loads, 200 ms on a slow phone, which
 * Lighthouse counted as blocking time on every home page.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const made = new Map<string, string>();

/**
 * "now|1 minute ago|# minutes ago|1 hour ago|# hours ago|0123456789" in `locale`: the words of
 * `relativeWithinDay`, `#` where the number goes, and the locale's ten digits (Marathi writes
 * ३, not 3). In en, hi, mr and gu the form for 1 is the only other one these counts need (a
 * minute or an hour is never 0 here).
 */
export function relativeWords(locale: string): string {
  let words = made.get(locale);
  if (words) return words;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const many = (unit: 'minute' | 'hour') =>
    format
      .formatToParts(-2, unit)
      .map((part) => (part.type === 'integer' ? '#' : part.value))
      .join('');
  const number = new Intl.NumberFormat(locale, { useGrouping: false });
  const digits = Array.from({ length: 10 }, (_, d) => number.format(d)).join('');
  words = [
    format.format(0, 'second'),
    format.format(-1, 'minute'),
    many('minute'),
    format.format(-1, 'hour'),
    many('hour'),
    digits,
  ].join('|');
  made.set(locale, words);
  return words;
}

/** `then` relative to `now` in `words` (relativeWords), or undefined a day or more ago (or ahead). */
export function relativeWithinDay(then: Date, now: Date, words: string): string | undefined {
  const ago = now.getTime() - then.getTime();
  // A little ahead is a clock's skew: "now". Far ahead, a day back or no date at all (NaN
  // fails both) keeps the absolute day. Written small: it is in every reading page's script.
  if (!(ago >= -5 * MINUTE && ago < DAY)) return undefined;
  const word = words.split('|');
  if (ago < MINUTE) return word[0];
  const [n, at] = ago < HOUR ? [Math.floor(ago / MINUTE), 1] : [Math.floor(ago / HOUR), 3];
  return n == 1
    ? word[at]
    : word[at + 1]!.replace(
        '#',
        `${n}`.replace(/\d/g, (d) => word[5]![+d]!),
      );
}
