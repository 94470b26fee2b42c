import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { passwordResets, revokedTokens, userInvitations, users } from '../../../db/schema/users';
import { hasRole, ROLES, type Role } from '../../../common/roles';
import { slugify } from '../../../common/slug';

export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  slug: users.slug,
  bio: users.bio,
  photoUrl: users.photoUrl,
  tokenVersion: users.tokenVersion,
  reviewMail: users.reviewMail,
  uiLanguage: users.uiLanguage,
  createdAt: users.createdAt,
};
export type UserRow = {
  id: string;
  name: string;
  email: string;
  role: Role;
  slug: string;
  bio: string;
  photoUrl: string;
  tokenVersion: number;
  reviewMail: boolean;
  uiLanguage: string | null;
  createdAt: Date;
};

/** A slug no one chose yet (db/schema/users.ts): outside SLUG_PATTERN, replaced at start-up. */
export const PLACEHOLDER_SLUG_PREFIX = '_';

export async function slugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.slug, slug), ne(users.id, exceptId)) : eq(users.slug, slug));
  return row !== undefined;
}

/** A free slug made from a name ("राम शर्मा" -> "ram-sharma", then "ram-sharma-2"…). */
export async function freeSlugFor(db: Db, name: string, exceptId?: string): Promise<string> {
  const base = slugify(name) || 'author';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(db, candidate, exceptId))) return candidate;
  }
}

export async function findUserBySlug(db: Db, slug: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.slug, slug));
  return row;
}

/** Users still on a placeholder slug (written before slugs existed, or by an older archive). */
export async function listUsersWithoutSlug(db: Db) {
  return (
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      // Not LIKE: "_" is its one-character wildcard.
      .where(sql`left(${users.slug}, 1) = ${PLACEHOLDER_SLUG_PREFIX}`)
      .orderBy(asc(users.createdAt), asc(users.id))
  );
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Whether the token with this hash was ended by a sign-out (and has not expired since). */
export async function isTokenRevoked(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: revokedTokens.tokenHash })
    .from(revokedTokens)
    .where(and(eq(revokedTokens.tokenHash, tokenHash), gt(revokedTokens.expiresAt, now)));
  return row !== undefined;
}

/** Ends one token until it expires; rows of tokens that expired anyway are dropped. */
export async function revokeToken(db: Db, tokenHash: string, expiresAt: Date, now: Date) {
  await db.insert(revokedTokens).values({ tokenHash, expiresAt }).onConflictDoNothing();
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
}

export async function findUserWithHashByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

export async function findPasswordHash(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id));
  return row?.passwordHash ?? undefined;
}

/**
 * Creates a user; the first one on a site where no account can sign in becomes administrator:
 * an empty site, or one whose only accounts are writers without a password (the demo's, or
 * authors a WordPress import brought in). The table lock makes two simultaneous first sign-ups
 * take turns, so there is exactly one first.
 */
export async function insertUserFirstIsAdmin(
  db: Db,
  values: { name: string; email: string; passwordHash: string },
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE ${users} IN SHARE ROW EXCLUSIVE MODE`);
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, values.email));
    if (existing) return undefined;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(users)
      .where(isNotNull(users.passwordHash));
    const role: Role = Number(n) === 0 ? 'administrator' : 'reader';
    // Under the lock, so two people of one name cannot both take the same slug.
    const slug = await freeSlugFor(tx, values.name);
    const [row] = await tx
      .insert(users)
      .values({ ...values, role, slug })
      .returning(userColumns);
    return row;
  });
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<{
    name: string;
    slug: string;
    bio: string;
    photoUrl: string;
    passwordHash: string;
    role: Role;
    reviewMail: boolean;
    uiLanguage: string | null;
    bumpTokenVersion: boolean;
  }>,
): Promise<UserRow | undefined> {
  const { bumpTokenVersion, ...rest } = values;
  // A new token version means new credentials (a password set any way, or every session
  // ended): an open reset link asked for before it must not set another password afterwards,
  // so it expires with the sessions (issue 44 item 2). A link asked for later is unaffected.
  if (bumpTokenVersion) await expireOpenPasswordResets(db, id, new Date());
  const [row] = await db
    .update(users)
    .set({
      ...rest,
      ...(bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning(userColumns);
  return row;
}

/**
 * Changes a role unless that would leave the site without an administrator; the check and the
 * change happen under one lock so two demotions cannot both pass.
 */
export async function changeRoleKeepingAnAdmin(
  db: Db,
  id: string,
  role: Role,
): Promise<{ row?: UserRow; lastAdmin?: true }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE ${users} IN SHARE ROW EXCLUSIVE MODE`);
    const [current] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id));
    if (!current) return {};
    if (current.role === 'administrator' && role !== 'administrator') {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(users)
        .where(eq(users.role, 'administrator'));
      if (Number(n) <= 1) return { lastAdmin: true };
    }
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning(userColumns);
    return { row };
  });
}

export async function listUsers(db: Db, opts: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(users),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function listUsersWithRoles(db: Db, roles: Role[]) {
  return db
    .select({
      id: users.id,
      name: users.name,
      slug: users.slug,
      bio: users.bio,
      photoUrl: users.photoUrl,
    })
    .from(users)
    .where(inArray(users.role, roles))
    .orderBy(asc(users.name), asc(users.id));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/*
 * Invitations and password-reset links (issue 26 item 8). Links are found by the SHA-256 of
 * their token; using one is a compare-and-set on `usedAt`, in the same transaction as what it
 * does, so two uses at once cannot both pass.
 */

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
    const [row] = await tx.insert(userInvitations).values(values).returning({
      id: userInvitations.id,
      email: userInvitations.email,
      name: userInvitations.name,
      role: userInvitations.role,
      expiresAt: userInvitations.expiresAt,
    });
    return row as NonNullable<typeof row>;
  });
}

export async function findInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: userInvitations.id,
      email: userInvitations.email,
      name: userInvitations.name,
      role: userInvitations.role,
      expiresAt: userInvitations.expiresAt,
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
      id: userInvitations.id,
      email: userInvitations.email,
      name: userInvitations.name,
      role: userInvitations.role,
      expiresAt: userInvitations.expiresAt,
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

/** Every open reset link of the user expires now (used and expired ones stay as they are). */
async function expireOpenPasswordResets(db: Db, userId: string, now: Date) {
  await db
    .update(passwordResets)
    .set({ expiresAt: now })
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
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

/** The roles that review: editor and up, by the one role order (common/roles.ts). */
const REVIEWER_ROLES = ROLES.filter((role) => hasRole(role, 'editor'));

/** Who hears of review moves: editors and administrators who did not turn the mail off. */
export async function listReviewMailEditors(db: Db) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.role, REVIEWER_ROLES), eq(users.reviewMail, true)))
    .orderBy(asc(users.id));
}

export async function findMailContact(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, reviewMail: users.reviewMail })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
