/*
 * A live-blog entry's times (issue 25 item 1): its clock time in the site's zone ("14:02 IST")
 * and how long ago it was ("2 मिनट पहले", "2 minutes ago"). The server writes both into the
 * page; the reader script (app/reader/live.ts) writes the same for new entries and keeps the
 * relative ones current, so a page kept for a while never says "just now" of an old entry.
 */

import { formatClock } from './time-zone';

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** "14:02 IST": the time of day in `timeZone`, with the zone's short name. */
export const entryClock = (iso: string, timeZone: string, locale: string): string =>
  formatClock(new Date(iso), timeZone, { locale, zoneName: true });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', Number.POSITIVE_INFINITY],
];

/** "2 minutes ago" / "2 मिनट पहले"; under a minute "now" / "अभी". */
export function entryAgo(iso: string, now: number, locale: string): string {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  let amount = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (amount < 60) return format.format(0, 'second');
  for (const [unit, size] of STEPS) {
    if (amount < size) return format.format(-Math.floor(amount), unit);
    amount /= size;
  }
  return format.format(-Math.floor(amount), 'week');
}
