import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategoryEditSchema,
  CategoryInputSchema,
  CategoryListQuerySchema,
  CategoryListSchema,
  CategorySchema,
} from '../../../common/schemas/categories';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';

/** An editor's write: nobody, a weaker role, a cookie-borne write from another site. */
const EDITING = [...SIGNED_IN, 'auth.role_required'] as const;
/** What a category's name, slug and parent can be refused with (categories-service.ts). */
const SAVE_REFUSALS = [
  ...EDITING,
  ...JSON_BODY,
  'category.slug_needs_latin',
  'category.slug_uncategorised',
  'category.slug_reserved',
  'category.name_taken',
  'category.slug_taken',
  'category.own_parent',
  'category.parent_unknown',
  'category.parent_nested',
  'category.sections_cannot_nest',
] as const;
/** What keeps a category from being deleted (categories-service.ts, `remove`). */
const REMOVE_REFUSALS = [
  ...EDITING,
  'category.not_found',
  'category.feeds_home',
  'category.has_sections',
  'category.has_articles',
  'category.has_articles_now',
] as const;
import type { CategoriesService } from './categories-service';

const tags = ['categories'];

/** Category calls of SPEC.md §7; static paths are matched before `/:slug`. */
export function categoriesRoutes(categories: CategoriesService) {
  return async function (app: FastifyInstance) {
    await app.register(readingRoutes(categories));
    await app.register(editingRoutes(categories));
  };
}

/** What readers' pages and the navigation ask for: all categories, the home ones, one by slug. */
function readingRoutes(categories: CategoriesService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/categories',
      {
        schema: {
          tags,
          summary: 'All categories (navigation)',
          description:
            'Each with parentId (null at the top level) and nameHi / nameEn (empty: name is shown).',
          security: [],
          response: { 200: z.array(CategorySchema), ...errorResponses() },
        },
      },
      async () => categories.listAll(),
    );

    app.get(
      '/api/categories/home',
      {
        schema: {
          tags,
          summary: 'Home categories',
          security: [],
          querystring: z.object({ isHome: z.enum(['true', 'false']).optional() }),
          response: { 200: z.array(CategorySchema), ...errorResponses() },
        },
      },
      async () => categories.listHome(),
    );

    app.get(
      '/api/categories/:slug',
      {
        schema: {
          tags,
          summary: 'One category by slug',
          security: [],
          params: z.object({ slug: z.string().max(200) }),
          response: { 200: CategorySchema, ...errorResponses('category.not_found') },
        },
      },
      async (request) => categories.bySlug(request.params.slug),
    );
  };
}

/** The editors' calls: a page of categories, add, edit, delete. */
function editingRoutes(categories: CategoriesService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

    app.get(
      '/api/categories/admin-categories',
      {
        schema: {
          tags,
          summary: 'A page of categories (editor)',
          security,
          querystring: CategoryListQuerySchema,
          response: {
            200: CategoryListSchema,
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request) =>
        categories.listPage(await request.actor(), request.query.page, request.query.limit),
    );

    app.post(
      '/api/categories/addCategory',
      {
        schema: {
          tags,
          summary: 'Add a category (editor)',
          description:
            'Our additions: parentId puts it inside a top-level category (sections go one level deep: 400 when the parent does not exist or is itself inside another); nameHi and nameEn are its names for a Hindi or an English interface (empty: name).',
          security,
          body: CategoryInputSchema,
          response: { 201: CategorySchema, ...errorResponses(...SAVE_REFUSALS) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await categories.create(await request.actor(), request.body)),
    );

    app.put(
      '/api/categories/edit',
      {
        schema: {
          tags,
          summary: 'Edit a category (editor); a slug change keeps old addresses working',
          description:
            'A field left out keeps what is stored (slug, parentId, nameHi, nameEn). parentId null moves it to the top level; 400, changing nothing, when the parent is the category itself, does not exist, is inside another category, or when the category has categories inside it.',
          security,
          body: CategoryEditSchema,
          response: {
            200: CategorySchema,
            ...errorResponses(...SAVE_REFUSALS, 'category.not_found'),
          },
        },
      },
      async (request) => categories.update(await request.actor(), request.body),
    );

    app.delete(
      '/api/categories/delete/:id',
      {
        schema: {
          tags,
          summary: 'Delete an empty category (editor)',
          description:
            'Refused with 409, deleting nothing, while articles are in it, a home section setting names it, or other categories are inside it (the message names them: move them to another category or to the top level first).',
          security,
          params: IdParamsSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(...REMOVE_REFUSALS),
          },
        },
      },
      async (request) => categories.remove(await request.actor(), request.params.id),
    );
  };
}
