/*
 * The paid edition over HTTP (issue 68 items 3 and 4; this module's README): a reader's access
 * to an issue after load (private, never stored by a cache), a walled page's files at signed
 * addresses, an issue's PDF for an entitled reader, and the back office's look-up of a
 * download's trace (administrators; audited by server/modules/audit/audit-hooks.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EPAPER_SIGNED_PREFIX } from '../../../common/epaper-access';
import {
  EpaperIssueAccessSchema,
  EpaperIssueParamsSchema,
  EpaperTraceParamsSchema,
  EpaperTraceSchema,
} from '../../../common/schemas/epaper';
import { errorResponses, SIGNED_IN } from '../../lib/errors';
import { security, tags } from './epaper-route-options';
import type { Epaper } from './epaper-wiring';

/** What a reader's own answer tells caches: nobody keeps it, not even the browser. */
const PRIVATE = 'private, no-store';

export function epaperAccessRoutes(epaper: Epaper) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/epaper/issues/:id/access',
      {
        schema: {
          tags,
          summary:
            "A reader's access to a public issue's walled pages (issue 68 item 3): the wall, or each page's view and tiles at addresses signed for minutes. Private: never kept by a cache",
          security: [],
          params: EpaperIssueParamsSchema,
          response: {
            200: EpaperIssueAccessSchema,
            ...errorResponses('epaper.issue_not_found'),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', PRIVATE);
        return epaper.issueAccess(await request.actor(), request.params.id);
      },
    );
    await fastify.register(signedFileRoutes(epaper));
    await fastify.register(downloadRoutes(epaper));
  };
}

const SignedParamsSchema = z.object({
  pageId: z.string(),
  expires: z.string(),
  sig: z.string(),
});
const signedFileSchema = <P extends z.ZodObject>(summary: string, params: P) => ({
  schema: {
    tags,
    summary,
    security: [],
    params,
    response: {
      200: z.any().meta({ description: 'image/webp or image/avif' }),
      ...errorResponses('epaper.address_expired', 'media.file_not_found'),
    },
  },
});

/**
 * A walled page's view and tiles at its signed address (what `…/access` hands out): private,
 * kept by the reader's browser only as long as the signature works.
 */
function signedFileRoutes(epaper: Epaper) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const send = async (
      reply: FastifyReply,
      p: z.infer<typeof SignedParamsSchema>,
      file: string,
    ) => {
      const found = await epaper.signedFile(p.pageId, p.expires, p.sig, file);
      return reply
        .header('cache-control', `private, max-age=${found.seconds}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-type', found.contentType)
        .send(found.data);
    };
    const base = `${EPAPER_SIGNED_PREFIX}/:pageId/:expires/:sig`;
    app.get(
      `${base}/:file`,
      signedFileSchema(
        "A walled page's view (`view.webp`, `view.avif`) at its signed address",
        SignedParamsSchema.extend({ file: z.string() }),
      ),
      async (request, reply) => send(reply, request.params, request.params.file),
    );
    app.get(
      `${base}/tiles_files/:level/:tile`,
      signedFileSchema(
        "A walled page's Deep Zoom tile (`{col}_{row}.webp`) at its signed address",
        SignedParamsSchema.extend({ level: z.string(), tile: z.string() }),
      ),
      async (request, reply) =>
        send(reply, request.params, `tiles_files/${request.params.level}/${request.params.tile}`),
    );
  };
}

/** An issue's PDF for an entitled reader, and a leaked copy's trace for administrators. */
function downloadRoutes(epaper: Epaper) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/epaper/issues/:id/download',
      {
        schema: {
          tags,
          security,
          summary:
            "An issue's PDF for a signed-in reader entitled to its walled pages (issue 68 item 4): each copy carries a line naming it and, in its metadata, a trace of its reader; a few a day",
          params: EpaperIssueParamsSchema,
          response: {
            // Bytes, sent as they are (Fastify never serialises a Buffer).
            200: z.any().meta({ description: 'application/pdf' }),
            ...errorResponses(
              ...SIGNED_IN,
              'epaper.issue_not_found',
              'epaper.download_walled',
              'epaper.download_limit',
              'epaper.download_unavailable',
            ),
          },
        },
      },
      async (request, reply) => {
        const copy = await epaper.download(await request.actor(), request.params.id);
        return reply
          .header('cache-control', PRIVATE)
          .header('content-disposition', `attachment; filename="${copy.filename}"`)
          .type('application/pdf')
          .send(copy.pdf);
      },
    );
    app.get(
      '/api/epaper/traces/:trace',
      {
        schema: {
          tags,
          security,
          summary:
            'The reader behind a leaked copy’s trace (administrators; each look-up is in the audit trail)',
          params: EpaperTraceParamsSchema,
          response: {
            200: EpaperTraceSchema,
            ...errorResponses('auth.signed_out', 'auth.role_required', 'epaper.trace_not_found'),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', PRIVATE);
        return epaper.trace(await request.actor(), request.params.trace);
      },
    );
  };
}
