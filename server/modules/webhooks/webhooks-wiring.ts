/*
 * The webhooks module wired (server/platform-wiring.ts calls it once): the service, the events'
 * consumer that writes each delivery, and the retry job.
 */
import type { Db } from '../../../db/client';
import type { Config } from '../../env';
import type { EventBus } from '../../events/event-bus';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mail';
import { mailTextsFor, type MailSite } from '../../lib/mail-texts';
import type { JobsService } from '../jobs/jobs-service';
import type { UsersService } from '../users/users-service';
import type { V1Service } from '../v1/v1-service';
import { DISABLE_AFTER_MS, WEBHOOK_RETRY_JOB } from './webhook-delivery';
import { createWebhookSender } from './webhook-sender';
import { createWebhooksService } from './webhooks-service';
import type { Log } from '../../lib/log';

/**
 * Signed webhooks (issue 41 item 3): the events' consumer writes and sends each delivery, the
 * retry job sends it again on the schedule; an article's events carry its v1 representation.
 */
export function createWebhooks(
  config: Pick<Config, 'webhooksAllowPrivate'>,
  deps: {
    db: Db;
    clock: Clock;
    jobs: JobsService;
    events: EventBus;
    v1: V1Service;
    log: Log | undefined;
    /** The process's mail and the site's name and language (server/services.ts createMail). */
    mail: { mailer: Mailer; site(): Promise<MailSite> };
    users: Pick<UsersService, 'administratorContacts'>;
  },
) {
  const { jobs, events, v1, log, mail } = deps;
  const allowPrivate = config.webhooksAllowPrivate;
  const webhooks = createWebhooksService({
    ...{ db: deps.db, clock: deps.clock, jobs, allowPrivate, log },
    sender: createWebhookSender({ allowPrivate, userAgent: 'Patrika-Webhooks/1' }),
    describe: async (event) => {
      if (event.subject.kind !== 'article' || event.type === 'article.deleted') return undefined;
      const article = await v1.article(event.subject.id).catch(() => undefined);
      return article && { article };
    },
    // Administrators are mailed when a webhook is turned off (issue 41 item 3).
    disabled: async ({ url }) => {
      if (!mail.mailer.enabled) return;
      const site = await mail.site();
      const says = mailTextsFor(site.language).webhookDisabled({
        site: site.name,
        url,
        days: Math.round(DISABLE_AFTER_MS / 86_400_000),
      });
      for (const admin of await deps.users.administratorContacts())
        mail.mailer.sendLater({
          ...says,
          to: admin.email,
          language: site.language,
          fromName: site.name,
          kind: 'webhook-disabled',
        });
    },
  });
  jobs.handle(WEBHOOK_RETRY_JOB, async (job) => {
    if (job.subjectId) await webhooks.delivery.attempt(job.subjectId);
  });
  events.once('webhooks', (batch) => webhooks.delivery.consume(batch));
  return webhooks;
}
