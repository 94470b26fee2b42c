import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { AppError, type FieldError } from '../lib/errors';

/** What a request that met an unreachable database is told, and when to ask again. */
export const DATABASE_AWAY =
  'The site cannot reach its database just now. Please try again in a few seconds.';
export const RETRY_AFTER_SECONDS = 5;

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
    } else if (isDatabaseUnavailable(error)) {
      // The database is restarting or out of reach: worth asking again in a moment.
      status = 503;
      body = { message: DATABASE_AWAY };
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
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

/** Methods in the order an `Allow` lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The API's own catch-all, which says nothing about the methods an address takes. */
const API_CATCH_ALL = '/api/*';

/** A route's path as a pattern: `:name` is one segment, `*` the rest (the router's rules). */
function routePattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? '[^/]+'
        : segment === '*'
          ? '.*'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  // The app ignores a trailing slash (app.ts, routerOptions).
  return new RegExp(`^${source}/?$`);
}

/**
 * The methods each API address takes, learnt from the routes as they are added (so call it
 * before any route is): what a 405's `Allow` lists. Empty for an address no route has.
 */
export function trackApiMethods(app: FastifyInstance): (url: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url === API_CATCH_ALL) return;
    routes.push({ pattern: routePattern(route.url), methods: [route.method].flat() });
  });
  return (url) => {
    const path = url.split('?')[0] ?? '';
    const taken = new Set<string>();
    for (const route of routes)
      if (route.pattern.test(path)) for (const method of route.methods) taken.add(method);
    if (taken.size === 0) return [];
    // A GET route answers HEAD (Fastify's exposeHeadRoutes), and OPTIONS is answered here.
    if (taken.has('GET')) taken.add('HEAD');
    taken.add('OPTIONS');
    return METHODS.filter((method) => taken.has(method));
  };
}

/**
 * What an /api/ request no route took gets: 404 for an address the API does not have; for one
 * it has under other methods, 405 with the `Allow` they make (RFC 9110 §15.5.6), or that
 * `Allow` with 204 to OPTIONS (§9.3.7).
 */
export function answerUnknownApiCall(methodsOf: (url: string) => string[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const allowed = methodsOf(request.url);
    const path = shortPath(request.url);
    // A method the address's shape takes, yet no route took it: a parameter past the router's
    // length limit (app.ts, maxParamLength), so no such call.
    if (allowed.length === 0 || (request.method !== 'OPTIONS' && allowed.includes(request.method)))
      return reply.status(404).send({ message: `No such API call: ${request.method} ${path}` });
    reply.header('allow', allowed.join(', '));
    if (request.method === 'OPTIONS') return reply.status(204).send();
    return reply.status(405).send({
      message: `${path} does not take ${request.method}; it takes ${allowed.join(', ')}.`,
    });
  };
}
