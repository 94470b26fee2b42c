import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { PAGE_SEGMENTS } from '../../common/paths';
import type { Config } from '../env';

/**
 * Request headers a log line carries. `authorization` and `cookie` are kept on purpose, so a
 * line shows that a request came signed in; their values never reach the log (LOG_REDACT_PATHS).
 * Anything not listed here (proxies' own headers, API keys of tomorrow) is left out.
 */
const REQUEST_HEADERS = [
  'host',
  'user-agent',
  'referer',
  'origin',
  'accept-language',
  'content-type',
  'content-length',
  'x-forwarded-for',
  'authorization',
  'cookie',
] as const;

/** Response headers a "request completed" line carries; `set-cookie` shows a session began. */
const RESPONSE_HEADERS = ['content-type', 'content-length', 'location', 'set-cookie'] as const;

/** A header value longer than this is cut: one request never writes kilobytes of log. */
const MAX_HEADER_CHARS = 512;

/**
 * Where secrets sit in a log line: the sign-in token arrives as `Authorization: Bearer …` or in
 * the `patrika_token` cookie, and leaves in `Set-Cookie` (DECISIONS.md §1). Pino replaces each
 * with "[Redacted]". tests/integration/server/log-redaction.test.ts proves each one.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * Addresses that carry a one-time secret in their path (issue 26 item 8): an invitation's or a
 * password reset's token, on its page and in its API call. A log line shows the address with
 * the token replaced, so whoever reads the logs cannot use the link.
 */
const SECRET_LINK = new RegExp(
  `^(/api/users/invite/|/api/users/password-reset/|/${PAGE_SEGMENTS.invite}/|/${PAGE_SEGMENTS.reset}/)[^/?#]+`,
);
export const withoutLinkSecret = (url: string) => url.replace(SECRET_LINK, '$1[Redacted]');

/**
 * A Referer without a secret link's token: under `strict-origin-when-cross-origin` a request
 * from our reset or invitation page names that page whole (server/plugins/security.ts).
 */
const refererWithoutSecret = (value: string) => {
  try {
    const url = new URL(value);
    const path = withoutLinkSecret(url.pathname);
    return path === url.pathname ? value : `${url.origin}${path}`;
  } catch {
    return value;
  }
};

const cut = (value: string) =>
  value.length > MAX_HEADER_CHARS ? `${value.slice(0, MAX_HEADER_CHARS)}…` : value;

type HeaderValue = string | number | string[] | undefined;

function pick(
  headers: Record<string, HeaderValue>,
  names: readonly string[],
): Record<string, string | string[]> {
  const picked: Record<string, string | string[]> = {};
  for (const name of names) {
    const value = headers[name];
    if (value === undefined) continue;
    if (name === 'referer' && typeof value === 'string') {
      picked[name] = cut(refererWithoutSecret(value));
      continue;
    }
    picked[name] = Array.isArray(value) ? value.slice(0, 10).map(cut) : cut(String(value));
  }
  return picked;
}

/** The facts of a request worth a log line, bounded in number and size. */
function requestFacts(request: FastifyRequest) {
  return {
    method: request.method,
    url: cut(withoutLinkSecret(request.url)),
    remoteAddress: request.ip,
    headers: pick(request.headers, REQUEST_HEADERS),
  };
}

/** Fastify passes a whole reply, or in some early failures only `{ statusCode }`. */
function responseFacts(reply: Partial<FastifyReply> & Pick<FastifyReply, 'statusCode'>) {
  const headers =
    typeof reply.getHeaders === 'function'
      ? pick(reply.getHeaders() as Record<string, HeaderValue>, RESPONSE_HEADERS)
      : {};
  return { statusCode: reply.statusCode, headers };
}

export interface LoggerOptionsOverrides {
  /** Where log lines go instead of stdout (tests read them). */
  stream?: NodeJS.WritableStream | undefined;
  /** Only a test turns this off, to prove that the secrets would be logged without it. */
  redact?: boolean;
}

/** The server's logger: JSON lines at LOG_LEVEL, request facts, secrets redacted. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  { stream, redact = true }: LoggerOptionsOverrides = {},
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    serializers: { req: requestFacts, res: responseFacts },
    ...(redact ? { redact: LOG_REDACT_PATHS } : {}),
    ...(stream ? { stream } : {}),
  };
}
