import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminArticleListSchema,
  AdminArticleQuerySchema,
  ArticleCardSchema,
  ArticleInputSchema,
  ArticleSchema,
  ArticleStatusChangeSchema,
  ByCategoryQuerySchema,
  CategoryDetailQuerySchema,
  CategoryDetailSchema,
  LatestQuerySchema,
  NewUrlSchema,
  PreviewLinkSchema,
  RandomQuerySchema,
  ReviewQueueSchema,
} from '../../../common/schemas/articles';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import {
  AutosaveInputSchema,
  PresenceSchema,
  RestoreInputSchema,
  RevisionListSchema,
  RevisionParamsSchema,
  RevisionSchema,
  RevisionSummarySchema,
} from '../../../common/schemas/revisions';
import { notFound } from '../../lib/errors';
import type { ArticlesService } from './articles-service';

const addressPart = z.string().min(1).max(300);

/** Article calls of SPEC.md §7; static paths are matched before `/:category/:slug`. */
export function articlesRoutes(articles: ArticlesService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['articles'];
    const security = [{ bearer: [] }];
    const cardList = { 200: z.array(ArticleCardSchema) };

    app.get(
      '/api/articles/latest',
      {
        schema: {
          tags,
          summary: 'Newest published articles',
          querystring: LatestQuerySchema,
          response: cardList,
        },
      },
      async (request) => articles.listLatest(request.query.limit),
    );

    app.get(
      '/api/articles/random',
      {
        schema: {
          tags,
          summary: 'Random published articles',
          querystring: RandomQuerySchema,
          response: cardList,
        },
      },
      async (request) => articles.listRandom(request.query.limit, request.query.exclude),
    );

    app.get(
      '/api/articles',
      {
        schema: {
          tags,
          summary: 'Newest published articles of a category',
          querystring: ByCategoryQuerySchema,
          response: cardList,
        },
      },
      async (request) => articles.listByCategory(request.query.categoryId, request.query.limit),
    );

    app.get(
      '/api/articles/category-detail',
      {
        schema: {
          tags,
          summary: 'A page of a category',
          querystring: CategoryDetailQuerySchema,
          response: { 200: CategoryDetailSchema },
        },
      },
      async (request) =>
        articles.categoryPage(request.query.categoryId, request.query.page, request.query.limit),
    );

    app.get(
      '/api/articles/admin-article',
      {
        schema: {
          tags,
          summary:
            'A page of all articles, drafts included (staff; authors see their own), newest first. limit ≤ 1000 for the sitemap. Our additions: q (title search), status (draft, pending, published = out now, scheduled = published for a time to come), categoryId, authorId, language, sort (created = default, updated, published, views; each newest or most first)',
          security,
          querystring: AdminArticleQuerySchema,
          response: { 200: AdminArticleListSchema },
        },
      },
      async (request) => articles.adminList(await request.actor(), request.query),
    );

    app.get(
      '/api/articles/article/:id',
      {
        schema: {
          tags,
          summary: 'One article by id (drafts for staff)',
          params: IdParamsSchema,
          response: { 200: ArticleSchema },
        },
      },
      async (request) => articles.byId(await request.actor(), request.params.id),
    );

    app.post(
      '/api/articles/article',
      {
        schema: {
          tags,
          summary: 'Create an article (author and up)',
          security,
          body: ArticleInputSchema,
          response: { 201: ArticleSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await articles.create(await request.actor(), request.body)),
    );

    app.put(
      '/api/articles/:id',
      {
        schema: {
          tags,
          summary: 'Update an article; an older updatedAt than stored is refused with 409',
          security,
          params: IdParamsSchema,
          body: ArticleInputSchema,
          response: { 200: ArticleSchema },
        },
      },
      async (request) => articles.update(await request.actor(), request.params.id, request.body),
    );

    app.post(
      '/api/articles/:id/status',
      {
        schema: {
          tags,
          summary:
            'Submit for review (pending), publish now or schedule (published, optional future publishedAt), or send back to draft with a note. With the setting authorsNeedReview on, an author publishing or scheduling gets 403',
          security,
          params: IdParamsSchema,
          body: ArticleStatusChangeSchema,
          response: { 200: ArticleSchema },
        },
      },
      async (request) =>
        articles.changeStatus(await request.actor(), request.params.id, request.body),
    );

    app.get(
      '/api/articles/review-queue',
      {
        schema: {
          tags,
          summary:
            'The top-bar badge: articles waiting for review (editors and up), or sent back to draft with a note (an author)',
          security,
          response: { 200: ReviewQueueSchema },
        },
      },
      async (request) => articles.reviewQueue(await request.actor()),
    );

    app.post(
      '/api/articles/:id/preview',
      {
        schema: {
          tags,
          summary:
            'A signed link anyone can open to see the article as readers will, valid 7 days (whoever may change it)',
          security,
          params: IdParamsSchema,
          response: { 200: PreviewLinkSchema },
        },
      },
      async (request) => articles.previewLink(await request.actor(), request.params.id),
    );

    app.get(
      '/api/articles/:id/revisions',
      {
        schema: {
          tags,
          summary:
            "The article's revisions, newest first: every save, status move, restore, and each user's autosave (whoever may change it)",
          security,
          params: IdParamsSchema,
          response: { 200: RevisionListSchema },
        },
      },
      async (request) => articles.revisions(await request.actor(), request.params.id),
    );

    app.get(
      '/api/articles/:id/revisions/:revisionId',
      {
        schema: {
          tags,
          summary: 'One revision with its full content (whoever may change the article)',
          security,
          params: RevisionParamsSchema,
          response: { 200: RevisionSchema },
        },
      },
      async (request) =>
        articles.revision(await request.actor(), request.params.id, request.params.revisionId),
    );

    app.post(
      '/api/articles/:id/revisions/:revisionId/restore',
      {
        schema: {
          tags,
          summary:
            "Bring back a revision's content as a new save (recorded as a revision); status and time stay. An older updatedAt than stored is refused with 409",
          security,
          params: RevisionParamsSchema,
          body: RestoreInputSchema,
          response: { 200: ArticleSchema },
        },
      },
      async (request) =>
        articles.restoreRevision(
          await request.actor(),
          request.params.id,
          request.params.revisionId,
          request.body,
        ),
    );

    app.put(
      '/api/articles/:id/autosave',
      {
        schema: {
          tags,
          summary:
            "Keep the form's unsaved text as the user's autosave revision (replaces their previous one); the article itself does not change",
          security,
          params: IdParamsSchema,
          body: AutosaveInputSchema,
          response: { 200: RevisionSummarySchema },
        },
      },
      async (request) => articles.autosave(await request.actor(), request.params.id, request.body),
    );

    app.post(
      '/api/articles/:id/presence',
      {
        schema: {
          tags,
          summary:
            'Heartbeat of an open form (every 30 s): answers who else has had the article open in the last two minutes',
          security,
          params: IdParamsSchema,
          response: { 200: PresenceSchema },
        },
      },
      async (request) => articles.presence(await request.actor(), request.params.id),
    );

    app.delete(
      '/api/articles/delete/:id',
      {
        schema: {
          tags,
          summary: 'Delete an article',
          security,
          params: IdParamsSchema,
          response: { 200: MessageSchema },
        },
      },
      async (request) => articles.remove(await request.actor(), request.params.id),
    );

    app.get(
      '/api/articles/red/:id',
      {
        schema: {
          tags,
          summary: 'Current address of an article of the old site, as "{category}/{slug}"',
          params: z.object({
            id: z.coerce
              .number({ error: 'Expected an old article number' })
              .int()
              .min(1)
              .max(2_147_483_647),
          }),
          response: { 200: NewUrlSchema },
        },
      },
      async (request) => {
        const path = await articles.pathForLegacyId(request.params.id);
        if (!path) throw notFound('No article has this old number.');
        // SPEC.md §7: `red` answers without the leading slash.
        return { newUrl: path.slice(1) };
      },
    );

    app.get(
      '/api/articles/redart/:slug',
      {
        schema: {
          tags,
          summary: 'Current address "/{category}/{slug}" for a current or former slug',
          params: z.object({ slug: addressPart }),
          response: { 200: NewUrlSchema },
        },
      },
      async (request) => {
        const path = await articles.pathForSlug(request.params.slug);
        if (!path) throw notFound('No article has this slug.');
        // SPEC.md §7: `redart` answers with the leading slash.
        return { newUrl: path };
      },
    );

    app.get(
      '/api/articles/:category/:slug',
      {
        schema: {
          tags,
          summary:
            'A published article at its current address /{category}/{slug}; a former address is 404 (ask redart for the new one)',
          params: z.object({ category: addressPart, slug: addressPart }),
          response: { 200: ArticleSchema },
        },
      },
      async (request) => {
        const found = await articles.resolve(request.params.category, request.params.slug);
        if (!found?.article) throw notFound('Article not found.');
        return found.article;
      },
    );
  };
}
