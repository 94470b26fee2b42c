import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownedBy, timestamps } from './columns';
import { users } from './users';

/**
 * Authenticator codes (TOTP, RFC 6238; issue 40 item 1, docs/decisions/052b): one row per
 * person who began setting them up. `secret` is sealed with SECRETS_KEY (server/lib/secret-box.ts),
 * never the plain base32 text, so a leaked table or backup holds no usable secret. A row without
 * `enabledAt` is a set-up not yet confirmed by a code: it is no second factor, and a new set-up
 * replaces it. `lastStep` is the time step of the last code accepted: the same code (or an
 * older one) is never accepted twice (RFC 6238 §5.2).
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  enabledAt: timestamp({ withTimezone: true, mode: 'date' }),
  lastStep: integer(),
  createdAt: timestamps.createdAt,
});

/**
 * Recovery codes (issue 40 item 1): ten made when authenticator codes are turned on, shown
 * once; only their SHA-256 is kept (each is 50 random bits, so no slow hash is needed against a
 * leaked table: the sign-in limits bound guesses online). Each works once (`usedAt`); turning
 * codes off or on again replaces them all.
 */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownedBy(() => users.id),
    codeHash: text().notNull().unique(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);
