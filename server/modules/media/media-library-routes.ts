/* The media library's calls (issue 26 item 1), registered by server/http.ts. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import {
  MediaItemSchema,
  MediaListSchema,
  MediaQuerySchema,
  MediaUpdateSchema,
} from '../../../common/schemas/media';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { MediaLibrary } from './media-library';
import { MEDIA_UPLOAD_PATH } from './media-routes';

/**
 * The media library (issue 26 item 1, docs/decisions/034): GET /api/media lists the uploads with
 * where each is used, PUT /api/media/{id} edits an upload's alt text and caption, DELETE
 * /api/media/{id} removes one nothing uses (409 while anything does). The rules of who may do
 * what live in media-library.ts.
 */
export function mediaLibraryRoutes(library: MediaLibrary) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['media'];
    const security = [{ bearer: [] }];
    app.get(
      MEDIA_UPLOAD_PATH,
      {
        schema: {
          tags,
          summary:
            'The media library (author and up): uploads newest first, searched by file name, alt text and caption, filtered by type, month and uploader, each with where it is used',
          security,
          querystring: MediaQuerySchema,
          response: {
            200: MediaListSchema,
            ...errorResponses('auth.signed_out', 'media.list_forbidden'),
          },
        },
      },
      async (request) => library.list(await request.actor(), request.query),
    );
    app.put(
      `${MEDIA_UPLOAD_PATH}/:id`,
      {
        schema: {
          tags,
          summary:
            "Change an upload's alt text and caption (authors their own uploads, editors and administrators any)",
          security,
          params: IdParamsSchema,
          body: MediaUpdateSchema,
          response: {
            200: MediaItemSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'media.library_forbidden',
              'media.not_in_library',
              'media.edit_not_own',
            ),
          },
        },
      },
      async (request) => library.update(await request.actor(), request.params.id, request.body),
    );
    app.delete(
      `${MEDIA_UPLOAD_PATH}/:id`,
      {
        schema: {
          tags,
          summary:
            'Delete an upload nothing uses, with its files (authors their own, editors and administrators any); 409 while an article, a live-blog entry, an earlier version of an article, a person’s photo or a setting uses it',
          security,
          params: IdParamsSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(
              ...SIGNED_IN,
              'media.library_forbidden',
              'media.not_in_library',
              'media.delete_not_own',
              'media.in_use',
              'media.came_into_use',
            ),
          },
        },
      },
      async (request) => {
        await library.remove(await request.actor(), request.params.id);
        return { message: 'The image was deleted.' };
      },
    );
  };
}
