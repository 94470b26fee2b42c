/*
 * Times are stored in UTC and shown and entered in the site's time zone (DECISIONS.md §11).
 * Intl knows every IANA zone in Node and in browsers, so no zone database is bundled.
 */

/** Whether `name` is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** One wall-clock formatter per zone: building one costs far more than using it. */
const wallFormats = new Map<string, Intl.DateTimeFormat>();

const wallFormat = (timeZone: string) => {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormats.set(timeZone, format);
  }
  return format;
};

const wallParts = (date: Date, timeZone: string) => {
  const parts = wallFormat(timeZone).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
};

/** Milliseconds the zone's wall clock is ahead of UTC at `date`. */
function offsetMs(date: Date, timeZone: string): number {
  const w = wallParts(date, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `date` as the zone's wall clock, in the `datetime-local` input's form (`2026-11-23T06:00`). */
export function toZonedInput(date: Date, timeZone: string): string {
  const w = wallParts(date, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall-clock time (`2026-11-23T06:00`) names in `timeZone`, or undefined for
 * text that is not one. Across a daylight-saving change the offset is taken twice, so a time
 * that exists is found exactly.
 */
export function fromZonedInput(text: string, timeZone: string): Date | undefined {
  const m = LOCAL_INPUT.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall)) return undefined;
  const first = wall - offsetMs(new Date(wall), timeZone);
  return new Date(wall - offsetMs(new Date(first), timeZone));
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "14:02", or "14:02 IST" with `zoneName`: a 24-hour time of day in `timeZone`, in `locale`'s
 * digits. One formatter per locale, zone and form: building one costs about a millisecond.
 */
export function formatClock(
  date: Date,
  timeZone: string,
  { locale = 'en-GB', zoneName = false }: { locale?: string; zoneName?: boolean } = {},
): string {
  const key = `${locale} ${timeZone} ${zoneName}`;
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(zoneName ? { timeZoneName: 'short' as const } : {}),
    });
    clockFormats.set(key, format);
  }
  return format.format(date);
}

/** The locale each interface language writes the back office's dates in. */
const ZONED_LOCALES = { en: 'en-GB', hi: 'hi-IN' } as const;

/**
 * "23 Nov 2026, 06:00 IST" (in Hindi "23 नव॰ 2026, 06:00 IST"): a date, a 24-hour time and
 * the zone's short name.
 */
export function formatZoned(
  date: Date,
  timeZone: string,
  language: keyof typeof ZONED_LOCALES = 'en',
): string {
  const when = new Intl.DateTimeFormat(ZONED_LOCALES[language], {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  // en-IN names India's zone "IST" (en-GB would say "GMT+5:30") and others as en-GB does.
  const zone =
    new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return `${when} ${zone}`;
}

/** The zone's calendar day at `date` (`2026-11-23`): the day views are counted under. */
export function zonedDay(date: Date, timeZone: string): string {
  return toZonedInput(date, timeZone).slice(0, 10);
}

/** The calendar day `n` days before `day` (both `YYYY-MM-DD`); calendar days need no zone. */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/** How a reading page writes a time: a card's day, or a Latest headline's day and time. */
const READER_FORMATS = {
  /** "23 November 2026" / "23 नवंबर 2026". */
  day: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "23 Nov, 06:00" / "23 नव॰, 06:00": with the day, so a page kept overnight stays true. */
  dayAndTime: {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** One formatter per locale, zone and kind: building one costs about a millisecond. */
const readerFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `date` as a reading page shows it, in the site's `timeZone` and the interface's `locale`
 * (`en-IN`, `hi-IN`: app/copy/language.tsx).
 */
export function formatForReaders(
  date: Date,
  timeZone: string,
  locale: string,
  kind: keyof typeof READER_FORMATS,
): string {
  const key = `${locale} ${timeZone} ${kind}`;
  let format = readerFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...READER_FORMATS[kind], timeZone });
    readerFormats.set(key, format);
  }
  return format.format(date);
}
