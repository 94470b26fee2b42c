import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userInvitations, users } from '../../../db/schema/users';
import { freeSlugFor } from './users-repository';

/*
 * The users module's door for moving people in and out: the WordPress import and the site
 * archive write `users` only through here, inside the caller's transaction. Password hashes
 * never leave through it (the archive carries none; DECISIONS.md §15).
 */

/*
 * Invitations travel with the site: an open one is someone the desk is waiting for, and their
 * mailed link must still work on the restored site (only its token's hash is kept, which opens
 * nothing by itself). Password-reset links (`password_resets`) and sessions
 * (`user_sessions`) stay out: they are short-lived credentials about this site's sessions, and
 * an archive carries no way into an account, as it carries no password hash.
 */
export const USER_TABLES = [users, userInvitations] as const;

/** A user row as the archive carries it: without the password hash. */
export function withoutPassword<T extends Record<string, unknown>>(row: T): T {
  const { passwordHash: _dropped, ...rest } = row;
  return rest as T;
}

/**
 * The account with this e-mail, or a new author with no password (who signs in once an
 * administrator has set one: PUT /api/users/{id}/password).
 */
export async function findOrCreateAuthor(
  tx: Db,
  values: { name: string; email: string; createdAt?: Date },
): Promise<{ id: string; created: boolean }> {
  const email = values.email.toLowerCase();
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return { id: existing.id, created: false };
  const [row] = await tx
    .insert(users)
    .values({
      name: values.name,
      email,
      slug: await freeSlugFor(tx, values.name),
      passwordHash: null,
      role: 'author',
      ...(values.createdAt ? { createdAt: values.createdAt, updatedAt: values.createdAt } : {}),
    })
    .returning({ id: users.id });
  return { id: (row as { id: string }).id, created: true };
}

export async function userExists(tx: Db, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}
