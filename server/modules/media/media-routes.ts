import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EPAPER_PUBLIC_KEY_PATTERN } from '../../../common/epaper';
import { requireRole } from '../../lib/actor';
import { createKeyedLimit } from '../../lib/semaphore';
import {
  AppError,
  badRequest,
  errorResponses,
  forbidden,
  JSON_BODY,
  notFound,
  requestTimeout,
  serviceUnavailable,
  SIGNED_IN,
} from '../../lib/errors';
import { MAX_UPLOAD_BYTES, type MediaService } from './media-service';
import { MEDIA_KEY_PATTERN, type MediaStorage } from './media-storage';

/**
 * A file's validator. A key is written once and never rewritten (a re-upload gets a new key),
 * so the key itself identifies the bytes: no need to hash them on every request.
 */
const mediaEtag = (key: string) =>
  `"${createHash('sha256').update(key).digest('base64url').slice(0, 22)}"`;

/** Whether an If-None-Match header names this validator (a list, weak forms or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * GET /media/<key>: uploaded files; a key is never rewritten, so they cache for a year, answer
 * 304 to a revalidation, and may be shown by other sites (feed readers, social cards).
 */
export function mediaFileRoutes(
  storage: MediaStorage,
  /**
   * Whether a key is held back from this request (the paid e-paper's walled pages, issue 68
   * item 3: their views and tiles only at the e-paper's signed addresses): 403, never kept.
   */
  walled: (key: string, request: FastifyRequest) => Promise<boolean> = async () => false,
) {
  return async function (app: FastifyInstance) {
    app.get<{ Params: { '*': string } }>(
      '/media/*',
      { schema: { hide: true } },
      async (request, reply) => {
        const key = request.params['*'];
        // An upload's files, or an e-paper page's views and tiles (issue 67; never its PDF).
        if (!MEDIA_KEY_PATTERN.test(key) && !EPAPER_PUBLIC_KEY_PATTERN.test(key))
          throw notFound('media.file_not_found');
        if (await walled(key, request)) {
          reply.header('cache-control', 'no-store');
          throw forbidden('epaper.page_walled');
        }
        const file = await storage.get(key);
        if (!file) throw notFound('media.file_not_found');
        const etag = mediaEtag(key);
        reply
          .header('etag', etag)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('x-content-type-options', 'nosniff');
        if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
        return reply.header('content-type', file.contentType).send(file.data);
      },
    );
  };
}

/** Uploads one address may make in 10 minutes. */
export const UPLOADS_PER_ADDRESS = 60;
const UPLOADS_WINDOW_MS = 10 * 60_000;

const UploadSchema = z.object({
  _id: z.string(),
  secure_url: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  variants: z.array(z.object({ width: z.number(), url: z.string() })),
});

/** Where images are uploaded (also the uploads metric's route, server/plugins/metrics.ts). */
export const MEDIA_UPLOAD_PATH = '/api/media';

/**
 * Uploads one person may be sending at once (issue 44 item 8); past it they are answered 503 at
 * once instead of queueing behind their own work (twenty parallel 10 MB uploads had the slowest
 * wait 322 s and /api/health 14 s). Counted in this process: what it protects is this process's
 * memory and decoder (media-service.ts), each process guarding its own.
 */
export const UPLOADS_AT_ONCE_PER_PERSON = 2;
/** The Retry-After of that 503: about the time an upload takes to be stored. */
export const UPLOADS_BUSY_RETRY_SECONDS = 5;

/**
 * Seconds an upload's whole body may take to arrive (issue 44 item 9): 10 MB needs about 1 Mbit/s.
 * Node's own limit is 300 s for any request, so a body trickling in a byte at a time held a
 * connection and one of the person's uploads that long. Past it the upload is answered 408 and
 * its connection closed. buildApp's `uploadBodySeconds` sets another (tests).
 */
export const UPLOAD_BODY_SECONDS = 90;
const uploadTooSlow = (seconds: number) => requestTimeout('media.upload_too_slow', { seconds });

/** The upload's file part: its bytes and name, or none; 413 past the size limit. */
async function readUpload(request: FastifyRequest) {
  let data: Buffer | undefined;
  let filename: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        filename = part.filename;
        data = await part.toBuffer(); // throws 413 past the limit; nothing is stored yet
      }
    }
  } catch (error) {
    // A broken multipart body (no boundary, cut short) is the client's mistake, not ours.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === 'number' && status < 500)) throw error;
    throw badRequest('media.multipart_incomplete');
  }
  return { data, filename };
}

/**
 * `reading`, or a 408 once `seconds` pass first: the answer then says the connection closes, so
 * Node ends it once the answer is sent instead of reading the rest of a trickle.
 */
async function within<T>(seconds: number, reply: FastifyReply, reading: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reply.header('connection', 'close');
      reject(uploadTooSlow(seconds));
    }, seconds * 1000);
  });
  // The reading fails when the connection closes; nobody waits for it then.
  reading.catch(() => {});
  try {
    return await Promise.race([reading, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * POST /api/media: our replacement for the external image host (DECISIONS.md §3). Multipart
 * `file`; a stray `upload_preset` is ignored. Answers `secure_url` like the host did.
 */
export function mediaUploadRoutes(mediaService: MediaService, opts: { bodySeconds?: number } = {}) {
  const bodySeconds = opts.bodySeconds ?? UPLOAD_BODY_SECONDS;
  const sending = createKeyedLimit(UPLOADS_AT_ONCE_PER_PERSON);
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      MEDIA_UPLOAD_PATH,
      {
        schema: {
          tags: ['media'],
          summary: `Upload an image (author and up): JPEG, PNG, WebP, AVIF or GIF, at most 10 MB; ${UPLOADS_PER_ADDRESS} uploads per address in 10 minutes, ${UPLOADS_AT_ONCE_PER_PERSON} at once per person (503 past it)`,
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          response: {
            201: UploadSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'media.upload_forbidden',
              'media.not_multipart',
              'media.multipart_incomplete',
              'media.no_file',
              'media.too_large',
              'media.unsupported_type',
              'media.unreadable',
              'media.too_many_pixels',
              'media.side_too_long',
              'media.decode_too_slow',
              'media.too_many_frames',
              'media.upload_too_slow',
              'media.uploads_busy',
              'media.storage_full',
            ),
          },
        },
        // Each upload is decoded and resized: bounded per address.
        config: { rateLimit: { max: UPLOADS_PER_ADDRESS, timeWindow: UPLOADS_WINDOW_MS } },
      },
      async (request, reply) => {
        const actor = requireRole(await request.actor(), 'author', 'media.upload_forbidden');
        if (!request.isMultipart()) throw badRequest('media.not_multipart');
        // Counted before the body is read, so a person's uploads never wait behind their own.
        const release = sending.take(actor.id);
        if (!release) {
          reply.header('retry-after', String(UPLOADS_BUSY_RETRY_SECONDS));
          throw serviceUnavailable('media.uploads_busy', { count: UPLOADS_AT_ONCE_PER_PERSON });
        }
        try {
          const { data, filename } = await within(bodySeconds, reply, readUpload(request));
          if (!data || data.length === 0) throw badRequest('media.no_file');
          const stored = await mediaService.storeImage(data, { uploadedBy: actor.id, filename });
          return reply.status(201).send({ ...stored, secure_url: stored.url });
        } finally {
          release();
        }
      },
    );
  };
}
