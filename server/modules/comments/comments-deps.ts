import type { CommentSettings } from '../../../common/schemas/comments';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import type { RateLimitCounters } from '../../plugins/rate-limit';
import type { ArticlesService } from '../articles/articles-service';

/** What the comments module needs of the rest (server/services.ts passes it). */
export interface CommentsDeps {
  db: Db;
  clock: Clock;
  /** Whether an article is public, and its address (for front caches). */
  articles: Pick<ArticlesService, 'stored'>;
  /** Writes run through it, with the events that say what they changed (server/events). */
  outbox: Outbox;
  /** Counted in the database: every process sees one reader's pace (STYLE.md §6). */
  rateLimits: Pick<RateLimitCounters, 'increment'>;
  /** The `comments` settings as they are now. */
  settings: () => Promise<CommentSettings>;
}
