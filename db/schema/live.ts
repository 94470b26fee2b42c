import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, mediaFoldersIn, timestamps, ownedBy } from './columns';
import { articles } from './content';
import { users } from './users';

/**
 * A live blog's entries (issue 25 item 1, DECISIONS.md §17): one row each, so several writers
 * add to one blog at the same moment without conflict. A removed entry keeps its row with
 * `deletedAt` (and an empty body), so a reader asking what changed `since` a time hears of it.
 */
export const liveEntries = pgTable(
  'live_entries',
  {
    id: id(),
    articleId: ownedBy(() => articles.id),
    /** Cleaned HTML (the article sanitiser). */
    body: text().notNull(),
    pinned: boolean().notNull().default(false),
    keyEvent: boolean().notNull().default(false),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('live_entries_article_created_idx').on(t.articleId, t.createdAt.desc(), t.id.desc()),
    index('live_entries_article_updated_idx').on(t.articleId, t.updatedAt),
    // The uploads its body shows, which the media module keeps (issue 44 item 5).
    index('live_entries_media_folders_idx').using('gin', mediaFoldersIn(t.body)),
  ],
);

/** The upload folders a live entry's body names (indexed: live_entries_media_folders_idx). */
export const liveEntryMediaFolders = mediaFoldersIn(liveEntries.body);
