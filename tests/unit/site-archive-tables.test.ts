/*
 * The site archive carries every table, or says why not (server/modules/archive/
 * site-archive-tables.ts `LEFT_OUT`): a table added to the schema and to neither list fails here,
 * so a moved site never loses a new kind of data unnoticed (before stop 64 the archive left out
 * readers' comments, subscribers, consents, members and corrections without a word).
 */
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../scripts/build-state';
import { LEFT_OUT, TABLES } from '../../server/modules/archive/site-archive-tables';

it('names every table of the schema once: archived, or left out with its reason', async () => {
  const schema = join(ROOT, 'db', 'schema');
  const all = new Set<string>();
  for (const file of readdirSync(schema).filter((f) => f.endsWith('.ts'))) {
    const module = (await import(join(schema, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) if (is(value, PgTable)) all.add(getTableName(value));
  }
  const archived = TABLES.map((t) => getTableName(t));
  const leftOut = Object.keys(LEFT_OUT);
  expect(archived.filter((name) => leftOut.includes(name))).toEqual([]);
  expect(new Set(archived).size).toBe(archived.length);
  const named = new Set([...archived, ...leftOut]);
  expect([...all].filter((name) => !named.has(name)).sort()).toEqual([]);
  expect([...named].filter((name) => !all.has(name)).sort()).toEqual([]);
});
