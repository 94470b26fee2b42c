import { pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { ownedBy } from './columns';
import { articles } from './content';
import { users } from './users';
import { bytea } from './media';

/*
 * Co-editing (issue 43 item 1, docs/decisions/061): an article's shared Yjs document, kept as one
 * compacted update (`Y.encodeStateAsUpdate`). A row is made from the article's HTML when someone
 * first opens it; it goes with its article.
 */
export const collabDocuments = pgTable('collab_documents', {
  articleId: ownedBy(() => articles.id).primaryKey(),
  state: bytea().notNull(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Who typed into an article's shared document since its last save (issue 43 item 1): a save's
 * revision names them and takes their rows. Written by the process that holds the typist's
 * connection, so a save on any process sees every writer.
 */
export const collabWriters = pgTable(
  'collab_writers',
  {
    articleId: ownedBy(() => articles.id),
    userId: ownedBy(() => users.id),
    /** When they first typed since the last save: the revision names writers in this order. */
    since: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] })],
);
