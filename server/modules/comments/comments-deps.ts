import type { CommentSettings } from '../../../common/schemas/comments';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../events/outbox';
import type { KeptValues } from '../../caching/kept-values';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mail';
import type { MailSite } from '../../lib/mail-texts';
import type { JobsService } from '../jobs/jobs-service';
import type { RateLimitCounters } from '../../plugins/rate-limit';
import type { ArticlesService } from '../articles/articles-service';

/** What the comments module needs of the rest (server/services.ts passes it). */
export interface CommentsDeps {
  db: Db;
  clock: Clock;
  /** Whether an article is public, and its address (for front caches). */
  articles: Pick<ArticlesService, 'stored' | 'anyById'>;
  /** Mails go out as jobs (comment-mail.ts): a reply's, the moderators' daily one. */
  jobs: Pick<JobsService, 'handle' | 'schedule' | 'scheduleOnce'>;
  mail: { mailer: Pick<Mailer, 'enabled' | 'send'>; site(): Promise<MailSite> };
  /** Writes run through it, with the events that say what they changed (server/events). */
  outbox: Outbox;
  /** Counted in the database: every process sees one reader's pace (STYLE.md §6). */
  rateLimits: Pick<RateLimitCounters, 'increment'>;
  /**
   * A section's own say on its stories' comments (null: none), read from the kept categories:
   * an article page asks it with no query of its own (issue 36 item 4).
   */
  sectionSay: (categoryId: string) => Promise<boolean | null>;
  /** The `comments` settings as they are now. */
  settings: () => Promise<CommentSettings>;
  /** Where a story page's comments are kept between changes (caching/kept-values.ts). */
  kept?: Pick<KeptValues, 'get'>;
}
