import { integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { ROLES } from '../../common/roles';
import { id, timestamps } from './columns';

export const roleEnum = pgEnum('user_role', ROLES);

export const users = pgTable('users', {
  id: id(),
  name: text().notNull(),
  /** Stored lower-cased, so the unique constraint is case-insensitive. */
  email: text().notNull().unique(),
  /**
   * argon2id hash; null for an account that has never had a password (authors brought in by
   * the WordPress import): it cannot sign in until an administrator sets one.
   */
  passwordHash: text(),
  role: roleEnum().notNull().default('reader'),
  /** Bumped on a password change; tokens carry it and die with it. */
  tokenVersion: integer().notNull().default(0),
  ...timestamps,
});
