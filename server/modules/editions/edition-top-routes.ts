/*
 * `GET /api/editions/{slug}/top` (issue 65 item 4): the reader's city strip asks it after the
 * page loads, so pages never vary on the reader's city. Public, the same for every reader,
 * kept by the page cache with the edition's tag (a save in that edition refreshes it).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CacheTags } from '../../../common/cache-tags';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { articlePath, editionPath } from '../../../common/paths';
import type { ArticleCard } from '../../../common/schemas/articles';
import {
  EDITION_TOP_SIZE,
  EditionTopParamsSchema,
  EditionTopSchema,
  type EditionTop,
} from '../../../common/schemas/edition-top';
import { KEPT } from '../../caching/kept-answers';
import type { PageCache } from '../../caching/page-cache';
import { wholeAnswers } from '../../caching/whole-answers';
import { errorResponses, notFound } from '../../lib/errors';
import type { EditionsService } from './editions-service';

const JSON_TYPE = 'application/json; charset=utf-8';
/** A shared cache may keep it a minute; ours keeps it until the edition's list changes. */
const TOP_CACHE = 'public, max-age=60, stale-while-revalidate=600';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface TopArticles {
  editionCards(id: string, limit: number): Promise<ArticleCard[]>;
}

async function topOf(
  editions: EditionsService,
  articles: TopArticles,
  slug: string,
): Promise<{ top: EditionTop; tags: string[] }> {
  const edition = UUID.test(slug)
    ? (await editions.list()).find((e) => e._id === slug.toLowerCase())
    : await editions.bySlug(slug);
  if (!edition || !edition.active || edition._id === NATIONAL_EDITION_ID)
    throw notFound('edition.not_found');
  const [trail, cards] = await Promise.all([
    editions.pathOf(edition._id),
    articles.editionCards(edition._id, EDITION_TOP_SIZE),
  ]);
  const slugs = trail.filter((e) => e._id !== NATIONAL_EDITION_ID).map((e) => e.slug);
  const { _id, kind, names } = edition;
  const top: EditionTop = {
    edition: { _id, slug: edition.slug, kind, names, path: editionPath(slugs) },
    articles: cards.map((a) => ({
      _id: a._id,
      name: a.name,
      path: articlePath(a),
      language: a.language,
    })),
  };
  return {
    top,
    tags: [
      CacheTags.edition(_id),
      // Its names and its path (the places above it name it).
      ...trail.map((e) => CacheTags.editionNamed(e._id)),
      ...cards.map((a) => CacheTags.article(a._id)),
    ],
  };
}

export function editionTopRoutes(
  editions: EditionsService,
  articles: TopArticles,
  pages?: PageCache,
) {
  const keep = wholeAnswers(pages, KEPT.editionTop);
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/editions/:slug/top',
      {
        schema: {
          tags: ['editions'],
          summary: 'An edition’s top stories, for the reader’s city strip (public, cached)',
          description:
            '`slug` is an edition’s slug or id. The same answer for every reader; nothing about the reader is asked or kept.',
          security: [],
          params: EditionTopParamsSchema,
          response: { 200: EditionTopSchema, ...errorResponses('edition.not_found') },
        },
      },
      async (request, reply) => {
        const { top, tags } = await topOf(editions, articles, request.params.slug);
        const headers: [string, string][] = [
          ['content-type', JSON_TYPE],
          ['cache-control', TOP_CACHE],
        ];
        return keep(request, reply, headers, async () => ({ body: JSON.stringify(top), tags }));
      },
    );
  };
}
