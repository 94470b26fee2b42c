import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../lib/errors';

interface ErrorBody {
  message: string;
  errors?: FieldError[];
}

/** The path of a URL, cut short: a message never echoes a huge address back. */
export const shortPath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
};

/** Where a zod issue points, as "body.name" or "query.page". */
function fieldPath(context: string | undefined, instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  const where = context ?? 'body';
  return [where, ...parts].join('.');
}

/**
 * The one error handler (STYLE.md §12): DECISIONS.md §1's JSON for every failure, the status
 * that names the problem, no stack traces to the client, and 5xx details only in the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status: number;
    let body: ErrorBody;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = error.errors
        ? { message: error.message, errors: error.errors }
        : { message: error.message };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const errors = error.validation.map((issue) => ({
        path: fieldPath(error.validationContext, issue.instancePath),
        message: issue.message ?? 'is invalid',
      }));
      const first = errors[0];
      body = {
        message: first ? `Invalid request: ${first.path}: ${first.message}` : 'Invalid request',
        errors,
      };
    } else if (
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      // Fastify's own refusals: broken JSON, wrong content type, body too large, rate limits.
      status = error.statusCode;
      body = { message: error.message };
    } else {
      status = 500;
      body = { message: 'Something went wrong on our side. Please try again.' };
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: (error as { code?: string }).code }, error.message);
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `No such address: ${request.method} ${shortPath(request.url)}` });
  });
}
