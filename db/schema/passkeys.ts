import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, ownedBy, timestamps } from './columns';
import { users } from './users';

/**
 * Passkeys (WebAuthn; issue 40 item 2, docs/decisions/052c): several per person, each named.
 * `credentialId` and `publicKey` are base64url as @simplewebauthn/server gives them; the public
 * key is no secret (it only checks signatures). `counter` is the authenticator's signature count
 * (0 for most passkeys, which do not count); `transports` the browser's hints for a later
 * sign-in. Rows go with their person.
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: id(),
    userId: ownedBy(() => users.id),
    name: text().notNull(),
    credentialId: text().notNull().unique(),
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array().notNull().default([]),
    backedUp: boolean().notNull().default(false),
    lastUsedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('user_passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges waiting for their answer, kept in the database (not one process's memory)
 * so any process can check the answer: each is used once (deleted when checked) and ends at
 * `expiresAt`. `purpose` is what the answer may do: `register` (a person adding a passkey: their
 * id), `signin` (anyone, a discoverable passkey) or `second-step` (the person whose password was
 * right: their id).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text().primaryKey(),
    purpose: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
