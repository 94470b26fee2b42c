/* What the newsletters module needs; its parts import this file, never the service. */
import type { ArticleCard } from '../../../common/schemas/articles';
import type { ConsentForm, ConsentPurpose } from '../../../common/consent';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mail';
import type { MailSite } from '../../lib/mail-texts';
import type { JobsService } from '../jobs/jobs-service';
import type { EventBus } from '../../events/event-bus';
import type { Outbox } from '../../events/outbox';
import type { RateLimitCounters } from '../../plugins/rate-limit';

export interface NewslettersDeps {
  db: Db;
  clock: Clock;
  jobs: Pick<JobsService, 'handle' | 'scheduleOnce' | 'schedule' | 'cancel'>;
  /** A newsletter made, changed or archived is an event: every page's sign-up form lists them. */
  outbox: Pick<Outbox, 'transaction'>;
  /**
   * ...which every process hears: the footer's list is kept until one comes; and a change of
   * the site's time zone plans the digests again (once).
   */
  events: Pick<EventBus, 'everyProcess' | 'once'>;
  mail: {
    mailer: Pick<Mailer, 'enabled' | 'send' | 'sendLater' | 'deliver'>;
    site(): Promise<MailSite>;
  };
  /** The rate-limit table's counters: confirmation mails per mailbox (shared by processes). */
  rateLimits: Pick<RateLimitCounters, 'increment'>;
  /** The key that signs preferences links (kept in app_secrets). */
  linkKey: string;
  /** Messages a second this process sends (NEWSLETTER_RATE). */
  rate: number;
  mediaBase: string | undefined;
  /** The readers module's record of consents (reader-consents.ts): an import's go in its batch. */
  consents: {
    record(
      consents: {
        email: string;
        userId?: string | null;
        purpose: ConsentPurpose;
        form: ConsentForm;
        textVersion: string;
        givenAt?: Date;
      }[],
      tx?: Db,
    ): Promise<void>;
  };
  /**
   * Views from newsletter readers in each window of a story (the analytics module's hour
   * rollups), in the windows' order; none without analytics.
   */
  viewsBrought?: (
    windows: { articleId: string; since: Date; until: Date | null }[],
  ) => Promise<number[]>;
  /**
   * The editions module's path of an edition, national first, itself last ([] for an unknown
   * id): a digest bound to Jaipur takes Jaipur's, Rajasthan's and national stories.
   */
  editions: { pathOf(id: string): Promise<{ _id: string }[]> };
  articles: {
    followedSince(
      followed: { categories: string[]; tags: string[]; authors: string[] },
      since: Date,
      limit: number,
      editions?: string[],
    ): Promise<ArticleCard[]>;
    publicCards(ids: string[]): Promise<ArticleCard[]>;
  };
}
