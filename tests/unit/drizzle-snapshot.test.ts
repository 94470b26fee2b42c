/*
 * `npm run db:generate` (drizzle-kit) writes a migration from what changed between db/schema and
 * the newest snapshot in db/migrations/meta. A migration written without it leaves the snapshot
 * behind, and the next `db:generate` then proposes again what already exists (or stops to ask
 * about renames). So the newest snapshot must be the schema as it is: write migrations with
 * `npm run db:generate` (`-- --custom` for SQL drizzle cannot express), never the SQL alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SCHEMA = join(ROOT, 'db/schema');
const META = join(ROOT, 'db/migrations/meta');

it('the newest Drizzle snapshot is the schema as it is (db:generate finds nothing to do)', async () => {
  const schema: Record<string, unknown> = {};
  for (const file of readdirSync(SCHEMA).filter((f) => f.endsWith('.ts')))
    Object.assign(schema, await import(join(SCHEMA, file)));
  const newest = readdirSync(META)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort()
    .at(-1)!;
  const snapshot = JSON.parse(readFileSync(join(META, newest), 'utf8')) as Parameters<
    typeof generateMigration
  >[0];
  const current = generateDrizzleJson(schema, snapshot.id, undefined, 'snake_case');
  expect(await generateMigration(snapshot, current), `db/schema differs from ${newest}`).toEqual(
    [],
  );
});
