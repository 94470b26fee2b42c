import type { Db } from './client';
import { preparedHandle, usesNamedStatements } from './client';

/**
 * The hot reads of reading pages as prepared statements, made once per database handle: no SQL
 * is built per render. `make` builds the statement on the handle it runs on, under the name it
 * is given (`as`): on PostgreSQL, `name`, so PostgreSQL parses and plans it once per connection,
 * on connections of their own that keep its generic plan (db/client.ts `preparedHandle`); with
 * `DATABASE_PREPARED=0` (a pooler such as PgBouncer in transaction mode, where a connection's
 * named statements are not this client's), the empty name: an unnamed statement, parsed with
 * each run. Keyed by the handle, so tests' databases never share one.
 */
const preparedByDb = new WeakMap<Db, Map<string, unknown>>();
export function prepared<T>(db: Db, name: string, make: (on: Db, as: string) => T): T {
  const on = preparedHandle(db);
  let mine = preparedByDb.get(on);
  if (!mine) preparedByDb.set(on, (mine = new Map()));
  let found = mine.get(name) as T | undefined;
  if (!found) mine.set(name, (found = make(on, usesNamedStatements(on) ? name : '')));
  return found;
}
