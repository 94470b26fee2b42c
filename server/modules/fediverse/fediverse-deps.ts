import type { Author } from '../../../common/schemas/users';
import type { V1Article, V1ArticlePage, V1ArticlesQuery } from '../../../common/schemas/v1';
import type { SiteSettings } from '../../../common/settings';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import type { JobsService } from '../jobs/jobs-service';
import type { Log } from '../../lib/log';

/** What the fediverse module needs from the rest of the server (server/platform-wiring.ts). */
export interface FediverseDeps {
  db: Db;
  clock: Clock;
  jobs: Pick<JobsService, 'handle' | 'schedule'>;
  /** The site's public address: every actor's and object's URI is under it. */
  publicUrl: string;
  /** WEBHOOKS_ALLOW_PRIVATE: fetches and deliveries may reach loopback and private networks. */
  allowPrivate: boolean;
  /** Seals private keys (and queued deliveries, which carry them) when the operator gave a key. */
  box: SecretBox | undefined;
  settings: { get(): Promise<SiteSettings> };
  authors: {
    authorBySlug(slug: string): Promise<Author | undefined>;
    profileOf(id: string): Promise<Author | undefined>;
  };
  /** Published stories as the read API gives them (undefined when not public now). */
  stories: {
    article(id: string): Promise<V1Article | undefined>;
    articles(query: V1ArticlesQuery): Promise<V1ArticlePage>;
  };
  log?: Log;
}

/** The identifier of the site's own actor; authors' identifiers are their user ids. */
export const SITE_ACTOR = 'site';
