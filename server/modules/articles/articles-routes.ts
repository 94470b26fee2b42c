import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ArticleCardSchema, ArticleSchema } from '../../../common/schemas/articles';
import { ArticleInputSchema } from '../../../common/schemas/article-input';
import {
  AdminArticleListSchema,
  AdminArticleQuerySchema,
  ByCategoryQuerySchema,
  CategoryDetailQuerySchema,
  CategoryDetailSchema,
  LatestQuerySchema,
  NewUrlSchema,
  RandomQuerySchema,
} from '../../../common/schemas/article-lists';
import { says } from '../../../common/refusals/schema-refusals';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import { errorResponses, notFound, SIGNED_IN } from '../../lib/errors';
import { SAVE_REFUSALS, UPDATE_REFUSALS } from './article-refusals';
import type { ArticlesService } from './articles-service';
import { articleEditionRoutes } from './article-edition-routes';
import { tagRoutes } from './tag-routes';
import type { AccessClass } from '../../../common/article-access';
import type { Actor } from '../../lib/actor';

const addressPart = z.string().min(1).max(300);

/**
 * A reader's entitlement class (issue 39 item 3): who may read members' stories whole. The
 * payments module knows; the composition root passes its answer (nobody's, when not given).
 */
export type AccessClassOf = (actor: Actor | null) => Promise<AccessClass>;
const NOBODY: AccessClassOf = async () => 'none';

/** Article calls of SPEC.md §7; the newsroom's are in server/modules/newsroom. */
export function articlesRoutes(articles: ArticlesService, accessClassOf: AccessClassOf = NOBODY) {
  return async function (app: FastifyInstance) {
    await app.register(readingRoutes(articles, accessClassOf));
    await app.register(savingRoutes(articles));
    await app.register(addressRoutes(articles, accessClassOf));
    await app.register(tagRoutes(articles));
    await app.register(articleEditionRoutes(articles));
  };
}

/** Published articles for readers and other clients: lists, pages, one article. */
function readingRoutes(articles: ArticlesService, accessClassOf: AccessClassOf) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['articles'];
    const cardList = { 200: z.array(ArticleCardSchema) };
    app.get(
      '/api/articles/latest',
      {
        schema: {
          tags,
          security: [],
          summary: 'Newest published articles',
          querystring: LatestQuerySchema,
          response: { ...cardList, ...errorResponses() },
        },
      },
      async (request) => articles.listLatest(request.query.limit),
    );

    app.get(
      '/api/articles/random',
      {
        schema: {
          tags,
          security: [],
          summary: 'Random published articles',
          querystring: RandomQuerySchema,
          response: { ...cardList, ...errorResponses() },
        },
      },
      async (request) => articles.listRandom(request.query.limit, request.query.exclude),
    );

    app.get(
      '/api/articles',
      {
        schema: {
          tags,
          security: [],
          summary: 'Newest published articles of a category',
          querystring: ByCategoryQuerySchema,
          response: { ...cardList, ...errorResponses() },
        },
      },
      async (request) => articles.listByCategory(request.query.categoryId, request.query.limit),
    );

    app.get(
      '/api/articles/category-detail',
      {
        schema: {
          tags,
          security: [],
          summary: 'A page of a category (its own articles and those of the categories inside it)',
          querystring: CategoryDetailQuerySchema,
          response: { 200: CategoryDetailSchema, ...errorResponses() },
        },
      },
      async (request) =>
        articles.categoryPage(request.query.categoryId, request.query.page, request.query.limit),
    );

    app.get(
      '/api/articles/article/:id',
      {
        schema: {
          tags,
          summary:
            "One article by id (drafts for staff); a members' story whole only to a member its plan opens it to (else walled: its opening)",
          // Public; a signed-in author or editor also sees their drafts.
          security: [{}, { bearer: [] }],
          params: IdParamsSchema,
          response: { 200: ArticleSchema, ...errorResponses('article.not_found') },
        },
      },
      async (request) => {
        const actor = await request.actor();
        return articles.byId(actor, request.params.id, await accessClassOf(actor));
      },
    );
  };
}

/** The back office: its list, and creating, saving and deleting articles. */
function savingRoutes(articles: ArticlesService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['articles'];
    const security = [{ bearer: [] }];
    app.get(
      '/api/articles/admin-article',
      {
        schema: {
          tags,
          summary:
            'A page of all articles, drafts included (staff; authors see their own), newest first. limit ≤ 1000 for the sitemap. Our additions: q (title search), status (draft, pending, published = out now, scheduled = published for a time to come), categoryId, authorId, language, sort (created = default, updated, published, views; each newest or most first), edition (stories in that edition; a desk limited to editions sees its editions’ stories first)',
          security,
          querystring: AdminArticleQuerySchema,
          response: {
            200: AdminArticleListSchema,
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request) => articles.adminList(await request.actor(), request.query),
    );

    app.post(
      '/api/articles/article',
      {
        schema: {
          tags,
          summary: 'Create an article (author and up)',
          security,
          body: ArticleInputSchema,
          response: { 201: ArticleSchema, ...errorResponses(...SAVE_REFUSALS) },
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
          response: { 200: ArticleSchema, ...errorResponses(...UPDATE_REFUSALS) },
        },
      },
      async (request) => articles.update(await request.actor(), request.params.id, request.body),
    );

    app.delete(
      '/api/articles/delete/:id',
      {
        schema: {
          tags,
          summary: 'Delete an article',
          security,
          params: IdParamsSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(
              ...SIGNED_IN,
              'article.delete_forbidden',
              'article.not_found',
              'article.not_own',
            ),
          },
        },
      },
      async (request) => articles.remove(await request.actor(), request.params.id),
    );
  };
}

/** Where an article lives now, by its old number, a former slug, or its address. */
function addressRoutes(articles: ArticlesService, accessClassOf: AccessClassOf) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['articles'];
    app.get(
      '/api/articles/red/:id',
      {
        schema: {
          tags,
          security: [],
          summary: 'Current address of an article of the old site, as "{category}/{slug}"',
          params: z.object({
            id: z.coerce.number(says('article.old_number_invalid')).int().min(1).max(2_147_483_647),
          }),
          response: { 200: NewUrlSchema, ...errorResponses('article.legacy_unknown') },
        },
      },
      async (request) => {
        const path = await articles.pathForLegacyId(request.params.id);
        if (!path) throw notFound('article.legacy_unknown');
        // SPEC.md §7: `red` answers without the leading slash.
        return { newUrl: path.slice(1) };
      },
    );

    app.get(
      '/api/articles/redart/:slug',
      {
        schema: {
          tags,
          security: [],
          summary: 'Current address "/{category}/{slug}" for a current or former slug',
          params: z.object({ slug: addressPart }),
          response: { 200: NewUrlSchema, ...errorResponses('article.slug_unknown') },
        },
      },
      async (request) => {
        const path = await articles.pathForSlug(request.params.slug);
        if (!path) throw notFound('article.slug_unknown');
        // SPEC.md §7: `redart` answers with the leading slash.
        return { newUrl: path };
      },
    );

    app.get(
      '/api/articles/:category/:slug',
      {
        schema: {
          tags,
          security: [],
          summary:
            'A published article at its current address /{category}/{slug}; a former address is 404 (ask redart for the new one)',
          params: z.object({ category: addressPart, slug: addressPart }),
          response: { 200: ArticleSchema, ...errorResponses('article.not_found') },
        },
      },
      async (request) => {
        const { category, slug } = request.params;
        const reader = await accessClassOf(await request.actor());
        const found = await articles.resolve(category, slug, reader);
        if (!found?.article) throw notFound('article.not_found');
        return found.article;
      },
    );
  };
}
