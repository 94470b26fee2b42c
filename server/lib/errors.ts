/*
 * Typed errors with stable codes (STYLE.md §12). Services throw them; the one error handler in
 * plugins/errors.ts turns them into DECISIONS.md §1's JSON. Messages are meant for the user.
 */
import { ErrorSchema } from '../../common/schemas/common';

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError(400, message, 'BAD_REQUEST', errors);
/** A 400 about one field: the same sentence at the top and under the field (forms show it there). */
export const fieldError = (path: string, message: string) =>
  badRequest(message, [{ path, message }]);
export const unauthorized = (message = 'Not signed in, or the session has expired.') =>
  new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found.') => new AppError(404, message, 'NOT_FOUND');
export const conflict = (message: string) => new AppError(409, message, 'CONFLICT');
export const gone = (message: string) => new AppError(410, message, 'GONE');
export const payloadTooLarge = (message: string) => new AppError(413, message, 'PAYLOAD_TOO_LARGE');
export const unsupportedMediaType = (message: string) =>
  new AppError(415, message, 'UNSUPPORTED_MEDIA_TYPE');
export const tooManyRequests = (message: string) => new AppError(429, message, 'TOO_MANY_REQUESTS');
/** A write that found no room (issue 24 item 4): nothing was stored, and the answer says where. */
export const insufficientStorage = (message: string) =>
  new AppError(507, message, 'INSUFFICIENT_STORAGE');

/**
 * Whether `error` is a disk or database out of room: ENOSPC or EDQUOT from the file system,
 * SQLSTATE 53100 (disk_full) from PostgreSQL.
 */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === '53100';
}

/**
 * What each error status means on this API, as the OpenAPI document says it. Every body is
 * DECISIONS.md §1's `{ message, errors? }` (`ErrorSchema`).
 */
const ERROR_MEANINGS = {
  400: 'The request is invalid: a field (named in `errors`), the JSON, the address or the Host header.',
  401: 'Not signed in, or the session has expired or was ended.',
  403: 'Signed in without the role this needs, or a cookie-borne write from another site.',
  404: 'Nothing has this id, slug or address.',
  405: 'The address exists but does not take this method: `Allow` lists the ones it takes.',
  408: 'The body did not arrive in time: the connection is closed.',
  409: 'Conflicts with what is stored: a name, slug or email already in use, a stale edit, or a rule that keeps it.',
  410: 'The link was used already or has expired: `message` says which.',
  413: 'The body is larger than this call takes.',
  415: 'The body is not of a media type this call takes.',
  429: 'Too many requests from this address: `Retry-After` says in how many seconds to try again.',
  503: 'Busy for a moment (the database is away, or this person is already sending as many uploads as they may): `Retry-After` says in how many seconds to try again.',
  507: 'The storage named in `message` is full: nothing was stored.',
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/**
 * The error answers of a route, for its `schema.response` next to its success answers
 * (`{ 200: CategorySchema, ...errorResponses(400, 401, 403, 404) }`). A route lists the statuses
 * it really answers, where its schema is; the OpenAPI document and the response serializer both
 * read them from there.
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): Record<S[number], typeof ErrorSchema> {
  return Object.fromEntries(
    statuses.map((status) => [status, ErrorSchema.meta({ description: ERROR_MEANINGS[status] })]),
  ) as Record<S[number], typeof ErrorSchema>;
}
