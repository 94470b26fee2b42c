/*
 * Invitations and password-reset links (issue 26 item 8). Links are found by the SHA-256 of
 * their token; using one is a compare-and-set on `usedAt`, in the same transaction as what it
 * does, so two uses at once cannot both pass.
 */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { passwordResets, userInvitations, users } from '../../../db/schema/users';
import { type Role } from '../../../common/roles';
import { freeSlugFor, updateUser, userColumns, type UserRow } from './users-repository';

/** What an invitation shows of itself: to whom, under which name and role, until when. */
const invitationColumns = {
  id: userInvitations.id,
  email: userInvitations.email,
  name: userInvitations.name,
  role: userInvitations.role,
  expiresAt: userInvitations.expiresAt,
};

/** Replaces any open invitation for this address with a new one. */
export async function insertInvitation(
  db: Db,
  values: {
    tokenHash: string;
    email: string;
    name: string;
    role: Role;
    invitedBy: string;
    expiresAt: Date;
  },
) {
  return db.transaction(async (tx) => {
    await tx
      .delete(userInvitations)
      .where(and(eq(userInvitations.email, values.email), isNull(userInvitations.usedAt)));
    const [row] = await tx.insert(userInvitations).values(values).returning(invitationColumns);
    return row as NonNullable<typeof row>;
  });
}

export async function findInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      ...invitationColumns,
      usedAt: userInvitations.usedAt,
    })
    .from(userInvitations)
    .where(eq(userInvitations.tokenHash, tokenHash));
  return row;
}

/**
 * Uses the open invitation `id` and creates its account, at once: undefined when the
 * invitation was used meanwhile, `taken` when an account with its address exists.
 */
export async function acceptInvitation(
  db: Db,
  invitation: { id: string; email: string; name: string; role: Role },
  passwordHash: string,
  now: Date,
): Promise<UserRow | 'taken' | undefined> {
  return db.transaction(async (tx) => {
    // As a sign-up does: under the lock, no second account of this address can slip in.
    await tx.execute(sql`LOCK TABLE ${users} IN SHARE ROW EXCLUSIVE MODE`);
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, invitation.email));
    if (existing) return 'taken' as const;
    const [used] = await tx
      .update(userInvitations)
      .set({ usedAt: now })
      .where(and(eq(userInvitations.id, invitation.id), isNull(userInvitations.usedAt)))
      .returning({ id: userInvitations.id });
    if (!used) return undefined;
    const [row] = await tx
      .insert(users)
      .values({
        name: invitation.name,
        email: invitation.email,
        role: invitation.role,
        passwordHash,
        slug: await freeSlugFor(tx, invitation.name),
      })
      .returning(userColumns);
    return row;
  });
}

/** Invitations not yet used, newest first (the administrators' list). */
export async function listOpenInvitations(db: Db, now: Date) {
  return db
    .select({
      ...invitationColumns,
      createdAt: userInvitations.createdAt,
    })
    .from(userInvitations)
    .where(and(isNull(userInvitations.usedAt), gt(userInvitations.expiresAt, now)))
    .orderBy(desc(userInvitations.createdAt), desc(userInvitations.id));
}

export async function insertPasswordReset(
  db: Db,
  values: { tokenHash: string; userId: string; expiresAt: Date },
  now: Date,
) {
  // Links that died long ago go as new ones come (no job needed for a table this small).
  await db
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, new Date(now.getTime() - 86_400_000)));
  await db.insert(passwordResets).values(values);
}

export async function findPasswordReset(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      userId: passwordResets.userId,
      expiresAt: passwordResets.expiresAt,
      usedAt: passwordResets.usedAt,
    })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash));
  return row;
}

/**
 * Uses the reset link and sets the password (ending every session and the other open links)
 * at once; undefined when the link was used or expired meanwhile (a password set elsewhere
 * expires it: updateUser).
 */
export async function usePasswordReset(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) return undefined;
    return updateUser(tx, used.userId, { passwordHash, bumpTokenVersion: true });
  });
}
