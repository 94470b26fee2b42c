/*
 * Refusals of the election results desk (issue 69, DECISIONS.md §32): elections, imports of
 * seats, candidates and results (a bad line names its number; nothing of the file is kept) and
 * the desk's saves, where an older save never hides a colleague's newer one.
 */
import type { Entry } from './define';

export const ELECTIONS = {
  'election.not_found': { status: 404, en: 'No such election.' },
  'election.slug_taken': { status: 409, en: 'Another election has this address.' },
  'election.seat_not_found': { status: 404, en: 'No such seat in this election.' },
  'election.candidate_not_in_seat': {
    status: 400,
    en: 'The leader must be a candidate standing in this seat.',
  },
  'election.result_stale': {
    status: 409,
    en: 'Someone saved a newer result for this seat; check their figures, then save again.',
  },
  'election.key_contest_unknown': {
    status: 400,
    en: 'A key contest must be a seat of this election.',
  },
  'election.import_unreadable': {
    status: 400,
    en: (p: { line: number }) => `The file cannot be read at line ${p.line}. Nothing was imported.`,
  },
  'election.import_row_invalid': {
    status: 400,
    en: (p: { line: number; column: string }) =>
      `Line ${p.line}: ${p.column} is missing or wrong. Nothing was imported.`,
  },
  'election.import_unknown_seat': {
    status: 400,
    en: (p: { line: number }) =>
      `Line ${p.line} names a seat this election does not have. Nothing was imported.`,
  },
  'election.import_unknown_candidate': {
    status: 400,
    en: (p: { line: number }) =>
      `Line ${p.line} names a candidate this seat does not have. Nothing was imported.`,
  },
  'election.import_shapes_invalid': {
    status: 400,
    en: (p: { line: number }) =>
      `Constituency ${p.line} of the GeoJSON lacks its state, number, name or shape. Nothing was imported.`,
  },
  'election.rehearsal_of_rehearsal': {
    status: 400,
    en: 'A rehearsal is replayed from a real election, not from another rehearsal.',
  },
  'election.rehearsal_no_results': {
    status: 400,
    en: 'This election has no results to replay yet.',
  },
  'election.not_rehearsal': { status: 400, en: 'This election is not a rehearsal.' },
} as const satisfies Record<string, Entry>;
