/*
 * What the newsroom needs of other modules (the composition root passes their services); its
 * parts import this file, never newsroom-service.ts, which composes them.
 */
import type { ArticleStatus } from '../../../common/articles';
import type { Article } from '../../../common/schemas/articles';
import type { ArticleInput } from '../../../common/schemas/article-input';
import type { RevisionContent } from '../../../common/schemas/revisions';
import type { Db } from '../../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mail';
import type { MailSite } from '../../lib/mail-texts';
import type { EventBus } from '../../events/event-bus';
import type { ArticleHooks, StatusValues, StoredState } from '../articles/articles-service';

export interface Contact {
  id: string;
  name: string;
  email: string;
}

/** What review mail needs of the mailer, the site and the users module. */
export interface ReviewMailDeps {
  mailer: Pick<Mailer, 'enabled' | 'send'>;
  site(): Promise<MailSite>;
  people: {
    /** Editors and administrators who keep review mail on. */
    reviewMailEditors(): Promise<Contact[]>;
    mailContact(id: string): Promise<(Contact & { reviewMail: boolean }) | undefined>;
  };
}

/** What the newsroom needs of other modules; the composition root passes their services. */
export interface NewsroomDeps {
  db: Db;
  clock: Clock;
  articles: {
    /** Whoever may change article `id` with its stored state, or 401/403/404. */
    editable(
      actor: Actor | null,
      id: string,
      refusal?: string,
    ): Promise<{ actor: Actor; stored: StoredState }>;
    /** The article whole, any status, or undefined. */
    anyById(id: string): Promise<Article | undefined>;
    /** A published article's public path, or undefined. */
    pathForId(id: string): Promise<string | undefined>;
    /** The article as a revision would keep it now, or undefined. */
    snapshot(id: string): Promise<{ status: ArticleStatus; content: RevisionContent } | undefined>;
    /** A status move under a row lock, recorded as a `status` revision by `userId`. */
    moveStatus(
      userId: string,
      id: string,
      decide: (stored: StoredState) => StatusValues,
    ): Promise<Article | undefined>;
    /** A save recorded as a restore. */
    saveAs(
      actor: Actor | null,
      id: string,
      input: ArticleInput,
      record: { kind: 'restore'; label: (title: string) => string },
    ): Promise<Article>;
    countAwaiting(opts: { authorId?: string }): Promise<number>;
    listScheduled(): Promise<{ id: string; publishedAt: Date }[]>;
    /** Where the newsroom plugs into every write (newsroom-hooks.ts). */
    hooks: ArticleHooks;
  };
  /** Review mail follows articles' events (newsroom-hooks.ts). */
  events: Pick<EventBus, 'once'>;
  /** Jobs at a time, once across processes: an article going live (server/modules/jobs). */
  jobs: {
    schedule(
      job: { key: string; kind: string; subjectId: string | null; runAt: Date },
      tx?: Db,
    ): Promise<void>;
    cancel(key: string, tx?: Db): Promise<void>;
    scheduleOnce(job: {
      key: string;
      kind: string;
      subjectId: string | null;
      runAt: Date;
    }): Promise<void>;
  };
  /** The site setting `authorsNeedReview` (DECISIONS.md §11). */
  review: { authorsNeedReview(): Promise<boolean> };
  /** Signed preview links (server/lib/tokens.ts). */
  previews: {
    sign(articleId: string): Promise<{ url: string; expiresAt: Date }>;
    verify(token: string): Promise<string | undefined>;
  };
  /** Review mail (review-mail.ts); left out, none is sent. */
  reviewMail?: ReviewMailDeps;
}
