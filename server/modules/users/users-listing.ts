/*
 * The administrators' list of users, newest first, one address's person when asked for (the
 * members screen finds whom to give a membership by e-mail), and how many there are.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema/users';
import { userColumns } from './users-repository';

export async function listUsers(db: Db, opts: { limit: number; offset: number; email?: string }) {
  // Addresses are kept in lower case (common/schemas/users.ts), as the filter comes.
  const where = opts.email ? eq(users.email, opts.email) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}
