/*
 * How the results pages write their numbers, times and sources (issue 69 item 4, STYLE.md
 * "Numbers readers trust carry their source"): a figure is never shown without where and when it
 * came from.
 */
import type { Figure, ResultSource } from './schemas/elections';
import { formatClock } from './time-zone';
import type { ElectionsCopy } from './election-copy';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** 1,52,513 in Indian English and Hindi; in each locale's own grouping. */
export function formatCount(n: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    numberFormats.set(locale, format);
  }
  return format.format(n);
}

/** A change: +3, −2 (a true minus sign), 0. */
export const formatChange = (n: number, locale: string) =>
  n > 0 ? `+${formatCount(n, locale)}` : n < 0 ? `−${formatCount(-n, locale)}` : '0';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "4 Jun, 14:32 IST": the day and the time in the site's zone. */
export function formatWhen(iso: string, timeZone: string, locale: string): string {
  const key = `${locale} ${timeZone}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short' });
    dayFormats.set(key, format);
  }
  const date = new Date(iso);
  return `${format.format(date)}, ${formatClock(date, timeZone, { locale, zoneName: true })}`;
}

/** "Election Commission and our desk, 4 Jun, 14:32 IST"; "no result yet" for a zero. */
export function sourceLine(
  figure: Pick<Figure, 'sources' | 'at'>,
  t: ElectionsCopy,
  timeZone: string,
  locale: string,
): string {
  if (!figure.at || figure.sources.length === 0) return t.noSource;
  const names = figure.sources.map((s: ResultSource) => t.sources[s]).join(', ');
  return t.sourceAt(names, formatWhen(figure.at, timeZone, locale));
}
