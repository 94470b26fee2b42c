/*
 * Text the database or an XML feed cannot hold is refused before any handler sees it (issue 13
 * item 7; docs/decisions/014): PostgreSQL stores neither NUL nor a lone surrogate (both used to
 * answer 500), and XML 1.0 (feeds, sitemaps) allows no C0 control but tab, line feed and
 * carriage return. Every string of the path parameters, the query and a JSON body is checked,
 * and a malformed Host header (which URL building trips on) is refused too.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { englishOf } from '../../common/refusals/catalogue';
import { AppError, badRequest, fieldRefusal, notFound } from '../lib/errors';
import { frameworkCode, refusalBody, shortPath } from './errors';

/** C0 controls other than tab, LF and CR; U+FFFE/U+FFFF; a surrogate without its pair. */
const BAD_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** In an address, no control character at all (a tab or line break is no part of a slug). */
// eslint-disable-next-line no-control-regex
const BAD_PATH = /[\u0000-\u001f\u007f\ufffe\uffff]/;

export const BAD_TEXT_MESSAGE = englishOf('validation.bad_text', { field: '' });

/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Raw bodies (uploads, the pages' form posts as streams) are not text fields. */
const isRaw = (value: object) =>
  Buffer.isBuffer(value) ||
  ArrayBuffer.isView(value) ||
  typeof (value as { pipe?: unknown }).pipe === 'function';

/** Where the first bad string under `value` is, as "body.name", or undefined. */
function findBadText(value: unknown, path: string): string | undefined {
  const below = badTextBelow(value, 0);
  return below === undefined ? undefined : path + below;
}

/**
 * The keys from `value` down to its first bad string or key ("" when `value` itself is), or
 * undefined when it holds none. The path is made only for a refusal: every beacon's body passes
 * here (2,000 a second on counting day), and a string per field it passes was a twentieth of a
 * beacon's garbage.
 */
function badTextBelow(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return BAD_TEXT.test(value) ? '' : undefined;
  if (depth > 32 || typeof value !== 'object' || value === null || isRaw(value)) return undefined;
  for (const key of Object.keys(value)) {
    if (BAD_TEXT.test(key)) return '';
    const found = badTextBelow((value as Record<string, unknown>)[key], depth + 1);
    if (found !== undefined) return `.${key}${found}`;
  }
  return undefined;
}

/** The path with its percent-escapes decoded, or undefined when they are not UTF-8. */
function decodedPath(url: string): string | undefined {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

const refuse = (where: string) =>
  new AppError('validation.invalid', undefined, [
    fieldRefusal(where, 'validation.bad_text', { field: where.split('.').at(-1) ?? where }),
  ]);

/** Whether a Host (or a trusted X-Forwarded-Host) is one: the guard's check, for the beacons' lean path. */
export const wellFormedHost = (host: string) => HOST.test(host);

/** The guard's refusal of a JSON body holding text no database or feed can, or undefined. */
export function badTextRefusal(body: unknown): AppError | undefined {
  const where = findBadText(body, 'body');
  return where === undefined ? undefined : refuse(where);
}

/**
 * Fastify's own refusals before routing (an address whose percent-escapes are not UTF-8),
 * answered in our JSON instead of Fastify's: 400 for an API call, 404 for anything else, as
 * the guard below does.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  request.log.info({ code: error.code }, error.message);
  if (error.code === 'FST_ERR_BAD_URL') {
    if (request.url.startsWith('/api/')) {
      const refused = refuse('url');
      return reply.code(400).send({
        message: refused.message,
        code: refused.code,
        errors: refused.errors,
      });
    }
    return reply.code(404).send(
      refusalBody('http.no_such_address', {
        method: request.method,
        path: shortPath(request.url),
      }),
    );
  }
  const status = error.statusCode ?? 400;
  return reply.code(status).send({ message: error.message, code: frameworkCode(error, status) });
}

/**
 * A request Node's HTTP parser cannot read (a broken request line or header, headers too
 * large) never reaches Fastify's routes: it is answered here, in our JSON, and the connection
 * closed, as Fastify's default does in its own shape.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ([408, 'request.timeout'] as const)
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ([431, 'request.headers_too_large'] as const)
        : ([400, 'request.unreadable'] as const);
  const body = JSON.stringify(refusalBody(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // `request.host` is X-Forwarded-Host behind a trusted proxy, else the Host header.
    const host = request.headers.host === undefined ? undefined : request.host;
    if (host !== undefined && !HOST.test(host)) throw badRequest('request.bad_host');
    const path = decodedPath(request.url);
    if (path === undefined || BAD_PATH.test(path)) {
      // No page or file has such an address; an API call is told what is wrong with it.
      if (!request.url.startsWith('/api/'))
        throw notFound('http.no_such_address', {
          method: request.method,
          path: shortPath(request.url),
        });
      throw refuse('url');
    }
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const where =
      findBadText(request.query, 'querystring') ??
      findBadText(request.params, 'params') ??
      findBadText(request.body, 'body');
    if (where) throw refuse(where);
  });
}
