import type { AppServices } from '../common/services';
import { latestMigration, type Database, type Db } from '../db/client';
import type { Config } from './env';
import { systemClock, type Clock } from './lib/clock';
import type { CacheChange } from '../common/cache-tags';
import type { KeptValues } from './caching/kept-values';
import type { EventBus } from './events/event-bus';
import type { Outbox } from './events/outbox';
import { createChanges, startDaily } from './events/events-wiring';
import { createPreviewTokens, createTokens, loadJwtSecret } from './lib/tokens';
import { previewPath } from '../common/paths';
import { createJobsService, type JobsService } from './modules/jobs/jobs-service';
import { BREAKING_EXPIRY_JOB, createBreakingService } from './modules/breaking/breaking-service';
import type { BandEditions } from './modules/breaking/breaking-places';
import { createKeysService } from './modules/keys/keys-service';
import { createAdsService } from './modules/ads/ads-service';
import type { AdEditions } from './modules/ads/ad-slots';
import { createOEmbed } from './modules/v1/oembed';
import { createV1Service, type V1Deps } from './modules/v1/v1-service';
import { createWebhooks } from './modules/webhooks/webhooks-wiring';
import { createFediverse } from './modules/fediverse/fediverse-wiring';
import { createLiveService } from './modules/live/live-service';
import type { CommentsService } from './modules/comments/comments-service';
import { PUSH_ALERT_JOB } from './modules/push/push-delivery';
import { createReadersService } from './modules/readers/readers-service';
import { createConsents } from './modules/readers/reader-consents';
import { createPush } from './modules/push/push-wiring';
import { giftsOf } from './modules/gifts/gifts-wiring';
import { createNewsletters } from './modules/newsletters/newsletters-wiring';
import { commentsOf } from './modules/comments/comments-wiring';
import { paymentsOf } from './modules/payments/payments-wiring';
import type { PushDeps } from './modules/push/push-service';
import { createSiteArchive } from './modules/archive/site-archive';
import {
  createArticlesService,
  sanitizeOffThread,
  type ArticlesService,
} from './modules/articles/articles-service';
import {
  createNewsroomService,
  GO_LIVE_JOB,
  type NewsroomDeps,
  type NewsroomService,
} from './modules/newsroom/newsroom-service';
import { createCategoriesService } from './modules/categories/categories-service';
import { createMediaService, type MediaService } from './modules/media/media-service';
import { MEDIA_VARIANTS_JOB } from './modules/media/media-deps';
import { createWordPressImporter } from './modules/imports/wordpress-import';
import { createPagesService } from './modules/pages/pages-service';
import { createDbStorage, storageFor, type MediaStorage } from './modules/media/media-storage';
import { createSearchService } from './modules/search/search-service';
import { plugSearchIntoArticles } from './modules/search/search-hooks';
import { createSeoService } from './modules/seo/seo-service';
import {
  createSettingsService,
  settingsReplaced,
  type OidcCheck,
  type SettingsService,
} from './modules/settings/settings-service';
import { createOidcClients } from './modules/sso/oidc-clients';
import { createSso } from './modules/sso/sso-service';
import { createStatsService } from './modules/stats/stats-service';
import { createUsersService, type UsersService } from './modules/users/users-service';
import { securityOf } from './modules/users/users-wiring';
import { createAudit } from './modules/audit/audit-wiring';
import { createEditions } from './modules/editions/editions-wiring';
import { createElections, followSeats } from './modules/elections/elections-wiring';
import { createEpaper } from './modules/epaper/epaper-wiring';
import { createViewsService } from './modules/views/views-service';
import { createAnalytics } from './modules/analytics/analytics-wiring';
import { createRateLimitCounters } from './plugins/rate-limit';
import { createMailer } from './lib/mail';
import type { MailSite } from './lib/mail-texts';
import {
  NOTE_MENTION_JOB,
  REVIEW_MAIL_JOBS,
  type ReviewEvent,
} from './modules/newsroom/newsroom-service';
import type { Log } from './lib/log';

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
  const { categories, articles, newsroom, settings, editions } = contentServices;
  mail.settingsMade(settings);
  registerReviewMailJobs(jobs, newsroom);
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

/** The breaking band and web push alerts, with the jobs that end a band and deliver an alert. */
async function createNewsDesk(
  config: Config,
  deps: {
    db: Db;
    clock: Clock;
    articles: ArticlesService;
    jobs: JobsService;
    outbox: Outbox;
    events: EventBus;
    log: Log | undefined;
    viewsBrought: PushDeps['viewsBrought'];
    editions: PushDeps['editions'] & BandEditions;
    /** The readers' language: a declared seat's push is written in it. */
    settings: { get(): Promise<{ uiLanguage: string }> };
  },
) {
  const { db, clock, articles, jobs, outbox, events, log, editions } = deps;
  const breaking = createBreakingService({ db, clock, articles, jobs, outbox, events, editions });
  // A band's time is up: every kept page is made again without it, in every process.
  jobs.handle(BREAKING_EXPIRY_JOB, (job) => breaking.expired(job.subjectId));
  const push = await createPush(config, {
    db,
    clock,
    articles,
    jobs,
    log,
    viewsBrought: deps.viewsBrought,
    editions: deps.editions,
  });
  // An alert's delivery, a batch per run, in whichever process leases it (docs/decisions/032).
  jobs.handle(PUSH_ALERT_JOB, async (job) => {
    if (job.subjectId) await push.deliver(job.subjectId);
  });
  // A declared seat's followers get their push (issue 69 item 4), once across processes.
  followSeats({ ...deps, follows: push.follows, publicUrl: config.publicUrl });
  return { breaking, push };
}

/**
 * What others build on (issue 41): apps' keys, the v1 read API, signed webhooks; and payments
 * (issue 39 item 4).
 */
function platformOf(
  config: Config,
  deps: Omit<Parameters<typeof createWebhooks>[1], 'v1'> & {
    articles: ArticlesService;
    outbox: Outbox;
  },
  more: {
    categories: V1Deps['categories'];
    settings: SettingsService;
    users: UsersService;
    editions: AdEditions;
  },
) {
  const { db, clock, articles, events } = deps;
  const { categories, settings, users } = more;
  const v1 = createV1Service({
    ...{ clock, articles, categories, settings, events },
    ...{ authors: users, publicUrl: config.publicUrl },
  });
  return {
    keys: createKeysService({ db, clock }),
    /** The counting-day results desk (issue 69). */
    elections: createElections({
      ...{ db, outbox: deps.outbox, events, jobs: deps.jobs, clock },
      language: async () => (await settings.get()).uiLanguage,
    }),
    /** House ads and their counts (issue 39 item 1). */
    ads: createAdsService({ db, clock, settings, editions: more.editions }),
    v1,
    oembed: createOEmbed({ publicUrl: config.publicUrl, articles, settings }),
    webhooks: createWebhooks(config, { ...deps, v1 }),
    payments: paymentsOf(config, {
      db,
      clock,
      outbox: deps.outbox,
      mail: deps.mail,
      log: deps.log,
    }),
    fediverse: createFediverse(config, {
      ...{ db, clock, jobs: deps.jobs, events, settings, authors: users, log: deps.log },
      stories: { article: (id) => v1.article(id).catch(() => undefined), articles: v1.articles },
    }),
  };
}

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

/** The review-mail jobs (server/modules/newsroom/review-mail.ts), one kind per event. */
function registerReviewMailJobs(jobs: JobsService, newsroom: NewsroomService) {
  for (const [event, kind] of Object.entries(REVIEW_MAIL_JOBS))
    jobs.handle(kind, async (job) => {
      if (job.subjectId) await newsroom.sendReviewMail(event as ReviewEvent, job.subjectId);
    });
  // A note in the margin that mentions colleagues (issue 43 item 2).
  jobs.handle(NOTE_MENTION_JOB, async (job) => {
    if (job.subjectId) await newsroom.sendMentionMail(job.subjectId);
  });
}

/** A service made later in the wiring, asked for only when called (modules that need each other). */
function late<T>(name: string) {
  let value: T | undefined;
  return {
    set: (made: T) => {
      value = made;
    },
    get: (): T => {
      if (!value) throw new Error(`the ${name} service is not wired yet`);
      return value;
    },
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
 * The content modules. Articles call no other content module: the newsroom and search plug into
 * its hooks (article-hooks.ts) and follow its events. Categories and articles still ask each
 * other (an article's category; a category's articles), and settings and categories (a home
 * section names a category, a category may not go while a setting names it): each asks the
 * other, made here, when it is called.
 */
function createContentServices(deps: {
  config: Config;
  db: Database['db'];
  clock: Clock;
  log: Log | undefined;
  outbox: Outbox;
  events: EventBus;
  media: MediaService;
  users: UsersService;
  jobs: JobsService;
  /** Values renders read, kept until a change touches them (caching/kept-values.ts). */
  kept: KeptValues;
  /** What one story's page reads beside it, kept the same way (caching/content-caching.ts). */
  storyValues: KeptValues;
  previewTokens: ReturnType<typeof createPreviewTokens>;
  reviewMail: NewsroomDeps['reviewMail'];
  /** Single sign-on's secret box and issuer check (server/modules/sso). */
  oidc: OidcCheck;
}) {
  const { config, db, clock, log, outbox, media, users, jobs, kept, storyValues } = deps;
  const { previewTokens } = deps;
  const articlesOf = late<ArticlesService>('articles');
  const settingsOf = late<SettingsService>('settings');
  const categories = createCategoriesService({
    db,
    clock,
    outbox,
    kept,
    articles: {
      countInCategory: (id) => articlesOf.get().countInCategory(id),
      categoriesWithPublicArticles: () => articlesOf.get().categoriesWithPublicArticles(),
      recordCategoryMove: (tx, id, formerSlug) =>
        articlesOf.get().recordCategoryMove(tx, id, formerSlug),
    },
    settings: {
      naming: (slug) => settingsOf.get().naming(slug),
      categoryMoved: (formerSlug, slug) => settingsOf.get().categoryMoved(formerSlug, slug),
    },
  });
  const articles = createArticlesService({
    ...{ db, clock, categories, users, media, outbox },
    kept: storyValues,
  });
  articlesOf.set(articles);
  // A scheduled article goes live: the lists it enters and what shows it are refreshed in every
  // process at that minute (DECISIONS.md §11), by this job, run once, and its event.
  jobs.handle(GO_LIVE_JOB, async (job) => {
    if (job.subjectId) await articles.wentLive(job.subjectId);
    log?.info({ article: job.subjectId }, 'a scheduled article went live');
  });
  const search = createSearchService({
    db,
    clock,
    articles: { cardsWithText: (ids) => articles.cardsWithText(ids) },
  });
  plugSearchIntoArticles(articles.hooks, search);
  const newsroom = createNewsroomService({
    db,
    clock,
    articles,
    events: deps.events,
    jobs,
    // A rule a write follows: read now, not the copy kept for pages.
    review: { authorsNeedReview: async () => (await settingsOf.get().fresh()).authorsNeedReview },
    reviewMail: deps.reviewMail,
    previews: {
      sign: async (articleId) => {
        const { token, expiresAt } = previewTokens.sign(articleId);
        return { url: `${config.publicUrl}${previewPath(token)}`, expiresAt };
      },
      verify: async (token) => previewTokens.verify(token),
    },
  });
  const settings = createSettingsService({ db, categories, outbox, kept, oidc: () => deps.oidc });
  settingsOf.set(settings);
  // Editions plug their placement rule into the articles' hooks, as search its index (issue 65).
  const editions = createEditions({ db, clock, outbox, kept, articles });
  return { categories, articles, newsroom, search, settings, editions };
}

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
