/* Authenticator secrets and recovery codes (db/schema/second-factors.ts, docs/decisions/052b). */
import { and, count, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userRecoveryCodes, userTotp } from '../../../db/schema/second-factors';

/** The person's authenticator row: sealed secret, whether it is on, the last step used. */
export async function findTotp(db: Db, userId: string) {
  const [row] = await db
    .select({ secret: userTotp.secret, enabledAt: userTotp.enabledAt, lastStep: userTotp.lastStep })
    .from(userTotp)
    .where(eq(userTotp.userId, userId));
  return row;
}

/** A set-up waiting for its first code; replaces an earlier one that never was confirmed. */
export async function startTotp(db: Db, userId: string, sealed: string): Promise<boolean> {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret: sealed, lastStep: null, createdAt: new Date() },
      // A confirmed secret is never replaced here: turning it off comes first.
      setWhere: isNull(userTotp.enabledAt),
    })
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/**
 * Accepts a code's time step once: true when `step` is later than the last one accepted (so
 * a code seen by someone looking over a shoulder cannot be used again), and records it.
 */
export async function useStep(
  db: Db,
  userId: string,
  step: number,
  enable?: { at: Date; recoveryHashes: string[] },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ lastStep: userTotp.lastStep })
      .from(userTotp)
      .where(eq(userTotp.userId, userId))
      .for('update');
    if (!row || (row.lastStep !== null && step <= row.lastStep)) return false;
    await tx
      .update(userTotp)
      .set({ lastStep: step, ...(enable ? { enabledAt: enable.at } : {}) })
      .where(eq(userTotp.userId, userId));
    if (enable) {
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await tx
        .insert(userRecoveryCodes)
        .values(enable.recoveryHashes.map((codeHash) => ({ userId, codeHash })));
    }
    return true;
  });
}

/** Uses one recovery code of the person: true once, false ever after (or for a wrong one). */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, at: Date) {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

/** How many unused recovery codes the person has left. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Turns authenticator codes off: the secret and every recovery code go. */
export async function removeTotp(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx.delete(userTotp).where(eq(userTotp.userId, userId));
  });
}

/** Turns codes off when they were turned on at `since` or later; whether they were. */
export async function removeTotpEnabledSince(db: Db, userId: string, since: Date) {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(userTotp)
      .where(and(eq(userTotp.userId, userId), gte(userTotp.enabledAt, since)))
      .returning({ userId: userTotp.userId });
    if (gone.length === 0) return false;
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    return true;
  });
}

/** Whether the person has a second factor on (a confirmed authenticator). */
export async function hasTotp(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)));
  return row !== undefined;
}
