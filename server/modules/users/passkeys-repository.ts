/* Passkeys and their waiting challenges (db/schema/passkeys.ts, docs/decisions/052c). */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userPasskeys, webauthnChallenges } from '../../../db/schema/passkeys';

export type ChallengePurpose = 'register' | 'signin' | 'second-step';

/** Keeps a new challenge until `expiresAt`; drops the expired ones while at it. */
export async function keepChallenge(
  db: Db,
  values: { challenge: string; purpose: ChallengePurpose; userId: string | null; expiresAt: Date },
  now: Date,
) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values(values);
}

/**
 * Uses a challenge once: true when it was kept for this purpose (and person), unexpired; it is
 * gone afterwards either way, so an answer can never be replayed.
 */
export async function useChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(eq(webauthnChallenges.challenge, challenge))
    .returning({
      purpose: webauthnChallenges.purpose,
      userId: webauthnChallenges.userId,
      expiresAt: webauthnChallenges.expiresAt,
    });
  return (
    row !== undefined &&
    row.purpose === purpose &&
    row.userId === userId &&
    row.expiresAt.getTime() > now.getTime()
  );
}

const passkeyColumns = {
  id: userPasskeys.id,
  userId: userPasskeys.userId,
  name: userPasskeys.name,
  credentialId: userPasskeys.credentialId,
  publicKey: userPasskeys.publicKey,
  counter: userPasskeys.counter,
  transports: userPasskeys.transports,
  createdAt: userPasskeys.createdAt,
  lastUsedAt: userPasskeys.lastUsedAt,
};
export type PasskeyRow = Awaited<ReturnType<typeof listPasskeys>>[number];

/** The person's passkeys, the oldest first. */
export async function listPasskeys(db: Db, userId: string) {
  return db
    .select(passkeyColumns)
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .orderBy(asc(userPasskeys.createdAt), asc(userPasskeys.id));
}

/** The passkey with this credential id (anyone's), or undefined. */
export async function findPasskeyByCredential(db: Db, credentialId: string) {
  const [row] = await db
    .select(passkeyColumns)
    .from(userPasskeys)
    .where(eq(userPasskeys.credentialId, credentialId));
  return row;
}

/** Keeps a new passkey; undefined when that credential is registered already. */
export async function insertPasskey(db: Db, values: typeof userPasskeys.$inferInsert) {
  const [row] = await db
    .insert(userPasskeys)
    .values(values)
    .onConflictDoNothing({ target: userPasskeys.credentialId })
    .returning(passkeyColumns);
  return row;
}

/** Records a passkey's use: its signature count and when. */
export async function passkeyUsed(db: Db, id: string, counter: number, at: Date) {
  await db.update(userPasskeys).set({ counter, lastUsedAt: at }).where(eq(userPasskeys.id, id));
}

/** Removes one of the person's passkeys; its name, or undefined when they have no such one. */
export async function deletePasskey(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.userId, userId), eq(userPasskeys.id, id)))
    .returning({ name: userPasskeys.name });
  return row?.name;
}

/** Removes the person's passkeys added at `since` or later; how many. */
export async function deletePasskeysAddedSince(db: Db, userId: string, since: Date) {
  const rows = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.userId, userId), gte(userPasskeys.createdAt, since)))
    .returning({ id: userPasskeys.id });
  return rows.length;
}

/** Whether the person has a passkey. */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .limit(1);
  return row !== undefined;
}
