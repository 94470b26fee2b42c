/*
 * A digest at its time (issue 37 item 3): daily or weekly at `schedule.time` in the site's time
 * zone, each newsletter one job of the jobs table (`newsletter.digest:<id>`), run by whichever
 * process leases it and planned again for the next time when it has run. It sends what the
 * newsletter's sections and tags published since its last issue (since it was made, for the
 * first); nothing new, nothing sent. A newsletter made, changed or archived plans it anew.
 */
import { settingsKeysOf } from '../../../common/schemas/events';
import { fromZonedInput, toZonedInput } from '../../../common/time-zone';
import type { NewsletterSchedule } from '../../../db/schema/newsletters';
import type { Db } from '../../../db/client';
import { activeNewsletters, findNewsletter, type NewsletterRow } from './newsletters-repository';
import type { NewslettersDeps } from './newsletters-deps';

export const DIGEST_JOB = 'newsletter.digest';
const keyOf = (newsletterId: string) => `${DIGEST_JOB}:${newsletterId}`;

/** `YYYY-MM-DD` plus `days`, and the weekday (Sunday 0) of a `YYYY-MM-DD`. */
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The first time after `after` that `schedule` names in `timeZone`; none for `manual`. */
export function nextDigestAt(
  schedule: NewsletterSchedule,
  after: Date,
  timeZone: string,
): Date | undefined {
  if (schedule.kind === 'manual') return undefined;
  const today = toZonedInput(after, timeZone).slice(0, 10);
  for (let days = 0; days <= 8; days++) {
    const day = dayAfter(today, days);
    if (schedule.kind === 'weekly' && weekdayOf(day) !== (schedule.weekday ?? 0)) continue;
    const at = fromZonedInput(`${day}T${schedule.time}`, timeZone);
    if (at && at > after) return at;
  }
  return undefined;
}

export function newsletterDigests(
  deps: Pick<NewslettersDeps, 'db' | 'clock' | 'jobs' | 'mail' | 'events'>,
  send: (newsletter: NewsletterRow) => Promise<unknown>,
) {
  const { db, clock, jobs, mail } = deps;

  /** Sets (or moves, or drops) the newsletter's next digest; in `tx` when given. */
  async function planDigest(row: NewsletterRow, tx: Db = db) {
    const { timeZone } = await mail.site();
    const at = row.archivedAt ? undefined : nextDigestAt(row.schedule, clock.now(), timeZone);
    if (!at) return jobs.cancel(keyOf(row.id), tx);
    return jobs.schedule(
      { key: keyOf(row.id), kind: DIGEST_JOB, subjectId: row.id, runAt: at },
      tx,
    );
  }

  jobs.handle(DIGEST_JOB, async (job) => {
    const row = job.subjectId ? await findNewsletter(db, job.subjectId) : undefined;
    if (!row || row.archivedAt) return;
    await send(row);
    await planDigest(row);
  });

  // The site's time zone changed: every digest is planned again at its HH:MM there (once across
  // the processes; the settings' own reader in this process has already dropped the old zone).
  deps.events.once('newsletter-digests', async (batch) => {
    const zoneChanged = batch.some((e) => settingsKeysOf(e).includes('timeZone'));
    if (!zoneChanged) return;
    for (const row of await activeNewsletters(db)) await planDigest(row);
  });

  return {
    planDigest,
    /** An archived newsletter's digest is dropped. */
    dropDigest: (newsletterId: string, tx: Db = db) => jobs.cancel(keyOf(newsletterId), tx),
  };
}
