/*
 * Review mail (issue 26 item 8): editors hear of a piece submitted for review; an author hears
 * of their piece sent back to draft or published by someone else. Each user may turn it off on
 * /profile (`users.review_mail`). A move only schedules a job (the jobs table, leased, run once
 * across processes); the job reads the article as it is then and sends, so a save never waits
 * for SMTP, and a piece that moved on before the job ran (submitted, then published at once)
 * is not announced in a state it has left. A failed send is logged and counted by the mailer
 * (/metrics), not retried: like a push alert, review mail is news of the moment, and the
 * desk's badge shows the queue anyway.
 */
import type { ArticleStatus } from '../../../common/articles';
import { mailTextsFor, siteTime, type MailSite, type MailText } from '../../lib/mail-texts';
import type { NewsroomDeps } from './newsroom-deps';

export const REVIEW_MAIL_JOBS = {
  submitted: 'review-mail-submitted',
  sentBack: 'review-mail-sent-back',
  published: 'review-mail-published',
} as const;
export type ReviewEvent = keyof typeof REVIEW_MAIL_JOBS;

/** The status an article must still have for its mail to go. */
const STILL: Record<ReviewEvent, ArticleStatus> = {
  submitted: 'pending',
  sentBack: 'draft',
  published: 'published',
};

/** A status move, as a save or the newsroom made it. */
export interface ReviewMove {
  articleId: string;
  /** Undefined for a new article. */
  from: ArticleStatus | undefined;
  to: ArticleStatus;
  authorId: string | null;
  /** Who moved it. */
  by: string;
}

/**
 * The mail a move calls for: a submission (from any other status) tells editors; a piece sent
 * back or published tells its author, unless the author did it.
 */
export function reviewEventOf(move: ReviewMove): ReviewEvent | undefined {
  if (move.from === move.to) return undefined;
  if (move.to === 'pending') return 'submitted';
  if (!move.authorId || move.authorId === move.by) return undefined;
  if (move.to === 'draft' && move.from !== undefined) return 'sentBack';
  if (move.to === 'published') return 'published';
  return undefined;
}

const jobKey = (event: ReviewEvent, articleId: string) => `${REVIEW_MAIL_JOBS[event]}:${articleId}`;

export function reviewMail(deps: Pick<NewsroomDeps, 'articles' | 'jobs' | 'clock' | 'reviewMail'>) {
  const { articles, jobs, clock } = deps;
  const mail = deps.reviewMail;

  /** What the mail of `event` says about the article, in the site's language. */
  const compose = async (
    event: ReviewEvent,
    article: NonNullable<Awaited<ReturnType<typeof articles.anyById>>>,
    site: MailSite,
  ): Promise<MailText> => {
    const t = mailTextsFor(site.language);
    const desk = `${site.publicUrl}/admin/edit-article/${article._id}`;
    if (event === 'submitted')
      return t.reviewSubmitted({
        site: site.name,
        title: article.name,
        author: article.author?.name ?? '',
        url: desk,
      });
    if (event === 'sentBack')
      return t.reviewSentBack({
        site: site.name,
        title: article.name,
        note: article.reviewNote,
        url: desk,
      });
    const at = new Date(article.publishedAt);
    if (at > clock.now())
      return t.reviewScheduled({
        site: site.name,
        title: article.name,
        at: siteTime(site, at),
        url: desk,
      });
    const path = await articles.pathForId(article._id);
    return t.reviewPublished({
      site: site.name,
      title: article.name,
      url: path ? `${site.publicUrl}${path}` : desk,
    });
  };

  /** Who hears of `event`: editors but the author for a submission, else the author. */
  const recipientsOf = async (event: ReviewEvent, authorId: string | undefined) => {
    if (!mail) return [];
    if (event === 'submitted')
      return (await mail.people.reviewMailEditors()).filter((e) => e.id !== authorId);
    const author = authorId ? await mail.people.mailContact(authorId) : undefined;
    return author?.reviewMail ? [author] : [];
  };

  return {
    /**
     * A save or a status move (the articles' event `eventId`): the job of the mail it calls
     * for, if mail is sent; one job per event, however often the event is heard.
     */
    async reviewMoved(move: ReviewMove, eventId: number): Promise<void> {
      const event = reviewEventOf(move);
      if (!event || !mail?.mailer.enabled) return;
      await jobs.scheduleOnce({
        key: `${jobKey(event, move.articleId)}:${eventId}`,
        kind: REVIEW_MAIL_JOBS[event],
        subjectId: move.articleId,
        runAt: clock.now(),
      });
    },

    /** The review-mail job: sends `event`'s mail about the article, if it still applies. */
    async sendReviewMail(event: ReviewEvent, articleId: string): Promise<void> {
      if (!mail?.mailer.enabled) return;
      const article = await articles.anyById(articleId);
      if (!article || article.status !== STILL[event]) return;
      const recipients = await recipientsOf(event, article.author?._id);
      if (recipients.length === 0) return;
      const site = await mail.site();
      const says = await compose(event, article, site);
      for (const to of recipients)
        await mail.mailer.send({
          ...says,
          to: to.email,
          language: site.language,
          fromName: site.name,
          kind: REVIEW_MAIL_JOBS[event],
        });
    },
  };
}
