import type { AppServices } from '../common/services';
import { latestMigration, type Database, type Db } from '../db/client';
import type { Config } from './env';
import { systemClock, type Clock } from './lib/clock';
import type { CacheChange } from '../common/cache-tags';
import type { Outbox } from './events/outbox';
import { createChanges, startDaily } from './events/events-wiring';
import { createPreviewTokens, createTokens, loadJwtSecret } from './lib/tokens';
import { createJobsService, type JobsService } from './modules/jobs/jobs-service';
import { createLiveService } from './modules/live/live-service';
import type { CommentsService } from './modules/comments/comments-service';
import { createReadersService } from './modules/readers/readers-service';
import { createConsents } from './modules/readers/reader-consents';
import { giftsOf } from './modules/gifts/gifts-wiring';
import { createNewsletters } from './modules/newsletters/newsletters-wiring';
import { commentsOf } from './modules/comments/comments-wiring';
import { createSiteArchive } from './modules/archive/site-archive';
import { sanitizeOffThread, type ArticlesService } from './modules/articles/articles-service';
import { createMediaService, type MediaService } from './modules/media/media-service';
import { MEDIA_VARIANTS_JOB } from './modules/media/media-deps';
import { createWordPressImporter } from './modules/imports/wordpress-import';
import { createPagesService } from './modules/pages/pages-service';
import { createDbStorage, storageFor, type MediaStorage } from './modules/media/media-storage';
import { createSeoService } from './modules/seo/seo-service';
import { settingsReplaced, type SettingsService } from './modules/settings/settings-service';
import { createOidcClients } from './modules/sso/oidc-clients';
import { createSso } from './modules/sso/sso-service';
import { createStatsService } from './modules/stats/stats-service';
import { createUsersService, type UsersService } from './modules/users/users-service';
import { securityOf } from './modules/users/users-wiring';
import { createAudit } from './modules/audit/audit-wiring';
import { createEpaper } from './modules/epaper/epaper-wiring';
import { createViewsService } from './modules/views/views-service';
import { createAnalytics } from './modules/analytics/analytics-wiring';
import { createRateLimitCounters } from './plugins/rate-limit';
import { createMailer } from './lib/mail';
import type { MailSite } from './lib/mail-texts';
import type { Log } from './lib/log';
import { late } from './lib/late';
import { createContentServices } from './content-wiring';
import { createNewsDesk } from './news-desk-wiring';
import { platformOf } from './platform-wiring';

/**
 * The media service, with the job that makes an upload's AVIF variants after it answered
 * (docs/decisions/035); pages made after that offer them.
 */
function createMedia(
  config: Config,
  deps: { db: Db; storage: MediaStorage; clock: Clock; jobs: JobsService; outbox: Outbox },
): MediaService {
  const media = createMediaService({
    ...deps,
    storageIn: config.mediaStorage === 'db' ? (tx) => createDbStorage(tx) : undefined,
  });
  deps.jobs.handle(MEDIA_VARIANTS_JOB, async (job) => {
    if (job.subjectId) await media.makeVariantsOf(job.subjectId);
  });
  return media;
}

type PagesAndToolsDeps = Omit<Parameters<typeof createStatsService>[0], 'settings'> &
  Pick<Parameters<typeof createSeoService>[0], 'settings' | 'categories' | 'users' | 'articles'>;

/** Static pages, the WordPress import, the site archive, the dashboard's counts, sitemaps and feeds. */
function pagesAndToolsOf(
  config: Config,
  {
    db,
    clock,
    media,
    outbox,
    timeZone,
  }: {
    db: Db;
    clock: Clock;
    media: MediaService;
    outbox: Outbox;
    timeZone: () => Promise<string>;
  },
  { articles, categories, users, views, settings }: PagesAndToolsDeps,
) {
  return {
    pages: createPagesService({ db }),
    imports: { wordpress: createWordPressImporter({ db, clock, media, outbox }) },
    archive: createSiteArchive({
      ...{ db, clock, media, schema: latestMigration() },
      settingsReplaced: () => outbox.transaction(async (_tx, record) => record(settingsReplaced())),
    }),
    stats: createStatsService({ articles, categories, users, views, settings: { timeZone } }),
    seo: createSeoService({
      ...{ db, clock, settings, categories, users, articles },
      ...{ publicUrl: config.publicUrl, mediaBase: config.mediaPublicUrl },
      sitemapMaxUrls: config.sitemapMaxUrls,
    }),
  };
}

/**
 * People's accounts: the users module with its second factors (sealed with SECRETS_KEY) and the
 * consents it records, and single sign-on's client (server/modules/sso), whose secret the same
 * box seals.
 */
function accountsOf(
  config: Config,
  deps: {
    db: Db;
    clock: Clock;
    outbox: Outbox;
    mail: ReturnType<typeof createMail>;
    secret: Uint8Array;
  },
  settings: () => SettingsService,
) {
  const { db, clock, outbox, mail, secret } = deps;
  // A new name shows beside the person's comments; comments are made after the accounts.
  const commentRights = late<Pick<CommentsService['rights'], 'afterRenamed'>>('comments');
  const tokens = createTokens(secret, clock);
  const consents = createConsents({ db });
  const security = securityOf(config, secret, settings);
  const clients = createOidcClients({ allowPrivate: config.oidcAllowPrivate });
  const authorChanged = authorEvents(outbox);
  const users = createUsersService({
    db,
    tokens,
    clock,
    authorChanged,
    renamed: (id) => commentRights.get().afterRenamed(id),
    mail,
    consents,
    ...security,
  });
  const box = security.secondFactors.box;
  return {
    users,
    consents,
    sso: { clients, box, check: clients.check, publicUrl: config.publicUrl },
    commentRights,
  };
}

/**
 * The composition root (STYLE.md §3): everything is wired here, once, at boot. Nothing else
 * imports a database or a storage singleton, and modules reach each other only through the
 * services passed in here (server/modules/README.md).
 */
export async function createServices(
  config: Config,
  database: Database,
  clock: Clock = systemClock,
  log?: Log,
) {
  const { db } = database;
  const storage = storageFor(config, db);
  const secret = await loadJwtSecret(db, config.jwtSecret);
  const jobs = createJobsService({ db, clock, log });
  const changes = await createChanges(config, database, { clock, jobs, log });
  const { events, outbox, storyValues } = changes;
  const media = createMedia(config, { db, storage, clock, jobs, outbox });
  const mail = createMail(config, log);
  const accounts = accountsOf(config, { db, clock, outbox, mail, secret }, () => settings);
  const { users, consents, sso } = accounts;
  const contentServices = createContentServices({
    ...{ config, db, clock, log, outbox, events, media, users, jobs, storyValues },
    kept: changes.keptValues,
    previewTokens: createPreviewTokens(secret, clock),
    reviewMail: { ...mail, people: users },
    oidc: sso,
  });
  const { categories, articles, settings, editions } = contentServices;
  mail.settingsMade(settings);
  const timeZone = async () => (await settings.get()).timeZone;
  const views = createViewsService({ db, clock, articles, timeZone, log });
  const content = { articles, categories, users, views, settings };
  const rateLimits = createRateLimitCounters(db, clock);
  const epaper = createEpaper(config, {
    ...{ db, clock, outbox, jobs, storage, editions, events, log, settings },
  });
  // Its e-paper report asks the e-paper for its clips' counts (issue 68 item 5).
  const analytics = createAnalytics(config, changes, {
    ...{ db, clock, log, rateLimits, jobs, editions, ...content },
    clipCounts: epaper.clipCounts,
  });
  const { breaking, push } = await createNewsDesk(config, {
    ...{ db, clock, articles, jobs, outbox, events, log, editions, settings },
    viewsBrought: (id, since) => analytics.viewsBrought('push', id, since),
  });
  const audit = createAudit({ db, clock, jobs, events, log, settings, users });
  const services = {
    ...{ clock, database, audit, rateLimits, media },
    pageCache: changes.pageCache,
    degradedReasons: changes.degradedReasons,
    events,
    /** Writes that record what they changed (server/events): for scripts that change content. */
    outbox,
    /** Set when the process starts to stop (server/serve.ts); `closing`: what closing awaits. */
    lifecycle: { stopping: false, closing: '' },
    cdnPurge: changes.cdnPurge,
    jobs,
    mailer: mail.mailer,
    users,
    // The articles, the newsroom, categories, editions, search and settings; the views.
    ...{ ...contentServices, views },
    analytics,
    breaking,
    live: createLiveService({ db, clock, articles, clean: sanitizeOffThread, outbox }),
    push,
    epaper,
    ...platformOf(
      config,
      { db, clock, jobs, events, log, articles, mail, users, outbox },
      { categories, settings, users, editions },
    ),
    ...(await readersAndNewsletters(config, {
      ...{ db, clock, jobs, mail, articles, users, consents, outbox, events, rateLimits, editions },
      viewsBrought: (windows) => analytics.viewsBroughtIn('newsletter', windows),
      comments: commentsOf({ ...content, db, clock, outbox, rateLimits, jobs, mail, storyValues }),
    })),
    ...pagesAndToolsOf(config, { db, clock, media, outbox, timeZone }, { ...content }),
    sso: createSso({ clock, settings, users, ...sso }),
  };
  accounts.commentRights.set(services.comments.rights);
  services.epaper.readersFrom(services.payments.memberships); // the paid e-paper (issue 68)
  const gifts = await giftsOf(config, { db, clock, timeZone }, services.payments.memberships);
  await startDaily({ events, jobs, clock, audit }, services);
  return { ...services, gifts } satisfies AppServices;
}
export type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * E-mail (issue 26 item 8): one transport for the process; the site's name, language and time
 * zone come from the settings service, made later in the wiring.
 */
function createMail(config: Config, log: Log | undefined) {
  const settings = late<SettingsService>('settings');
  return {
    mailer: createMailer(config.mail, log),
    site: async (): Promise<MailSite> => {
      const { siteName, uiLanguage, timeZone } = await settings.get().get();
      return { name: siteName, language: uiLanguage, publicUrl: config.publicUrl, timeZone };
    },
    settingsMade: settings.set,
  };
}

/**
 * A public author's profile changed: an event, which every kept page that names them and the
 * front cache's purge follow (a reader's change records none: users-service.ts).
 */
const authorEvents = (outbox: Outbox) => (id: string, change: CacheChange) =>
  outbox.record({
    type: 'author.updated',
    subject: { kind: 'user', id },
    cache: { stale: change.stale, drop: change.drop ?? [] },
  });

/**
 * Readers and newsletters (issue 37): consents (reader-consents.ts, made before the users
 * service, which records a sign-up's) are recorded by the newsletters' forms and import; a
 * reader's export and deletion ask the newsletters about their address and the users module
 * about their account.
 */
async function readersAndNewsletters(
  config: Config,
  deps: Parameters<typeof createNewsletters>[1] & {
    users: UsersService;
    articles: ArticlesService;
    comments: CommentsService;
  },
) {
  const { db, clock, mail, articles, users, comments } = deps;
  const newsletters = await createNewsletters(config, deps);
  const readers = createReadersService({ db, clock, articles, users, newsletters, mail, comments });
  return { readers, newsletters, comments };
}
