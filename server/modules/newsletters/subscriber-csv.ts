/*
 * Reading an imported list of subscribers (issue 37 item 5): a pure function from the CSV's
 * text to the rows to import and the lines refused. `line` counts the header as line 1; a
 * quoted field that spans lines is named by the line it starts on. A row is refused for an
 * invalid address, a newsletter slug no active newsletter has (or none at all), or `consent`
 * other than `true`: without a recorded consent, no one is mailed (DPDP Act 2023 §6).
 */
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { ImportRefusal } from '../../../common/schemas/subscribers';
import { badRequest } from '../../lib/errors';

export interface ImportedRow {
  line: number;
  email: string;
  name: string;
  newsletterIds: string[];
  /** When the address subscribed elsewhere (`subscribed_at`), else the import's time. */
  subscribedAt: Date;
}

const EMAIL = z.email().max(254);
const breaksIn = (fields: string[]) =>
  fields.reduce((n, field) => n + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

function records(text: string) {
  // A NUL byte is no text (PostgreSQL keeps none in a text column): the file is refused at the
  // line it is on, not stored to fail there (issue 66 item 12).
  const nul = text.indexOf('\u0000');
  if (nul >= 0)
    throw badRequest('subscribers.csv_unreadable', {
      line: (text.slice(0, nul).match(/\r\n|\r|\n/g)?.length ?? 0) + 1,
    });
  try {
    return parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    throw badRequest('subscribers.csv_unreadable', { line: typeof line === 'number' ? line : 1 });
  }
}

/** The rows of `text`, with each newsletter slug resolved by `idOfSlug` (active ones only). */
export function readSubscriberCsv(
  text: string,
  idOfSlug: (slug: string) => string | undefined,
  now: Date,
): { rows: ImportedRow[]; refused: { line: number; reason: ImportRefusal }[] } {
  const [header, ...body] = records(text);
  const names = (header?.record ?? []).map((name) => name.toLowerCase().replace(/\s+/g, '_'));
  const at = (column: string) => names.indexOf(column);
  const column = { email: at('email'), name: at('name'), newsletters: at('newsletters') };
  const when = at('subscribed_at');
  const consent = at('consent');
  if (column.email < 0) throw badRequest('subscribers.csv_no_email');
  const rows: ImportedRow[] = [];
  const refused: { line: number; reason: ImportRefusal }[] = [];
  for (const { record, info } of body) {
    const line = info.lines - breaksIn(record);
    const field = (i: number) => (i >= 0 ? (record[i] ?? '') : '');
    const email = field(column.email).toLowerCase();
    if (!EMAIL.safeParse(email).success) {
      refused.push({ line, reason: 'invalid_email' });
      continue;
    }
    const slugs = field(column.newsletters)
      .split(';')
      .map((slug) => slug.trim().toLowerCase())
      .filter(Boolean);
    const ids = slugs.map(idOfSlug);
    if (ids.length === 0 || ids.some((id) => id === undefined)) {
      refused.push({ line, reason: 'unknown_newsletter' });
      continue;
    }
    if (field(consent).toLowerCase() !== 'true') {
      refused.push({ line, reason: 'no_consent' });
      continue;
    }
    const given = new Date(field(when));
    rows.push({
      line,
      email,
      name: field(column.name).slice(0, 200),
      newsletterIds: [...new Set(ids as string[])],
      subscribedAt: Number.isNaN(given.getTime()) || given > now ? now : given,
    });
  }
  return { rows, refused };
}
