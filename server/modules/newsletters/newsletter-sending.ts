/*
 * Issues and their sending (issue 37 items 3 and 4): an issue is rendered once, queued as one
 * row per recipient in its transaction, and sent by the jobs table's `newsletter.send` job in
 * leased batches of at most SEND_BATCH at NEWSLETTER_RATE a second. A temporary refusal (4xx)
 * is tried again with backoff; a permanent one (5xx) marks the address bounced.
 */
import { randomUUID } from 'node:crypto';
import type { ArticleCard } from '../../../common/schemas/articles';
import { requireRole, type Actor } from '../../lib/actor';
import { badRequest } from '../../lib/errors';
import { BULK_CONNECTIONS } from '../../lib/mail';
import {
  insertIssue,
  leaseDeliveries,
  markSent,
  nextDueAt,
  settleIssue,
  findIssue,
} from './newsletter-queue-repository';
import { findNewsletter, moveCoveredUntil, type NewsletterRow } from './newsletters-repository';

import type { NewslettersDeps } from './newsletters-deps';
import { delivery } from './newsletter-delivery';

export const SEND_JOB = 'newsletter.send';
/** At most this many messages are in flight per sender: the most a kill -9 can repeat. */
export const SEND_BATCH = BULK_CONNECTIONS;
/** A batch's lease: a dead sender's rows go again after this (well inside 5 minutes). */
export const DELIVERY_LEASE_MS = 60_000;
/** How long one run of the job sends before it hands over to its next run. */
const RUN_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function newsletterSending(deps: NewslettersDeps) {
  const { db, clock, jobs, rate } = deps;

  const queueRun = (issueId: string, at: Date) => queueSend(jobs, issueId, at);

  const makeIssue = issueMaker(deps, queueRun);

  const { sendOne } = delivery(deps);

  /**
   * Issues this process is sending now. A run outlives its job's lease on a starved machine
   * (JOB_LEASE_MS against RUN_MS plus a batch's sending), and the job leased again would start
   * a second run beside the first: two batches in flight, twice what a kill may repeat. The
   * running one queues the next run itself, so a second one here has nothing to do.
   */
  const sending = new Set<string>();

  /** Sends leased batches of an issue for a few seconds; the next run carries on. */
  async function runSend(issueId: string) {
    if (sending.has(issueId)) return;
    sending.add(issueId);
    try {
      await sendFor(issueId);
    } finally {
      sending.delete(issueId);
    }
  }

  async function sendFor(issueId: string) {
    const issue = await findIssue(db, issueId);
    const newsletter = issue && (await findNewsletter(db, issue.newsletterId));
    if (!issue || !newsletter) return;
    const started = Date.now();
    const gap = 1000 / rate;
    // The pace is kept over the run, not per batch: a batch's lease, sending and mark all count
    // against its share of the second (waiting a batch's whole share after its sending put the
    // lease's time on top: 146 a second against a rate of 200).
    let due = started;
    let outOfTime = true;
    while (Date.now() - started < RUN_MS) {
      const now = clock.now();
      const batch = await leaseDeliveries(db, {
        issueId,
        newsletterId: newsletter.id,
        now,
        until: new Date(now.getTime() + DELIVERY_LEASE_MS),
        limit: Math.min(SEND_BATCH, rate),
      });
      if (batch.length === 0) {
        outOfTime = false;
        break;
      }
      // The batch goes at once over the kept connections, its sent rows marked together when
      // it is through: a kill repeats at most the batch in flight (SEND_BATCH: the pool's size).
      const sent = await Promise.all(batch.map((one) => sendOne(issue, newsletter, one)));
      await markSent(
        db,
        issueId,
        sent.filter((id) => typeof id === 'string'),
        clock.now(),
      );
      // Behind by more than a batch (a slow sink), the pace starts again from now: no burst.
      due = Math.max(due + batch.length * gap, Date.now() - SEND_BATCH * gap);
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
    }
    // Rows left: this run's time ran out (the next run goes on at once), or they wait for a
    // retry or are held by another sender (the next run comes when the first of them is due:
    // its retry time, or its lease's end if that sender died; a live one settles them itself).
    const settled = await settleAndTell(deps, issue, newsletter.id);
    if (settled.pending)
      await queueRun(issueId, outOfTime ? clock.now() : await nextRunAt(issueId));
  }

  /** The next run's time when no row is due now: the first pending row's, never in the past. */
  async function nextRunAt(issueId: string) {
    const now = clock.now();
    const due = await nextDueAt(db, issueId);
    return due && due > now ? due : now;
  }

  jobs.handle(SEND_JOB, async (job) => {
    if (job.subjectId) await runSend(job.subjectId);
  });

  return {
    runSend,

    /** An issue now, of what the newsletter's sections and tags published since its last one. */
    async sendNow(actor: Actor | null, newsletter: NewsletterRow) {
      requireRole(actor, 'editor');
      return digestOf(deps, makeIssue, newsletter);
    },

    /** The digest at its time (newsletter-digests.ts): nothing new, nothing sent. */
    sendDigest: (newsletter: NewsletterRow) => digestOf(deps, makeIssue, newsletter),

    /** One story as an issue. */
    async sendStory(actor: Actor | null, newsletter: NewsletterRow, articleId: string) {
      requireRole(actor, 'editor');
      const stories = await deps.articles.publicCards([articleId]);
      if (stories.length === 0) throw badRequest('article.not_published');
      return { issueId: await makeIssue(newsletter, stories) };
    },
  };
}

/** Makes an issue of `stories`: rendered once, its rows queued, its first run set. */
function issueMaker(
  deps: NewslettersDeps,
  queueRun: (issueId: string, at: Date) => Promise<unknown>,
) {
  const { db, clock, mail } = deps;
  return async (newsletter: NewsletterRow, stories: ArticleCard[]) => {
    const site = await mail.site();
    const subject = `${newsletter.name}: ${stories[0]?.name ?? ''}`;
    // The issue's id is its links' utm_campaign: the views they bring are the issue's.
    const id = randomUUID();
    // React Email is loaded when an issue is first made, not at start (about 20 MB of a process).
    const { renderIssue } = await import('./newsletter-mail');
    const { html, text } = await renderIssue(
      {
        siteName: site.name,
        newsletterName: newsletter.name,
        language: newsletter.language,
        publicUrl: site.publicUrl,
        mediaBase: deps.mediaBase,
        stories,
      },
      id,
    );
    const now = clock.now();
    const articleIds = stories.map((story) => story._id);
    await insertIssue(db, {
      id,
      newsletterId: newsletter.id,
      subject,
      html,
      text,
      now,
      articleIds,
    });
    await queueRun(id, now);
    return id;
  };
}

/**
 * Settles an issue after a run: rows left keep it pending; the last row's mark makes it sent,
 * with `newsletter.sent` in the same transaction, so a webhook hears of it once, whichever
 * sender settled it.
 */
function settleAndTell(
  { outbox, clock }: Pick<NewslettersDeps, 'outbox' | 'clock'>,
  issue: { id: string; subject: string; recipients: number },
  newsletterId: string,
) {
  return outbox.transaction(async (tx, record) => {
    const result = await settleIssue(tx, issue.id, clock.now());
    if (!result.pending && result.finished)
      record({
        type: 'newsletter.sent',
        subject: { kind: 'newsletter', id: newsletterId },
        data: {
          issueId: issue.id,
          subject: issue.subject,
          recipients: issue.recipients,
          ...result.finished,
        },
      });
    return result;
  });
}

/** An issue of what was published since the newsletter's last one, if anything was. */
async function digestOf(
  {
    db,
    clock,
    articles,
    editions,
  }: Pick<NewslettersDeps, 'db' | 'clock' | 'articles' | 'editions'>,
  makeIssue: (newsletter: NewsletterRow, stories: ArticleCard[]) => Promise<string>,
  newsletter: NewsletterRow,
): Promise<{ issueId: string | null }> {
  const until = clock.now();
  // Bound to an edition: its stories and those of the editions above it (issue 65 item 6).
  const path = newsletter.editionId ? await editions.pathOf(newsletter.editionId) : undefined;
  const stories = await articles.followedSince(
    { categories: newsletter.categories, tags: newsletter.tags, authors: [] },
    newsletter.coveredUntil,
    newsletter.maxArticles,
    path?.map((e) => e._id),
  );
  if (stories.length === 0) return { issueId: null };
  const issueId = await makeIssue(newsletter, stories);
  await moveCoveredUntil(db, newsletter.id, until);
  return { issueId };
}

/** A run of the send job for an issue at `at` (each run its own key). */
const queueSend = (jobs: NewslettersDeps['jobs'], issueId: string, at: Date) =>
  jobs.scheduleOnce({
    key: `${SEND_JOB}:${issueId}:${at.getTime()}`,
    kind: SEND_JOB,
    subjectId: issueId,
    runAt: at,
  });
