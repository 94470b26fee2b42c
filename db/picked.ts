import { sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `column = any(array(picked))`: the rows an UPDATE leases, as picked by a `LIMIT … FOR UPDATE
 * SKIP LOCKED` subquery. Written `column in (picked)`, PostgreSQL may plan the subquery as the
 * inner side of a join that runs it more than once in the statement, and a later run picks
 * other rows: a lease of 10 newsletter rows took 17 to 23 at times (a kill -9 then repeated all
 * of them). `ARRAY(subquery)` is an InitPlan: it runs once, so the limit holds.
 */
export const amongPicked = (column: Column, picked: SQLWrapper): SQL =>
  sql`${column} = any(array(${picked}))`;
