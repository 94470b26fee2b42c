/*
 * Typed errors with stable codes (STYLE.md §12). Services throw them; the one error handler in
 * plugins/errors.ts turns them into DECISIONS.md §1's JSON. Messages are meant for the user.
 */

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
export const payloadTooLarge = (message: string) => new AppError(413, message, 'PAYLOAD_TOO_LARGE');
export const unsupportedMediaType = (message: string) =>
  new AppError(415, message, 'UNSUPPORTED_MEDIA_TYPE');
export const tooManyRequests = (message: string) => new AppError(429, message, 'TOO_MANY_REQUESTS');
