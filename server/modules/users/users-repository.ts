import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { revokedTokens, users } from '../../../db/schema/users';
import type { Role } from '../../../common/roles';
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
    bumpTokenVersion: boolean;
  }>,
): Promise<UserRow | undefined> {
  const { bumpTokenVersion, ...rest } = values;
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
