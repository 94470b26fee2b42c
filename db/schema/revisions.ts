import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { REVISION_KINDS, type RevisionContent } from '../../common/schemas/revisions';
import { id, mediaFoldersIn, timestamps, ownedBy } from './columns';
import { articles, articleStatusEnum } from './content';
import { users } from './users';

/** Any text of the content (JSON leaves an address's slashes as they are). */
function revisionFolders(content: AnyPgColumn) {
  return mediaFoldersIn(sql`(${content})::text`);
}

export const revisionKindEnum = pgEnum('revision_kind', REVISION_KINDS);

/**
 * Every save of an article, whole (issue 9 item 4, docs/decisions/023): who, when, the status
 * it had and its full content as the form edits it. `autosave` rows are a user's unsaved work
 * (at most one per user and article, replaced as they type, removed when they save).
 */
export const articleRevisions = pgTable(
  'article_revisions',
  {
    id: id(),
    articleId: ownedBy(() => articles.id),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: revisionKindEnum().notNull(),
    label: text().notNull(),
    status: articleStatusEnum().notNull(),
    /** The article's updatedAt the content was based on (autosaves) or written as (saves). */
    basedOn: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    content: jsonb().$type<RevisionContent>().notNull(),
    /**
     * Everyone who wrote it (issue 43 item 1): a save's saver and whoever typed into the shared
     * document since the last save (collab_writers); deleted accounts' ids are passed over.
     */
    writers: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('article_revisions_article_idx').on(t.articleId, t.createdAt.desc(), t.id.desc()),
    // The uploads an earlier version names, kept so a restore finds them (issue 44 item 5).
    index('article_revisions_media_folders_idx').using('gin', revisionFolders(t.content)),
  ],
);

/** The upload folders a revision's content names (indexed: article_revisions_media_folders_idx). */
export const revisionMediaFolders = revisionFolders(articleRevisions.content);

/** Who has had an article open lately: a heartbeat row per user and article (item 5). */
export const articlePresence = pgTable(
  'article_presence',
  {
    articleId: ownedBy(() => articles.id),
    userId: ownedBy(() => users.id),
    seenAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] })],
);
