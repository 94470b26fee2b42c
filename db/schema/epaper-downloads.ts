/*
 * Downloads of the e-paper's issues (issue 68 item 4), owned by server/modules/epaper: one row
 * per copy made, with the trace its PDF carries (an HMAC under a secret this site keeps, never
 * the reader's e-mail), so that a leaked copy leads back to its reader and a day's downloads
 * are counted.
 */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, ownedBy } from './columns';
import { epaperIssues } from './epaper';
import { users } from './users';

export const epaperDownloads = pgTable(
  'epaper_downloads',
  {
    id: id(),
    userId: ownedBy(() => users.id),
    /** The issue copied; its row may go (the trace still names the reader). */
    issueId: uuid().references(() => epaperIssues.id, { onDelete: 'set null' }),
    trace: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('epaper_downloads_trace_idx').on(t.trace),
    index('epaper_downloads_user_idx').on(t.userId, t.createdAt),
  ],
);
