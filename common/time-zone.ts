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

const wallParts = (date: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
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

/** "23 Nov 2026, 06:00 IST": a date, a 24-hour time and the zone's short name. */
export function formatZoned(date: Date, timeZone: string): string {
  const when = new Intl.DateTimeFormat('en-GB', {
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
