import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * Tokens ended by a sign-out before their expiry (docs/decisions/014): the SHA-256 of the
 * token, kept until the token would have expired anyway.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tokenHash: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index().on(table.expiresAt)],
);
