/*
 * The administrators' list of users, newest first, one address's person when asked for (the
 * members screen finds whom to give a membership by e-mail), and how many there are.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tally, type Tally } from '../../../db/counts';
import { users } from '../../../db/schema/users';
import { userColumns } from './users-repository';

export async function listUsers(db: Db, opts: { limit: number; offset: number; email?: string }) {
  // Addresses are kept in lower case (common/schemas/users.ts), as the filter comes.
  const where = opts.email ? eq(users.email, opts.email) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(opts.limit)
      .offset(opts.offset),
    tally(db, users, where),
  ]);
  return { rows, total: total.n, estimated: !total.exact };
}

/**
 * Everyone with an account: readers too, who may be millions. Exact up to EXACT_COUNT_UP_TO,
 * the planner's estimate past it (db/counts.ts, issue 71 item 3).
 */
export function countUsers(db: Db): Promise<Tally> {
  return tally(db, users, undefined);
}
