/*
 * Refusals of a request as such, whatever it asks for: addresses and methods, bodies the
 * framework cannot take, invalid input, limits, sign-in and roles, our own failures, and the
 * few the browser makes itself (no answer came).
 */
import { z } from 'zod';
import { minutes, type Detail, type Entry } from './define';

/** zod's own English for one of its issues (its `en` locale), from the params. */
const zodEnglish = z.locales.en().localeError;
const zodSays = (code: string) => (params: Record<string, unknown>) =>
  (typeof zodEnglish === 'function'
    ? zodEnglish({ code, ...params } as never)
    : undefined) as string;

/** The composed text of a 400: its first problem, where and what (DECISIONS.md §1). */
const invalidRequest = (_: undefined, [first]: readonly Detail[]) =>
  first ? `Invalid request: ${first.path}: ${first.text}` : 'Invalid request';

/** Addresses, methods and bodies the framework refuses before any route sees them. */
export const HTTP = {
  'http.not_found': {
    status: 404,
    en: (p: { method: string; path: string }) => `No such API call: ${p.method} ${p.path}`,
  },
  'http.no_such_address': {
    status: 404,
    outsideApi: true,
    en: (p: { method: string; path: string }) => `No such address: ${p.method} ${p.path}`,
  },
  'http.method_not_allowed': {
    status: 405,
    en: (p: { path: string; method: string; allowed: readonly string[] }) =>
      `${p.path} does not take ${p.method}; it takes ${p.allowed.join(', ')}.`,
  },
  // Fastify's own texts, word for word (its FST_ERR_CTP_* errors).
  'http.bad_json': {
    status: 400,
    en: "Body is not valid JSON but content-type is set to 'application/json'",
  },
  'http.empty_json': {
    status: 400,
    en: "Body cannot be empty when content-type is set to 'application/json'",
  },
  'http.length_mismatch': { status: 400, en: 'Request body size did not match Content-Length' },
  'http.body_too_large': { status: 413, en: 'Request body is too large' },
  'http.unsupported_media_type': { status: 415, en: 'Unsupported Media Type' },
  /** Another framework refusal we have no code of our own for: its text is the framework's. */
  'http.bad_request': { status: 400, en: 'The request could not be read.' },
  // A request Node's parser cannot read is answered before Fastify (plugins/input-guard.ts).
  'request.unreadable': { status: 400, en: 'The request could not be read.' },
  'request.timeout': { status: 408, en: 'The request took too long to arrive.' },
  'request.headers_too_large': { status: 431, en: 'The request headers are too large.' },
  'request.bad_host': {
    status: 400,
    en: 'Invalid request: the Host header is not a host name.',
  },
} as const satisfies Record<string, Entry>;

/**
 * Invalid input: the 400 itself (`validation.invalid`, whose text is its first problem's), and
 * each problem of its `errors[]`. zod's own issues keep zod's code; the shared schemas' own
 * texts have codes of their own, with the field as the text names it.
 */
export const VALIDATION = {
  'validation.invalid': { status: 400, en: invalidRequest },
  'validation.bad_text': {
    status: 400,
    en: (_: { field: string }) => 'must not contain control characters or broken Unicode text',
  },
  // zod's issues, said as zod says them.
  'validation.invalid_type': {
    status: 400,
    en: (p: { expected: string }) => `Invalid input: expected ${p.expected}`,
  },
  'validation.invalid_value': {
    status: 400,
    en: zodSays('invalid_value') as (p: { values: readonly unknown[] }) => string,
  },
  'validation.too_small': {
    status: 400,
    en: zodSays('too_small') as (p: {
      origin: string;
      minimum: number;
      inclusive?: boolean;
      exact?: boolean;
    }) => string,
  },
  'validation.too_big': {
    status: 400,
    en: zodSays('too_big') as (p: {
      origin: string;
      maximum: number;
      inclusive?: boolean;
      exact?: boolean;
    }) => string,
  },
  'validation.invalid_format': {
    status: 400,
    en: zodSays('invalid_format') as (p: { format: string; pattern?: string }) => string,
  },
  'validation.not_multiple_of': {
    status: 400,
    en: zodSays('not_multiple_of') as (p: { divisor: number }) => string,
  },
  'validation.unrecognized_keys': {
    status: 400,
    en: zodSays('unrecognized_keys') as (p: { keys: readonly string[] }) => string,
  },
  'validation.invalid_key': {
    status: 400,
    en: (p: { origin: string }) => `Invalid key in ${p.origin}`,
  },
  'validation.invalid_element': {
    status: 400,
    en: (p: { origin: string }) => `Invalid value in ${p.origin}`,
  },
  'validation.invalid_union': { status: 400, en: 'Invalid input' },
  'validation.custom': { status: 400, en: 'Invalid input' },
  // The shared schemas' texts, field by field.
  'validation.not_text': { status: 400, en: (p: { field: string }) => `${p.field} must be text` },
  'validation.required': { status: 400, en: (p: { field: string }) => `${p.field} is required` },
  'validation.too_short': {
    status: 400,
    en: (p: { field: string; minimum: number }) =>
      `${p.field} must be at least ${p.minimum} characters`,
  },
  'validation.too_long': {
    status: 400,
    en: (p: { field: string; maximum: number }) =>
      `${p.field} must be at most ${p.maximum} characters`,
  },
  'validation.too_long_text': {
    status: 400,
    en: (p: { field: string }) => `${p.field} is too long`,
  },
  'validation.not_boolean': {
    status: 400,
    en: (p: { field: string }) => `${p.field} must be true or false`,
  },
  'validation.not_datetime': {
    status: 400,
    en: (p: { field: string }) => `${p.field} must be a date and time (ISO 8601)`,
  },
  'validation.not_number': {
    status: 400,
    en: (p: { field: string }) => `${p.field} must be a number`,
  },
  'validation.not_whole_number': {
    status: 400,
    en: (p: { field: string }) => `${p.field} must be a whole number`,
  },
  'validation.at_least': {
    status: 400,
    en: (p: { field: string; minimum: number }) => `${p.field} must be ${p.minimum} or more`,
  },
  'validation.at_most': {
    status: 400,
    en: (p: { field: string; maximum: number }) => `${p.field} must be at most ${p.maximum}`,
  },
  'validation.number_too_large': {
    status: 400,
    en: (p: { field: string }) => `${p.field} is too large`,
  },
  'validation.one_of': {
    status: 400,
    en: (p: { field: string; values: readonly string[] }) =>
      `${p.field} must be one of ${p.values.join(', ')}`,
  },
  'validation.not_id': { status: 400, en: 'Expected an id' },
  'validation.email': { status: 400, en: 'Enter a valid e-mail address' },
} as const satisfies Record<string, Entry>;

/** Limits, sign-in, roles and our own failures. */
export const ACCESS = {
  'rate_limit.exceeded': {
    status: 429,
    en: (p: { minutes: number }) => `Too many requests. Please try again in ${minutes(p.minutes)}.`,
  },
  'auth.signed_out': { status: 401, en: 'Not signed in, or the session has expired.' },
  'events.read_forbidden': { status: 403, en: 'Only administrators can read the events.' },
  'auth.invalid_credentials': { status: 401, en: 'Invalid email or password.' },
  'auth.too_many_failures': {
    status: 429,
    en: (p: { minutes: number }) =>
      `Too many failed sign-in attempts. Try again in ${minutes(p.minutes)}.`,
  },
  'auth.role_required': {
    status: 403,
    en: (p: { role: string }) => `This needs the ${p.role} role or higher.`,
  },
  'auth.cross_site': { status: 403, en: 'Cross-site request refused.' },
  'metrics.local_only': {
    status: 403,
    outsideApi: true,
    en: 'Metrics are served only to this machine. Set METRICS_TOKEN to read them from elsewhere.',
  },
  'metrics.token_required': {
    status: 401,
    outsideApi: true,
    en: 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".',
  },
  'server.error': { status: 500, en: 'Something went wrong on our side. Please try again.' },
  'server.database_away': {
    status: 503,
    en: 'The site cannot reach its database just now. Please try again in a few seconds.',
  },
} as const satisfies Record<string, Entry>;

/** What the browser says when no answer of ours came (app/features/api). */
export const CLIENT = {
  'client.unreachable': {
    en: 'Could not reach the server. Check your connection and try again.',
  },
  'client.request_failed': { en: (p: { status: number }) => `Request failed (${p.status}).` },
  'client.upload_failed': { en: (p: { status: number }) => `Upload failed (${p.status}).` },
  'client.upload_unreachable': { en: 'Could not reach the server.' },
  'client.sign_in_again': { en: 'Please sign in again.' },
  /** A back-office screen whose data was not found (its route's 404). */
  'client.load_not_found': { en: (p: { status: number }) => `${p.status} Not Found` },
} as const satisfies Record<string, Entry>;
