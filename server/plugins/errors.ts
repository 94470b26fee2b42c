import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { englishOf, REFUSALS, type ApiCode, type ParamsArg } from '../../common/refusals/catalogue';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { AppError, issueError, type FieldError, type Params } from '../lib/errors';

/** What a request that met an unreachable database is told, and when to ask again. */
export const DATABASE_AWAY = englishOf('server.database_away');
export const RETRY_AFTER_SECONDS = 5;

/** An error answer's body (DECISIONS.md §1, §22). */
export interface ErrorBody {
  message: string;
  code: ApiCode;
  params?: Params;
  errors?: FieldError[];
  reason?: string;
}

/** The body of a refusal of the catalogue, for the answers no thrown error makes. */
export function refusalBody<C extends ApiCode>(code: C, ...[params]: ParamsArg<C>): ErrorBody {
  const message = englishOf(code, params as never);
  return params === undefined ? { message, code } : { message, code, params: params as Params };
}

const bodyOf = (error: AppError): ErrorBody => ({
  message: error.message,
  code: error.code,
  ...(error.params ? { params: error.params } : {}),
  ...error.fields,
  ...(error.errors ? { errors: error.errors } : {}),
});

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

/** Invalid input: 400 with each problem, by where, in English and by code (STYLE.md §12). */
function invalidInput(
  validation: readonly {
    keyword: string;
    instancePath: string;
    message?: string;
    params: object;
  }[],
  context: string | undefined,
): ErrorBody {
  // Fastify keeps zod's issue under `params`, its code as `keyword`.
  const errors = validation.map((issue) =>
    issueError(fieldPath(context, issue.instancePath), {
      ...issue.params,
      code: issue.keyword,
      ...(issue.message === undefined ? {} : { message: issue.message }),
    }),
  );
  const details = errors.map((e) => ({ path: e.path, text: e.message }));
  return {
    message: englishOf('validation.invalid', undefined, details),
    code: 'validation.invalid',
    errors,
  };
}

/**
 * Fastify's (and its plugins') own refusals by their error codes. Their texts are theirs, word
 * for word, as the catalogue has them (tests/integration/api/error-codes.test.ts compares).
 */
const FRAMEWORK_CODES: Record<string, ApiCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'http.bad_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'http.empty_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'http.length_mismatch',
  FST_ERR_CTP_BODY_TOO_LARGE: 'http.body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'http.unsupported_media_type',
  FST_REQ_FILE_TOO_LARGE: 'media.too_large',
};

/** The code of a framework refusal: its own, else the one its status names. */
export function frameworkCode(error: FastifyError, status: number): ApiCode {
  const known = FRAMEWORK_CODES[error.code];
  if (known && REFUSALS[known].status === status) return known;
  if (status === 413) return 'http.body_too_large';
  if (status === 415) return 'http.unsupported_media_type';
  return 'http.bad_request';
}

/** What a failure is answered with: its status, its body and, for a database away, Retry-After. */
export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  retryAfter?: string;
}

/**
 * DECISIONS.md §1's JSON for a failure, the status that names the problem and the code that
 * names the refusal, no stack trace (the error handler's, and the beacons' lean path's).
 */
export function errorAnswer(error: FastifyError | AppError): ErrorAnswer {
  if (error instanceof AppError) return { status: error.statusCode, body: bodyOf(error) };
  if (hasZodFastifySchemaValidationErrors(error))
    return { status: 400, body: invalidInput(error.validation, error.validationContext) };
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500)
    // Fastify's own refusals: broken JSON, wrong content type, body too large.
    return {
      status: error.statusCode,
      body: { message: error.message, code: frameworkCode(error, error.statusCode) },
    };
  // The database is restarting or out of reach: worth asking again in a moment.
  if (isDatabaseUnavailable(error))
    return {
      status: 503,
      body: refusalBody('server.database_away'),
      retryAfter: String(RETRY_AFTER_SECONDS),
    };
  return { status: 500, body: refusalBody('server.error') };
}

/**
 * The one error handler (STYLE.md §12): `errorAnswer`'s status and body for every failure, and
 * 5xx details only in the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body, retryAfter } = errorAnswer(error);
    if (retryAfter !== undefined) reply.header('retry-after', retryAfter);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code }, error.message);
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(
      refusalBody('http.no_such_address', {
        method: request.method,
        path: shortPath(request.url),
      }),
    );
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
      return reply
        .status(404)
        .send(refusalBody('http.not_found', { method: request.method, path }));
    reply.header('allow', allowed.join(', '));
    if (request.method === 'OPTIONS') return reply.status(204).send();
    return reply
      .status(405)
      .send(refusalBody('http.method_not_allowed', { path, method: request.method, allowed }));
  };
}
