import type { CommentRights } from '../comments/comment-rights';
/*
 * What the readers module needs (the composition root passes it); its parts import this file,
 * never readers-service.ts, which composes them.
 */
import type { Role } from '../../../common/roles';
import type { ArticleCard } from '../../../common/schemas/articles';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mail';
import type { MailSite } from '../../lib/mail-texts';

/** What a reader follows, as the articles module reads it (categories and authors by id). */
export interface FollowedLists {
  categories: string[];
  tags: string[];
  authors: string[];
}

export interface ReadersDeps {
  db: Db;
  clock: Clock;
  /** The users module's part in deleting an account (account-deletion.ts). */
  users: {
    accountOf(
      id: string,
    ): Promise<
      { _id: string; name: string; email: string; role: Role; createdAt: string } | undefined
    >;
    passwordMatches(id: string, password: string): Promise<boolean>;
    hasPassword(id: string): Promise<boolean>;
    deleteOwnAccount(id: string): Promise<boolean>;
  };
  /** The newsletters' part: an address's subscriptions, and forgetting the address. */
  newsletters: {
    subscriptionsOfEmail(
      email: string,
    ): Promise<{ newsletter: string; slug: string; status: string; confirmedAt: Date | null }[]>;
    forgetAddress(email: string): Promise<void>;
  };
  mail: { mailer: Pick<Mailer, 'sendLater'>; site(): Promise<MailSite> };
  /** The comments module's part (issue 42 item 5): a reader's comments, and before deletion. */
  comments: {
    rights: Pick<CommentRights, 'exportOf' | 'beforeAccountDeleted' | 'afterAccountDeleted'>;
  };
  /** The articles module's reads for one reader (article-follows.ts). */
  articles: {
    followedPage(
      followed: FollowedLists,
      page: number,
      limit: number,
    ): Promise<{ articles: ArticleCard[]; currentPage: number; totalPages: number }>;
    publicCards(ids: string[]): Promise<ArticleCard[]>;
    idStored(id: string): Promise<boolean>;
  };
}
