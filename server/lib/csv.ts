/*
 * CSV (RFC 4180) that is safe to open in a spreadsheet: the one encoder of every `format=csv`
 * answer (the audit trail, the analytics reports).
 */

/**
 * One field. A text a spreadsheet would run as a formula (=, +, -, @, tab or CR first) gets a
 * leading apostrophe, OWASP's CSV injection advice: a name is data, never a formula. Quoted when
 * it must be (a quote, comma or line break) and when it was defused, so the apostrophe reads as
 * part of the text. Numbers are written as they are.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe !== value || /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A header line and the rows, each line ended by CRLF. */
export const toCsv = (header: readonly string[], rows: (string | number | null)[][]) =>
  [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
