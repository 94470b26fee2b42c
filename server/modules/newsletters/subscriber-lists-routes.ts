/*
 * Moving lists in and out (issue 37 item 5): `POST /api/newsletters/subscribers/import`
 * (multipart `file`, a CSV) and `GET /api/newsletters/subscribers?newsletter=&format=csv`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ImportAnswerSchema,
  MAX_IMPORT_BYTES,
  SubscriberExportQuerySchema,
  SubscriberRowSchema,
} from '../../../common/schemas/subscribers';
import { AppError, badRequest, errorResponses, SIGNED_IN } from '../../lib/errors';
import type { NewslettersService } from './newsletters-service';

const tags = ['newsletters'];
const security = [{ bearer: [] }];
const ADMINISTRATORS = [...SIGNED_IN, 'auth.role_required'] as const;

/** The CSV of the form's `file` part, or none; 413 past MAX_IMPORT_BYTES. */
async function readCsv(request: FastifyRequest): Promise<string | undefined> {
  let text: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      text = (await part.toBuffer()).toString('utf8');
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === 'number' && status < 500)) throw error;
    throw badRequest('media.multipart_incomplete');
  }
  return text;
}

export function subscriberListsRoutes(newsletters: NewslettersService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/newsletters/subscribers/import',
      {
        schema: {
          tags,
          summary:
            'Import subscribers from CSV (administrators): columns email, name, newsletters (slugs separated by ;), subscribed_at, consent; rows with consent true are confirmed subscribers and get no confirmation mail. `line` counts the header as line 1',
          security,
          consumes: ['multipart/form-data'],
          response: {
            200: ImportAnswerSchema,
            ...errorResponses(
              ...ADMINISTRATORS,
              'media.not_multipart',
              'media.multipart_incomplete',
              'media.too_large',
              'subscribers.no_file',
              'subscribers.csv_unreadable',
              'subscribers.csv_no_email',
            ),
          },
        },
      },
      async (request) => {
        const actor = await request.actor();
        // Who may import is asked before the file is read.
        await newsletters.mayImport(actor);
        if (!request.isMultipart()) throw badRequest('media.not_multipart');
        const text = await readCsv(request);
        if (!text) throw badRequest('subscribers.no_file');
        return newsletters.importSubscribers(actor, text);
      },
    );
    app.get(
      '/api/newsletters/subscribers',
      {
        schema: {
          tags,
          summary:
            "A newsletter's subscribers (administrators), as CSV with the import's columns and `status` (subscribed, unsubscribed, bounced), or as JSON",
          security,
          querystring: SubscriberExportQuerySchema,
          response: {
            200: z
              .array(SubscriberRowSchema)
              .or(z.string().meta({ description: 'text/csv with format=csv' })),
            ...errorResponses(...ADMINISTRATORS, 'newsletter.not_found'),
          },
        },
      },
      async (request, reply) => {
        const list = await newsletters.exportSubscribers(
          await request.actor(),
          request.query.newsletter,
        );
        reply.header('cache-control', 'no-store');
        if (request.query.format === 'json') return list.rows;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="subscribers-${list.slug}.csv"`)
          .send(list.csv());
      },
    );
  };
}
