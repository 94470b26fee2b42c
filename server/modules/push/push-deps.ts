/*
 * What the push module needs of the others (the composition root passes it); its parts import
 * this file, never push-service.ts, which composes them.
 */
import type { Article } from '../../../common/schemas/articles';
import type { PushPayload } from '../../../common/schemas/push';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { JobsService } from '../jobs/jobs-service';
import type { PushSender } from './push-sender';

export interface PushDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  vapidPublicKey: string;
  sender: PushSender;
  allowPrivate: boolean;
  /** The public address of a published article and the article itself (the articles service). */
  articles: {
    pathForId(id: string): Promise<string | undefined>;
    anyById(id: string): Promise<Article | undefined>;
  };
  jobs: Pick<JobsService, 'schedule'>;
  /** The editions module's path of an edition ([] for an unknown id): checks an `edition`. */
  editions: { pathOf(id: string): Promise<{ _id: string }[]> };
  /** Views of a story that came from push alerts since a time (the analytics service). */
  viewsBrought?: (articleId: string, since: Date) => Promise<number>;
}

/** An alert checked and ready to send: what it says, for which article, from whom. */
export type AlertDraft = PushPayload & {
  articleId: string;
  createdBy: string;
  /** The edition whose subscribers it targets (issue 65 item 6); null: every subscriber. */
  editionId: string | null;
};
