/*
 * An e-paper issue's pages over HTTP (issue 67 item 1; the contract in this module's README):
 * added (multipart, each PDF in a field `file`), reordered, replaced and removed, by editors and
 * up. Who may upload is checked before a body is read; received files are written to this
 * process's work folder, checked there by the service and removed after, whatever happens.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EPAPER_MAX_FILE_BYTES, EPAPER_MAX_FILES } from '../../../common/epaper';
import {
  EpaperIssueParamsSchema,
  EpaperIssueSchema,
  EpaperOrderSchema,
  EpaperPageParamsSchema,
} from '../../../common/schemas/epaper';
import { AppError, badRequest, errorResponses, JSON_BODY } from '../../lib/errors';
import type { ReceivedFile } from './epaper-intake';
import { ISSUE_REFUSALS, security, tags } from './epaper-route-options';
import type { Epaper } from './epaper-wiring';

const UPLOAD_REFUSALS = [
  'epaper.not_multipart',
  'epaper.no_file',
  'epaper.too_many_files',
  'epaper.file_too_large',
  'epaper.not_pdf',
  'epaper.pdf_malformed',
  'epaper.pdf_encrypted',
  'epaper.page_too_large',
  'epaper.processing_unavailable',
  'media.storage_full',
] as const;
const MAX_MB = EPAPER_MAX_FILE_BYTES / 2 ** 20;

/** A file part's refusal from the multipart reader, as ours. */
function refusalOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { code, part } = error as { code?: string; part?: { filename?: string } };
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('epaper.file_too_large', {
      name: part?.filename ?? 'file',
      maximum: MAX_MB,
    });
  if (code === 'FST_FILES_LIMIT')
    return badRequest('epaper.too_many_files', { maximum: EPAPER_MAX_FILES });
  // A broken multipart body (no boundary, cut short) is the client's mistake, not ours.
  return badRequest('epaper.not_multipart');
}

/** Writes each file part to `dir`; the first refusal (size, count, a cut body) ends it. */
async function receive(request: FastifyRequest, dir: string): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw badRequest('epaper.not_multipart');
  await mkdir(dir, { recursive: true });
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: EPAPER_MAX_FILE_BYTES, files: EPAPER_MAX_FILES, fields: 10 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const name = part.filename || `page-${files.length + 1}.pdf`;
      const path = join(dir, `upload-${files.length + 1}.pdf`);
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated)
        throw new AppError('epaper.file_too_large', { name, maximum: MAX_MB });
      files.push({ name, path });
    }
  } catch (error) {
    throw refusalOf(error);
  }
  return files;
}

type WithFiles = <T>(
  request: FastifyRequest,
  work: (files: ReceivedFile[], dir: string) => Promise<T>,
) => Promise<T>;

export function epaperPageRoutes(epaper: Epaper) {
  /** Runs `work` with the request's files received into a folder of their own, removed after. */
  const withFiles: WithFiles = async (request, work) => {
    const dir = join(epaper.workDir, `${process.pid}-${randomBytes(6).toString('hex')}`);
    try {
      return await work(await receive(request, dir), dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  return async function (fastify: FastifyInstance) {
    await fastify.register(addRoutes(epaper, withFiles));
    await fastify.register(onePageRoutes(epaper, withFiles));
  };
}

/** Pages added (multipart) and reordered. */
function addRoutes(epaper: Epaper, withFiles: WithFiles) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/epaper/issues/:id/pages',
      {
        schema: {
          tags,
          security,
          summary:
            'Add pages (multipart, each PDF in a field `file`, at most 50 MB and 10,000 px a side at 300 dpi): one page per file, numbered by the numbers in their names when all have one, else in the order sent, after the pages there; a multi-page PDF is split into its pages. The same page already stored (the same PDF bytes) is stored and processed once.',
          consumes: ['multipart/form-data'],
          params: EpaperIssueParamsSchema,
          response: {
            201: EpaperIssueSchema,
            ...errorResponses(
              ...ISSUE_REFUSALS,
              ...UPLOAD_REFUSALS,
              'epaper.too_many_pages',
              'epaper.page_number_taken',
            ),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.actor();
        // Who may upload is known before the body is read: a refused upload writes nothing.
        await epaper.deskIssue(actor, request.params.id);
        const answer = await withFiles(request, (files, dir) =>
          epaper.addPages(actor, request.params.id, files, dir),
        );
        return reply.code(201).send(answer);
      },
    );
    app.put(
      '/api/epaper/issues/:id/pages',
      {
        schema: {
          tags,
          security,
          summary: "Reorder an issue's pages: every page's id once, in the new order",
          params: EpaperIssueParamsSchema,
          body: EpaperOrderSchema,
          response: {
            200: EpaperIssueSchema,
            ...errorResponses(...JSON_BODY, ...ISSUE_REFUSALS, 'epaper.order_mismatch'),
          },
        },
      },
      async (request) =>
        epaper.reorder(await request.actor(), request.params.id, request.body.order),
    );
  };
}

/** One page: replaced (multipart) or removed. */
function onePageRoutes(epaper: Epaper, withFiles: WithFiles) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.put(
      '/api/epaper/issues/:id/pages/:pageId',
      {
        schema: {
          tags,
          security,
          summary:
            "Replace a page's PDF (multipart, one single-page PDF in `file`); its number stays",
          consumes: ['multipart/form-data'],
          params: EpaperPageParamsSchema,
          response: {
            200: EpaperIssueSchema,
            ...errorResponses(
              ...ISSUE_REFUSALS,
              ...UPLOAD_REFUSALS,
              'epaper.page_not_found',
              'epaper.replace_one_page',
            ),
          },
        },
      },
      async (request) => {
        const actor = await request.actor();
        await epaper.deskIssue(actor, request.params.id);
        const ids = { issueId: request.params.id, pageId: request.params.pageId };
        return withFiles(request, (files, dir) => epaper.replacePage(actor, ids, files, dir));
      },
    );
    app.delete(
      '/api/epaper/issues/:id/pages/:pageId',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a page; the pages after it move up one',
          params: EpaperPageParamsSchema,
          response: {
            200: EpaperIssueSchema,
            ...errorResponses(...ISSUE_REFUSALS, 'epaper.page_not_found'),
          },
        },
      },
      async (request) =>
        epaper.removePage(await request.actor(), {
          issueId: request.params.id,
          pageId: request.params.pageId,
        }),
    );
  };
}
