/*
 * The rules a new migration keeps so that it never holds the readers of a large table for more
 * than a second (db/README.md "Migrations that never lock readers", issue 71 item 4). Checked by
 * tests/unit/migration-style.test.ts over every migration after the grandfathered ones.
 */
import { withoutComments } from '../db/migrate';

/**
 * Tables that grow with the archive or the audience: an index built on one of them plainly, or
 * a rewrite of it, stops its readers (or writers) for as long as it takes.
 */
export const LARGE_TABLES = [
  /^articles$/,
  /^article_/,
  /^comments$/,
  /^comment_/,
  /^audit_entries$/,
  /^analytics_/,
  /^events$/,
  /^media$/,
  /^live_entries$/,
  /_deliveries$/,
  /^push_subscriptions$/,
  /^users$/,
  /^user_sessions$/,
];

/** The newest migration of each folder before these rules: older ones are as they landed. */
export const GRANDFATHERED = { migrations: 62, 'migrations-postgres': 0 } as const;

const isLarge = (table: string) => LARGE_TABLES.some((re) => re.test(table));

/** Functions whose default PostgreSQL must compute per row: ADD COLUMN then rewrites the table. */
const VOLATILE =
  /\b(clock_timestamp|random|gen_random_uuid|uuid_generate_v[14]|nextval|timeofday)\s*\(|\b(small|big)?serial\b/i;

const name = String.raw`"?([\w$]+)"?(?:\s*\.\s*"?([\w$]+)"?)?`;
const tableOf = (m: RegExpExecArray, at: number) => (m[at + 1] ?? m[at])!.toLowerCase();

/** What is wrong with one migration's SQL, as sentences (none: it keeps the rules). */
export function styleProblems(sql: string): string[] {
  const text = withoutComments(sql);
  // Drizzle's breakpoints first (they are comments), then statements ending a line.
  const statements = sql
    .split('--> statement-breakpoint')
    .flatMap((chunk) => withoutComments(chunk).split(/;\s*(?=\n|$)/))
    .map((s) => s.trim())
    .filter(Boolean);
  const created = new Set(
    [
      ...text.matchAll(
        new RegExp(String.raw`\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?${name}`, 'gi'),
      ),
    ].map((m) => tableOf(m, 1)),
  );
  const problems: string[] = [];
  const concurrent = statements.some((s) => /\bCONCURRENTLY\b/i.test(s));
  for (const statement of statements) {
    const short = statement.replace(/\s+/g, ' ').slice(0, 120);
    const index = new RegExp(
      String.raw`^CREATE\s+(?:UNIQUE\s+)?INDEX\s+(CONCURRENTLY\s+)?(IF\s+NOT\s+EXISTS\s+)?\S+\s+ON\s+(?:ONLY\s+)?${name}`,
      'i',
    ).exec(statement);
    if (index) {
      const table = tableOf(index, 3);
      if (isLarge(table) && !created.has(table) && !index[1])
        problems.push(`a plain CREATE INDEX on ${table} (use CONCURRENTLY): ${short}`);
      if (index[1] && !index[2])
        problems.push(`CREATE INDEX CONCURRENTLY without IF NOT EXISTS: ${short}`);
    }
    if (/^DROP\s+INDEX\s+CONCURRENTLY\s+(?!IF\s+EXISTS)/i.test(statement))
      problems.push(`DROP INDEX CONCURRENTLY without IF EXISTS: ${short}`);
    if (
      concurrent &&
      !/^(CREATE\s+(UNIQUE\s+)?INDEX|DROP\s+INDEX)\s+CONCURRENTLY\b/i.test(statement)
    )
      problems.push(
        `a migration with CONCURRENTLY holds only concurrent index statements: ${short}`,
      );
    const alter = new RegExp(
      String.raw`^ALTER\s+TABLE\s+(?:ONLY\s+)?(?:IF\s+EXISTS\s+)?${name}\s+([\s\S]*)$`,
      'i',
    ).exec(statement);
    if (!alter) continue;
    const table = tableOf(alter, 1);
    if (!isLarge(table) || created.has(table)) continue;
    const action = alter[3]!;
    for (const column of action.split(/,\s*(?=ADD|ALTER|DROP)/i)) {
      if (/^ADD\s+(COLUMN\s+)?/i.test(column) && !/^ADD\s+CONSTRAINT/i.test(column)) {
        if (VOLATILE.test(column))
          problems.push(`ADD COLUMN on ${table} with a volatile default (a rewrite): ${short}`);
        if (/\bGENERATED\s+ALWAYS\s+AS\s*\(/i.test(column))
          problems.push(
            `ADD COLUMN on ${table} with a stored generated value (a rewrite): ${short}`,
          );
      }
      if (/^ALTER\s+(COLUMN\s+)?\S+\s+(SET\s+DATA\s+)?TYPE\b/i.test(column))
        problems.push(`ALTER COLUMN … TYPE on ${table} (a rewrite): ${short}`);
      if (
        /^ADD\s+CONSTRAINT\b[\s\S]*\b(FOREIGN\s+KEY|CHECK)\b/i.test(column) &&
        !/\bNOT\s+VALID\b/i.test(column)
      )
        problems.push(
          `a constraint on ${table} checked under lock (add it NOT VALID, then VALIDATE): ${short}`,
        );
    }
  }
  return problems;
}
