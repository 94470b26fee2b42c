/*
 * Typed errors with stable codes (STYLE.md §12, DECISIONS.md §22). Services throw them by code
 * (`throw conflict('article.slug_taken')`); the code's English text and status live once, in
 * common/refusals/catalogue.ts. The one error handler in plugins/errors.ts turns them into
 * DECISIONS.md §1's JSON: `{ message, code, params?, errors? }`.
 */
import { z } from 'zod';
import {
  englishOf,
  REFUSALS,
  statusOf,
  type Code,
  type ApiCode,
  type CodeWithStatus,
  type ParamsArg,
  type ParamsOf,
} from '../../common/refusals/catalogue';
import type { Detail, Entry } from '../../common/refusals/define';
import { refusalOfIssue } from '../../common/refusals/schema-refusals';
import { ErrorSchema, FieldErrorSchema, MessageSchema } from '../../common/schemas/common';

/** What a refusal's text is made of, as the answer carries it. */
export type Params = Record<string, unknown>;

/** One problem of a refused request, where it was found (`errors[]`, DECISIONS.md §1). */
export interface FieldError {
  path: string;
  message: string;
  code: string;
  params?: Params;
}

const detailsOf = (errors: readonly FieldError[] | undefined): Detail[] =>
  (errors ?? []).map((e) => ({ path: e.path, text: e.message }));

export class AppError extends Error {
  readonly statusCode: number;
  /** Fields the contract names beside the code (a ban's `reason`, issue 42 item 2; the newer result a stale save missed, issue 69 item 2). */
  fields?: { reason?: string; newer?: unknown };
  constructor(
    readonly code: ApiCode,
    readonly params?: Params,
    readonly errors?: FieldError[],
  ) {
    super(englishOf(code, params as never, detailsOf(errors)));
    this.statusCode = statusOf(code);
    this.name = 'AppError';
  }
}

/** A problem under one field: its path, its English, its code and params. */
export function fieldRefusal<C extends ApiCode>(
  path: string,
  code: C,
  ...[params]: ParamsArg<C>
): FieldError {
  const message = englishOf(code, params as ParamsOf<C>);
  return params === undefined
    ? { path, message, code }
    : { path, message, code, params: params as Params };
}

/** The refusals one status answers: a throw site names the code, TypeScript checks the status. */
const refusing =
  <S extends number>() =>
  <C extends CodeWithStatus<S>>(code: C, ...[params]: ParamsArg<C>) =>
    new AppError(code, params as Params | undefined);

export const badRequest = refusing<400>();
/** A 400 about one field: the same refusal at the top and under the field (forms show it there). */
export const fieldError = <C extends CodeWithStatus<400>>(
  path: string,
  code: C,
  ...params: ParamsArg<C>
) => new AppError(code, params[0] as Params | undefined, [fieldRefusal(path, code, ...params)]);
/** 401: nobody signed in (`auth.signed_out`) unless another refusal is named. */
export const unauthorized = <C extends CodeWithStatus<401> = 'auth.signed_out'>(
  code?: C,
  ...[params]: ParamsArg<C>
) => new AppError(code ?? 'auth.signed_out', params as Params | undefined);
export const forbidden = refusing<403>();
export const notFound = refusing<404>();
export const conflict = refusing<409>();
export const gone = refusing<410>();
export const payloadTooLarge = refusing<413>();
export const unsupportedMediaType = refusing<415>();
export const tooManyRequests = refusing<429>();
/** A write that found no room (issue 24 item 4): nothing was stored, and the answer says where. */
export const insufficientStorage = refusing<507>();
export const requestTimeout = refusing<408>();
export const serviceUnavailable = refusing<503>();

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
 * DECISIONS.md §1's `{ message, code, params?, errors? }` (`ErrorSchema`).
 */
export const ERROR_MEANINGS = {
  400: 'The request is invalid: a field (named in `errors`), the JSON, the address or the Host header.',
  401: 'Not signed in, or the session has expired or was ended; or an unknown or revoked `X-Api-Key`.',
  403: 'Signed in without the role this needs, or a cookie-borne write from another site.',
  404: 'Nothing has this id, slug or address.',
  405: 'The address exists but does not take this method: `Allow` lists the ones it takes.',
  408: 'The request (or an upload’s body) did not arrive in time: the connection is closed.',
  409: 'Conflicts with what is stored: a name, slug or email already in use, a stale edit, or a rule that keeps it.',
  410: 'The link was used already or has expired: `message` says which.',
  413: 'The body is larger than this call takes.',
  415: 'The body is not of a media type this call takes.',
  429: 'Too many requests from this address (or with this `X-Api-Key`): `Retry-After` says in how many seconds to try again.',
  431: 'The request headers are too large.',
  500: 'Something went wrong on our side: nothing about the request, and nothing to fix in it.',
  503: 'Busy for a moment (the database is away, or this person is already sending as many uploads as they may): `Retry-After` says in how many seconds to try again.',
  507: 'The storage named in `message` is full: nothing was stored.',
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

type StatusOf<C extends ApiCode> = (typeof REFUSALS)[C] extends { status: infer S extends number }
  ? S
  : never;

/** What any API call can be refused with before (or whatever) its handler does. */
export const EVERY_CALL = ['validation.invalid', 'request.bad_host', 'http.bad_request'] as const;
/** What any call answers a request with an unknown or revoked `X-Api-Key` (plugins/api-keys.ts). */
const ANY_KEY = ['api_key.invalid'] as const;
/** What the framework refuses of a JSON body. */
export const JSON_BODY = [
  'http.bad_json',
  'http.empty_json',
  'http.length_mismatch',
  'http.body_too_large',
  'http.unsupported_media_type',
] as const;
/**
 * What an API address answers outside its operations' own contracts: a call no route takes,
 * a request Node cannot read, our own failures. The OpenAPI document lists them once, under
 * `components.responses` (server/plugins/openapi.ts).
 */
export const ANY_ADDRESS = [
  'http.not_found',
  'http.method_not_allowed',
  'request.unreadable',
  'request.timeout',
  'request.headers_too_large',
  'server.error',
  'server.database_away',
] as const;
/**
 * A signed-in write: nobody signed in, a cookie-borne write from another site, or a person the
 * site's policy asks for a second factor who has none yet (plugins/auth.ts, issue 40 item 3).
 */
export const SIGNED_IN = [
  'auth.signed_out',
  'auth.cross_site',
  'auth.second_factor_required',
] as const;

/** The codes each error response of an operation names (what the OpenAPI document lists). */
export const codesOf = (codes: readonly ApiCode[]) => {
  const byStatus = new Map<number, ApiCode[]>();
  for (const code of new Set(codes)) {
    const status = statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
};

/**
 * The codes a problem in `errors[]` may have: each part of invalid input (the shared schemas'
 * own, zod's, the services' field refusals) and the few details other answers give.
 */
export const ISSUE_CODES = (Object.keys(REFUSALS) as Code[]).filter((code) => {
  const entry: Entry = REFUSALS[code];
  if (entry.detail) return true;
  return entry.status === 400 && !/^(http|request)\./.test(code) && code !== 'validation.invalid';
});

/**
 * The shared error schema, its `code` documented as one of `codes` (and, when given, the
 * codes of its `errors[]`).
 */
export const errorSchemaFor = (
  status: number,
  codes: readonly string[],
  issueCodes?: readonly string[],
) =>
  ErrorSchema.extend({
    // Documented, not enforced: an answer with a code its route forgot still goes out as it is
    // (the tests catch it, tests/setup/declared-statuses.ts), not as a 500 of the serializer.
    code: ErrorSchema.shape.code.meta({ enum: [...codes].sort() }),
    ...(issueCodes
      ? {
          errors: z
            .array(
              FieldErrorSchema.extend({
                code: FieldErrorSchema.shape.code.meta({ enum: [...issueCodes].sort() }),
              }),
            )
            .optional(),
        }
      : {}),
  }).meta({ description: ERROR_MEANINGS[status as ErrorStatus] ?? 'Refused.' });

/**
 * Each set of codes' schemas, made once per process: zod schemas do not change once made, and
 * 166 routes asked for them again at every app's build (2 % of the integration files' CPU).
 */
const responsesMade = new Map<string, Record<string, unknown>>();

function responses<const C extends readonly ApiCode[]>(
  codes: C,
): Record<StatusOf<C[number]>, typeof ErrorSchema> {
  const key = [...new Set(codes)].sort().join(' ');
  let made = responsesMade.get(key);
  if (!made) {
    made = Object.fromEntries(
      [...codesOf(codes)].map(([status, named]) => [status, errorSchemaFor(status, named)]),
    );
    responsesMade.set(key, made);
  }
  return made as Record<StatusOf<C[number]>, typeof ErrorSchema>;
}

/**
 * The error answers of a route, for its `schema.response` next to its success answers
 * (`{ 200: CategorySchema, ...errorResponses(...SIGNED_IN, 'category.not_found') }`): a route
 * names the codes it can answer, where its schema is; their statuses come from the catalogue,
 * and the OpenAPI document lists each status's codes. Every call also answers invalid input
 * and the rate limit (EVERY_CALL, `rate_limit.exceeded`).
 */
export const errorResponses = <const C extends readonly ApiCode[]>(...codes: C) =>
  responses([...EVERY_CALL, ...ANY_KEY, 'rate_limit.exceeded', ...withPolicy(codes)] as const);

/** The same for a call no rate limit counts (the health probes). */
export const unlimitedErrorResponses = <const C extends readonly ApiCode[]>(...codes: C) =>
  responses([...EVERY_CALL, ...ANY_KEY, ...withPolicy(codes)] as const);

/**
 * A call that asks who is signed in answers a person the policy holds (no second factor yet)
 * with 403 `auth.second_factor_required`, reads included (plugins/auth.ts, issue 66 item 7):
 * every call that names `auth.signed_out` names that too.
 */
const withPolicy = <const C extends readonly ApiCode[]>(codes: C): C =>
  codes.includes('auth.signed_out')
    ? ([...codes, 'auth.second_factor_required'] as unknown as C)
    : codes;

/**
 * An answer that is not a refusal but that a page shows as the server says it (a reset link on
 * its way, every session ended): its English and its code, so other languages say it too.
 */
export type Notice<C extends ApiCode> = { message: string; code: C };
export const notice = <C extends ApiCode>(code: C): Notice<C> => ({
  message: englishOf(code, undefined as ParamsOf<C>),
  code,
});

/** A zod issue (its code and its own fields) as an `errors[]` entry at `path`: its code too. */
export function issueError(
  path: string,
  issue: { code?: string; message?: string } & object,
): FieldError {
  const refusal = refusalOfIssue(issue as Parameters<typeof refusalOfIssue>[0]);
  return {
    path,
    message: issue.message ?? 'is invalid',
    code: refusal.code,
    ...(refusal.params ? { params: refusal.params as Params } : {}),
  };
}

/**
 * A 400 explained by the issues of a schema check (a revision that no longer passes the
 * article's schema): each issue in `errors`, with its English and its code.
 */
export function refusedFor(
  code: CodeWithStatus<400>,
  issues: readonly ({ path: readonly PropertyKey[]; message: string } & object)[],
): AppError {
  const errors = issues.map((issue) => issueError(issue.path.map(String).join('.'), issue));
  return new AppError(code, undefined, errors);
}

/** The answer of a call that answers a notice: `{ message, code }` with one of these codes. */
export const noticeSchema = <const C extends readonly [ApiCode, ...ApiCode[]]>(...codes: C) =>
  MessageSchema.extend({ code: z.enum(codes) });
