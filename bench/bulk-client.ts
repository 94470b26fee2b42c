/*
 * What the scale bench's bulk statements (bench/scale-data.ts, scale-texts.ts) need of a
 * connection: pg's Client on PostgreSQL, or the embedded engine's PGlite through pgliteBulk.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export interface BulkClient {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: R[] }>;
}

/**
 * PGlite as a BulkClient. With values, one statement by the extended protocol, as pg sends it;
 * without, the text may hold several statements (pg's simple protocol, PGlite's `exec`), and
 * the last one's rows are the answer.
 */
export function pgliteBulk(pglite: PGlite): BulkClient {
  return {
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      if (values) return pglite.query<R>(text, values);
      const results = await pglite.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as R[] };
    },
  };
}
