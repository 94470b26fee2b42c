/*
 * The content modules' wiring (server/services.ts calls it): categories, articles, search, the
 * newsroom with its review mail, settings and editions, and the jobs that belong to them (going
 * live, the review mail, a margin note's mentions).
 */
import type { Database } from '../db/client';
import { previewPath } from '../common/paths';
import type { Config } from './env';
import type { Clock } from './lib/clock';
import { late } from './lib/late';
import type { Log } from './lib/log';
import type { createPreviewTokens } from './lib/tokens';
import type { KeptValues } from './caching/kept-values';
import type { EventBus } from './events/event-bus';
import type { Outbox } from './events/outbox';
import type { JobsService } from './modules/jobs/jobs-service';
import type { MediaService } from './modules/media/media-service';
import type { UsersService } from './modules/users/users-service';
import { createArticlesService, type ArticlesService } from './modules/articles/articles-service';
import { createCategoriesService } from './modules/categories/categories-service';
import { createEditions } from './modules/editions/editions-wiring';
import {
  createNewsroomService,
  GO_LIVE_JOB,
  NOTE_MENTION_JOB,
  REVIEW_MAIL_JOBS,
  type NewsroomDeps,
  type NewsroomService,
  type ReviewEvent,
} from './modules/newsroom/newsroom-service';
import { createSearchService } from './modules/search/search-service';
import { plugSearchIntoArticles } from './modules/search/search-hooks';
import {
  createSettingsService,
  type OidcCheck,
  type SettingsService,
} from './modules/settings/settings-service';

/**
 * The content modules. Articles call no other content module: the newsroom and search plug into
 * its hooks (article-hooks.ts) and follow its events. Categories and articles still ask each
 * other (an article's category; a category's articles), and settings and categories (a home
 * section names a category, a category may not go while a setting names it): each asks the
 * other, made here, when it is called.
 */
export function createContentServices(deps: {
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
  registerReviewMailJobs(jobs, newsroom);
  const settings = createSettingsService({ db, categories, outbox, kept, oidc: () => deps.oidc });
  settingsOf.set(settings);
  // Editions plug their placement rule into the articles' hooks, as search its index (issue 65).
  const editions = createEditions({ db, clock, outbox, kept, articles });
  return { categories, articles, newsroom, search, settings, editions };
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
