/* Whom the site writes to among its staff: review mail, administrators' notices (users module). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema/users';
import { hasRole, ROLES } from '../../../common/roles';

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

/** The administrators' mail contacts: who hears of what only they can mend (a webhook off). */
export async function listAdministratorContacts(db: Db) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, 'administrator'))
    .orderBy(asc(users.id));
}

/** A person's name and address, and whether they take the review mail. */
export async function findMailContact(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, reviewMail: users.reviewMail })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
