/**
 * A card's time as a reader of news says it (issue 45 item 3): "2 hours ago" / "2 घंटे पहले"
 * within a day, the absolute day the server rendered after that. Pages are kept and shared by
 * every reader, so the server writes the absolute day and the browser rewrites a fresh one
 * (app/reader/relative-times.ts); a page kept overnight is never wrong.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `then` relative to `now` in `locale`, or undefined when it is a day or more ago (or ahead). */
export function relativeWithinDay(then: Date, now: Date, locale: string): string | undefined {
  const ago = now.getTime() - then.getTime();
  // A little ahead is a clock's skew: "now". Far ahead or a day back keeps the absolute day.
  if (Number.isNaN(ago) || ago < -5 * MINUTE || ago >= DAY) return undefined;
  // Made per call: a page has a few dozen cards, and a cache would cost the reader script bytes.
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < MINUTE) return format.format(0, 'second');
  if (ago < HOUR) return format.format(-Math.floor(ago / MINUTE), 'minute');
  return format.format(-Math.floor(ago / HOUR), 'hour');
}
