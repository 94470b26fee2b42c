import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, ownedBy } from './columns';
import { articles } from './content';
import { editions } from './editions';
import { users } from './users';

/*
 * Readers who come back (issue 37, docs/decisions/055): what a reader follows, the stories they
 * saved and the consents they gave. Each row goes with its reader (ON DELETE CASCADE): deleting
 * an account leaves nothing of theirs here.
 */

/** What a follow names: a category's id, a tag's slug, an author's id. */
export const FOLLOW_KINDS = ['category', 'tag', 'author'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

export const readerFollows = pgTable(
  'reader_follows',
  {
    userId: ownedBy(() => users.id),
    kind: text({ enum: FOLLOW_KINDS }).notNull(),
    /** A category's or author's id, a tag's slug. */
    target: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.target] })],
);

/**
 * A signed-in reader's city (issue 65 item 4): the edition they chose, so the choice follows
 * them to another browser. One row per reader; it goes with the account or the edition.
 */
export const readerEditions = pgTable('reader_editions', {
  userId: ownedBy(() => users.id).primaryKey(),
  editionId: ownedBy(() => editions.id),
  chosenAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const readerSaved = pgTable(
  'reader_saved',
  {
    userId: ownedBy(() => users.id),
    articleId: ownedBy(() => articles.id),
    savedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index('reader_saved_order_idx').on(t.userId, t.savedAt),
  ],
);

/**
 * A consent a person gave (DPDP Act 2023 §6, GDPR art. 7(1)): when, on which form, to which
 * version of its text. Kept with the account; a newsletter subscriber without an account is
 * named by e-mail address only.
 */
export const readerConsents = pgTable(
  'reader_consents',
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    /** What it was given for: `account`, `newsletter`. */
    purpose: text().notNull(),
    /** The form it was given on: `email-link`, `signup`, `subscribe`, `import`. */
    form: text().notNull(),
    /** The version of the consent text shown (CONSENT_TEXT_VERSION). */
    textVersion: text().notNull(),
    givenAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('reader_consents_user_idx').on(t.userId), index().on(t.email)],
);

/**
 * Sign-in links by e-mail (issue 37 item 1): a link and a 6-digit code, valid 15 minutes, used
 * once. Only hashes are kept (the link's SHA-256; the code's HMAC keyed by the link), so neither
 * the table nor a backup holds a usable one. Five wrong codes spend the link.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    tokenHash: text().primaryKey(),
    codeHash: text().notNull(),
    email: text().notNull(),
    /** Where the reader goes once signed in (a same-site path). */
    next: text().notNull().default('/'),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('email_links_email_idx').on(t.email, t.createdAt)],
);

/**
 * The code a reader without a password is mailed to delete their account (issue 37 item 6):
 * six digits, kept only as a SHA-256 keyed by the reader, for 15 minutes, used once (the row
 * goes), and dead after a few wrong tries. One open code per reader: asking again replaces it.
 */
export const readerDeleteCodes = pgTable('reader_delete_codes', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  /** Wrong codes tried against it; at DELETE_CODE_TRIES the code is dead. */
  failures: integer().notNull().default(0),
});
