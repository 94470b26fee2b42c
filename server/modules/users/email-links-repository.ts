/*
 * Sign-in links by e-mail (issue 37 item 1). A link is found by its token's SHA-256, a code by
 * the newest open link of its address; using either is a compare-and-set on `usedAt` in the
 * transaction that finds or makes the reader, so two uses at once cannot both pass.
 */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { emailLinks, readerConsents } from '../../../db/schema/readers';
import { users } from '../../../db/schema/users';
import { freeSlugFor, userColumns, type UserRow } from './users-repository';

export interface EmailLinkRow {
  tokenHash: string;
  codeHash: string;
  email: string;
  next: string;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
}

export async function insertEmailLink(
  db: Db,
  values: Omit<EmailLinkRow, 'attempts' | 'usedAt'>,
  now: Date,
) {
  // Links that died a day ago go as new ones come (no job needed for a table this small).
  await db.delete(emailLinks).where(lt(emailLinks.expiresAt, new Date(now.getTime() - 86_400_000)));
  await db.insert(emailLinks).values({ ...values, createdAt: now });
}

export async function findEmailLink(db: Db, tokenHash: string) {
  const [row] = await db.select().from(emailLinks).where(eq(emailLinks.tokenHash, tokenHash));
  return row as EmailLinkRow | undefined;
}

/** The newest link of an address that is neither used nor expired: the one its code is for. */
export async function findOpenEmailLinkOf(db: Db, email: string, now: Date) {
  const [row] = await db
    .select()
    .from(emailLinks)
    .where(
      and(eq(emailLinks.email, email), isNull(emailLinks.usedAt), gt(emailLinks.expiresAt, now)),
    )
    .orderBy(desc(emailLinks.createdAt))
    .limit(1);
  return row as EmailLinkRow | undefined;
}

/** A wrong code: counted; the fifth spends the link. */
export async function countWrongCode(db: Db, tokenHash: string, maxAttempts: number, now: Date) {
  await db
    .update(emailLinks)
    .set({
      attempts: sql`${emailLinks.attempts} + 1`,
      usedAt: sql`CASE WHEN ${emailLinks.attempts} + 1 >= ${maxAttempts} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
    })
    .where(and(eq(emailLinks.tokenHash, tokenHash), isNull(emailLinks.usedAt)));
}

/**
 * Spends the link and answers its reader: the account with its address, or a new reader's
 * (named after the address, no password) with the consent given on the link's form. Undefined
 * when the link was used or expired meanwhile.
 */
export async function useEmailLink(
  db: Db,
  tokenHash: string,
  now: Date,
  consent: { textVersion: string },
): Promise<{ user: UserRow; next: string; created: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailLinks.tokenHash, tokenHash),
          isNull(emailLinks.usedAt),
          gt(emailLinks.expiresAt, now),
        ),
      )
      .returning({ email: emailLinks.email, next: emailLinks.next });
    if (!link) return undefined;
    const [existing] = await tx.select(userColumns).from(users).where(eq(users.email, link.email));
    // A link that came to the address proves it is theirs (issue 42: who may comment).
    const confirm = (id: string) =>
      tx
        .update(users)
        .set({ emailConfirmedAt: now })
        .where(and(eq(users.id, id), isNull(users.emailConfirmedAt)));
    if (existing) {
      await confirm(existing.id);
      return { user: existing as UserRow, next: link.next, created: false };
    }
    const name = link.email.split('@')[0] || link.email;
    const slug = await freeSlugFor(tx, name);
    const [made] = await tx
      .insert(users)
      .values({ name, email: link.email, role: 'reader', slug, passwordHash: null })
      .onConflictDoNothing()
      .returning(userColumns);
    // Someone made the account in between (a sign-up): the link signs that one in.
    const user =
      made ?? (await tx.select(userColumns).from(users).where(eq(users.email, link.email)))[0];
    if (!user) return undefined;
    await confirm(user.id);
    if (made)
      await tx.insert(readerConsents).values({
        userId: made.id,
        email: link.email,
        purpose: 'account',
        form: 'email-link',
        textVersion: consent.textVersion,
        givenAt: now,
      });
    return { user: user as UserRow, next: link.next, created: Boolean(made) };
  });
}
