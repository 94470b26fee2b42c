import { and, asc, count, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { passwordResets, userSessions, users } from '../../../db/schema/users';
import { type Role } from '../../../common/roles';
import { slugify, slugTry } from '../../../common/slug';

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
    const candidate = slugTry(base, n);
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

export async function findUserWithHashByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

/** Whether an account's address equals this one but for capitals (SQL `lower` on both). */
export async function emailTakenIgnoringCase(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row !== undefined;
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
  /** With bumpTokenVersion: the one session that goes on (the person who changed it). */
  keepSession?: string,
): Promise<UserRow | undefined> {
  const { bumpTokenVersion, ...rest } = values;
  // A new token version means new credentials (a password set any way, or every session
  // ended): an open reset link asked for before it must not set another password afterwards,
  // so it expires with the sessions (issue 44 item 2). A link asked for later is unaffected.
  // New credentials end every other session too (issue 40 item 5).
  if (bumpTokenVersion) {
    await expireOpenPasswordResets(db, id, new Date());
    await deleteSessionsOf(db, id, keepSession);
  }
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

/**
 * Accounts that can sign in (a password set): none, and the next sign-up is the administrator
 * (insertUserFirstIsAdmin); the demo's writers have none.
 */
export async function countAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(isNotNull(users.passwordHash));
  return Number(row?.n ?? 0);
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
/** Ends every session of the user but `keep` (none kept when it is left out); how many ended. */
export async function deleteSessionsOf(db: Db, userId: string, keep?: string): Promise<number> {
  const rows = await db
    .delete(userSessions)
    .where(
      keep
        ? and(eq(userSessions.userId, userId), ne(userSessions.id, keep))
        : eq(userSessions.userId, userId),
    )
    .returning({ id: userSessions.id });
  return rows.length;
}

/**
 * Deletes an account unless it is the site's last administrator; the check and the delete
 * happen under the lock `changeRoleKeepingAnAdmin` takes, so two cannot both pass. What is the
 * person's own goes with the row (sessions, follows, consents: ON DELETE CASCADE); what they
 * wrote stays, without them (SET NULL).
 */
export async function deleteUserKeepingAnAdmin(
  db: Db,
  id: string,
): Promise<{ deleted: boolean; lastAdmin?: true }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE ${users} IN SHARE ROW EXCLUSIVE MODE`);
    const [current] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id));
    if (!current) return { deleted: false };
    if (current.role === 'administrator') {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(users)
        .where(eq(users.role, 'administrator'));
      if (Number(n) <= 1) return { deleted: false, lastAdmin: true };
    }
    await tx.delete(users).where(eq(users.id, id));
    return { deleted: true };
  });
}
