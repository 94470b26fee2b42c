import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { readerDeleteCodes } from '../../../db/schema/readers';

/* The mailed codes that delete an account (issue 37 item 6): one open code per reader. */

export async function storeDeleteCode(db: Db, userId: string, codeHash: string, expiresAt: Date) {
  await db
    .insert(readerDeleteCodes)
    .values({ userId, codeHash, expiresAt, failures: 0 })
    .onConflictDoUpdate({
      target: readerDeleteCodes.userId,
      set: { codeHash, expiresAt, failures: 0 },
    });
}

/**
 * Uses the reader's code if `codeHash` is it, unexpired and not worn out by wrong tries: the
 * row goes (single use) and the answer is true. A wrong code counts a failure.
 */
export async function useDeleteCode(
  db: Db,
  opts: { userId: string; codeHash: string; now: Date; maxFailures: number },
): Promise<boolean> {
  const used = await db
    .delete(readerDeleteCodes)
    .where(
      and(
        eq(readerDeleteCodes.userId, opts.userId),
        eq(readerDeleteCodes.codeHash, opts.codeHash),
        gt(readerDeleteCodes.expiresAt, opts.now),
        lt(readerDeleteCodes.failures, opts.maxFailures),
      ),
    )
    .returning({ userId: readerDeleteCodes.userId });
  if (used.length > 0) return true;
  await db
    .update(readerDeleteCodes)
    .set({ failures: sql`${readerDeleteCodes.failures} + 1` })
    .where(eq(readerDeleteCodes.userId, opts.userId));
  return false;
}
