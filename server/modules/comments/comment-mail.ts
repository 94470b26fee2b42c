/*
 * Comments' mail (issue 42 item 4), each a job of the jobs table (leased, run once across
 * processes), so no write waits for SMTP. A reply shown to readers (posted and shown at once, or
 * approved by a moderator) mails the reader it answers when they opted in (`commentReplies`),
 * never the replier themselves, once per reply; a held reply mails nobody until approved.
 * Moderators get a daily mail of how many comments wait, none when nothing waits.
 */
import { articlePath } from '../../../common/paths';
import { fromZonedInput, toZonedInput } from '../../../common/time-zone';
import { replyMailText, waitingMailText } from './comment-mail-texts';
import { countWaiting, moderatorAddresses, replyFacts } from './comment-mail-repository';
import type { CommentsDeps } from './comments-deps';
import { DAY_MS } from '../../../common/durations';

export const REPLY_MAIL_JOB = 'comment.reply-mail';
export const WAITING_MAIL_JOB = 'comment.waiting-mail';
/** The daily mail's time, in the site's time zone. */
const WAITING_MAIL_TIME = '09:00';

/** The next WAITING_MAIL_TIME after `after` in `timeZone`. */
export function nextWaitingMailAt(after: Date, timeZone: string): Date {
  for (let days = 0; days <= 2; days++) {
    const day = toZonedInput(new Date(after.getTime() + days * DAY_MS), timeZone).slice(0, 10);
    const at = fromZonedInput(`${day}T${WAITING_MAIL_TIME}`, timeZone);
    if (at && at > after) return at;
  }
  return new Date(after.getTime() + DAY_MS);
}

export function commentMail(deps: CommentsDeps) {
  const { db, clock, jobs, mail, articles } = deps;

  const planWaitingMail = async () => {
    const { timeZone } = await mail.site();
    const runAt = nextWaitingMailAt(clock.now(), timeZone);
    await jobs.schedule({ key: WAITING_MAIL_JOB, kind: WAITING_MAIL_JOB, subjectId: null, runAt });
  };

  jobs.handle(REPLY_MAIL_JOB, async (job) => {
    if (!mail.mailer.enabled || !job.subjectId) return;
    const reply = await replyFacts(db, job.subjectId);
    if (!reply || !reply.wantsMail || reply.parentAuthorId === reply.replierId) return;
    const story = await articles.anyById(reply.articleId);
    if (!story || story.status !== 'published') return;
    const site = await mail.site();
    const path = articlePath(story);
    const says = replyMailText(site.language, {
      site: site.name,
      by: reply.replierName ?? '',
      title: story.name,
      reply: reply.body,
      url: `${site.publicUrl}${path}#comments-title`,
      profileUrl: `${site.publicUrl}/profile`,
    });
    await mail.mailer.send({
      ...says,
      to: reply.email,
      language: site.language,
      fromName: site.name,
      kind: REPLY_MAIL_JOB,
    });
  });

  jobs.handle(WAITING_MAIL_JOB, async () => {
    await planWaitingMail();
    if (!mail.mailer.enabled) return;
    const waiting = await countWaiting(db);
    if (waiting === 0) return;
    const site = await mail.site();
    const says = waitingMailText(site.language, {
      site: site.name,
      count: waiting,
      url: `${site.publicUrl}/admin/comments`,
    });
    for (const to of await moderatorAddresses(db))
      await mail.mailer.send({
        ...says,
        to: to.email,
        language: site.language,
        fromName: site.name,
        kind: WAITING_MAIL_JOB,
      });
  });

  return {
    /** Comments now shown to readers: each reply among them mails its parent's reader once. */
    async shown(ids: string[]): Promise<void> {
      if (!mail.mailer.enabled) return;
      for (const id of ids)
        await jobs.scheduleOnce({
          key: `${REPLY_MAIL_JOB}:${id}`,
          kind: REPLY_MAIL_JOB,
          subjectId: id,
          runAt: clock.now(),
        });
    },
    /** Plans the daily mail of what waits, if it is not planned (each process at start). */
    async scheduleWaitingMail(): Promise<void> {
      const { timeZone } = await mail.site();
      await jobs.scheduleOnce({
        key: WAITING_MAIL_JOB,
        kind: WAITING_MAIL_JOB,
        subjectId: null,
        runAt: nextWaitingMailAt(clock.now(), timeZone),
      });
    },
  };
}
export type CommentMail = ReturnType<typeof commentMail>;
