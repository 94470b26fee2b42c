/* The audit trail as CSV (RFC 4180), safe to open in a spreadsheet. */
import type { AuditEntry } from '../../../common/schemas/audit';
import { toCsv } from '../../lib/csv';

const HEADER = [
  'at',
  'actor_id',
  'actor_name',
  'action',
  'subject_kind',
  'subject_id',
  'subject_name',
  'ip',
  'user_agent',
  'details',
];

export function auditCsv(entries: AuditEntry[]): string {
  const rows = entries.map((e) => [
    e.at,
    e.actor?._id ?? '',
    e.actor?.name ?? '',
    e.action,
    e.subject.kind,
    e.subject.id,
    e.subject.name,
    e.ip,
    e.userAgent,
    JSON.stringify(e.details),
  ]);
  return toCsv(HEADER, rows);
}
