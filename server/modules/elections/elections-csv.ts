/*
 * The CSV files an election's import takes (issue 69 item 1): parties, candidates, previous
 * results and results, each row checked against its kind's columns. `line` counts the header
 * as line 1, as a spreadsheet shows it; the first bad row refuses the whole file by its line.
 */
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { EciStateSchema, RESULT_STATUSES } from '../../../common/schemas/elections';
import { badRequest } from '../../lib/errors';

const text = z.string().trim().min(1).max(200);
const optionalText = z
  .string()
  .trim()
  .max(200)
  .transform((s) => s || undefined)
  .optional();
const count = z.coerce.number().int().min(0);
const seat = { state_code: EciStateSchema, pc_no: z.coerce.number().int().min(1) };

export const CSV_ROWS = {
  parties: z.object({
    abbreviation: text,
    name_en: text,
    name_hi: text,
    colour: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .default('#888888'),
    alliance: optionalText,
    alliance_hi: optionalText,
  }),
  candidates: z.object({
    ...seat,
    serial_no: z.coerce.number().int().min(1),
    candidate: text,
    candidate_hi: optionalText,
    party: text,
  }),
  previous: z.object({ ...seat, party: text, candidate: optionalText, margin: count.optional() }),
  results: z.object({
    ...seat,
    serial_no: z.coerce.number().int().min(1),
    votes: count,
    margin: count,
    round: count.default(0),
    status: z.enum(RESULT_STATUSES),
  }),
} as const;
export type CsvKind = keyof typeof CSV_ROWS;
export type CsvRow<K extends CsvKind> = z.infer<(typeof CSV_ROWS)[K]> & { line: number };

function records(csv: string) {
  try {
    return parse(csv, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    throw badRequest('election.import_unreadable', { line: typeof line === 'number' ? line : 1 });
  }
}

/** Every row of `csv` as its kind reads it, or a refusal naming the first bad line. */
export function readElectionCsv<K extends CsvKind>(kind: K, csv: string): CsvRow<K>[] {
  const [header, ...body] = records(csv);
  const names = (header?.record ?? []).map((name) => name.trim().toLowerCase());
  const schema = CSV_ROWS[kind];
  return body.map(({ record, info }) => {
    // Blank cells are absent columns, so a column's default applies.
    const cells = Object.fromEntries(
      names.flatMap((name, i) => (record[i] ? [[name, record[i]]] : [])),
    );
    const row = schema.safeParse(cells);
    if (!row.success)
      throw badRequest('election.import_row_invalid', {
        line: info.lines,
        column: String(row.error.issues[0]?.path[0] ?? 'a column'),
      });
    return { ...row.data, line: info.lines } as unknown as CsvRow<K>;
  });
}
