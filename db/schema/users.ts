import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../common/roles';
import { id, mediaFoldersIn, timestamps, ownedBy } from './columns';

export const roleEnum = pgEnum('user_role', ROLES);

export const users = pgTable(
  'users',
  {
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
    /**
     * The author page's address, /author/{slug} (issue 12 item 3). A row written without one (the
     * migration's existing users, an older archive) gets a placeholder that no valid slug can be
     * (`_` is outside SLUG_PATTERN); the users service replaces placeholders at start-up.
     */
    slug: text()
      .notNull()
      .unique()
      .default(sql`('_' || gen_random_uuid()::text)`),
    /** Plain text shown on the author page. */
    bio: text().notNull().default(''),
    /** The author's photo: an upload on this site or an https address; empty for none. */
    photoUrl: text().notNull().default(''),
    /** Bumped on a password change; tokens carry it and die with it. */
    tokenVersion: integer().notNull().default(0),
    /**
     * Whether the review mail reaches this user (issue 26 item 8): editors hear of a piece
     * submitted, authors of a piece sent back or published. Turned off on /profile.
     */
    reviewMail: boolean().notNull().default(true),
    /**
     * The back office's language this user chose on /profile (issue 36 item 8): one of
     * STAFF_LANGUAGES (common/languages.ts). Null: the site's interface language (`uiLanguage`).
     */
    uiLanguage: text(),
    /**
     * When the person proved the address is theirs (issue 42: readers with a confirmed address
     * comment): signing in by an e-mail link sets it. Null: never proved.
     */
    emailConfirmedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * Whether a reply to one of this person's comments reaches them by mail (issue 42 item 4,
     * `PUT /api/me/notifications`); off until they opt in.
     */
    commentReplyMail: boolean().notNull().default(false),
    ...timestamps,
  },
  // A photo that is an upload here keeps that upload (issue 44 item 5).
  (t) => [index('users_photo_media_folders_idx').using('gin', mediaFoldersIn(t.photoUrl))],
);

/** The upload folders a person's photo address names (indexed: users_photo_media_folders_idx). */
export const userPhotoMediaFolders = mediaFoldersIn(users.photoUrl);

/**
 * Sessions as rows (issue 40 item 5, docs/decisions/052): every sign-in makes one, and its id
 * is the token's `jti`. A token is honoured only while its row is there, so ending a session
 * (a sign-out, a person ending it from their list, an administrator ending all of someone's)
 * is deleting the row, and its token answers 401 on its next call. Rows past `expiresAt` are
 * dropped when their user next signs in. Replaces `revoked_tokens` (docs/decisions/014).
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownedBy(() => users.id),
    /** The browser's User-Agent at sign-in (cut to USER_AGENT_MAX), to tell sessions apart. */
    userAgent: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Moved forward at most every few minutes by the calls the session makes. */
    lastSeenAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When its token expires anyway (TOKEN_LIFETIME_SECONDS after sign-in). */
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

/**
 * Invitations to join the staff (issue 26 item 8): an administrator names the person and their
 * role, and a link carrying a random token goes to them by e-mail. Only the token's SHA-256 is
 * kept, so the table (or a backup) holds no usable link. A link works once (`usedAt`) until
 * `expiresAt`; inviting the same address again replaces the open invitation.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    /** Lower-cased, as users' e-mails are. */
    email: text().notNull(),
    name: text().notNull(),
    role: roleEnum().notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('user_invitations_email_idx').on(t.email)],
);

/**
 * Password-reset links (issue 26 item 8): the SHA-256 of a random token, for one user, usable
 * once within a short time. A new request does not end earlier links; each dies by itself.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text().primaryKey(),
    userId: ownedBy(() => users.id),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
