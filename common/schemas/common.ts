import { z } from 'zod';
import { says } from '../refusals/schema-refusals';

/** A string `_id` (UUID). Anything else is refused before it reaches SQL. */
export const IdSchema = z.uuid(says('validation.not_id'));
/** What an id looks like (a UUID, either case), for a path segment checked before a look-up. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const IdParamsSchema = z.object({ id: IdSchema });

/** `page` ≥ 1 and `limit` within 1..max (SPEC.md §9); not numbers or out of range → 400. */
/**
 * Where a page of a list is (SPEC.md §7's `currentPage` and `totalPages`), spread beside its
 * items and its total where the wire has them.
 */
export const pageFields = { currentPage: z.number(), totalPages: z.number() };

/**
 * Beside a back-office list's total and pages (issue 71 item 3, db/counts.ts): true when they
 * are the database's estimate (more rows match than are counted exactly for one request),
 * which the interface shows as "about".
 */
export const estimatedField = { estimated: z.boolean() };

export const pagination = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    page: z.coerce
      .number(says('validation.not_number', { field: 'page' }))
      .int(says('validation.not_whole_number', { field: 'page' }))
      .min(1, says('validation.at_least', { field: 'page', minimum: 1 }))
      .max(1_000_000, says('validation.number_too_large', { field: 'page' }))
      .default(1),
    limit: z.coerce
      .number(says('validation.not_number', { field: 'limit' }))
      .int(says('validation.not_whole_number', { field: 'limit' }))
      .min(1, says('validation.at_least', { field: 'limit', minimum: 1 }))
      .max(maxLimit, says('validation.at_most', { field: 'limit', maximum: maxLimit }))
      .default(defaultLimit),
  });

export const limitOnly = (defaultLimit: number, maxLimit = 100) =>
  pagination(defaultLimit, maxLimit).pick({ limit: true });

export const MessageSchema = z.object({ message: z.string() });

/** What a refusal's text is made of (a name, a count, a size): see common/refusals. */
const ParamsSchema = z.record(z.string(), z.unknown());

/** One problem of an invalid request: where, in English, and by code (common/refusals). */
export const FieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string(),
  params: ParamsSchema.optional(),
});

/**
 * An error answer (DECISIONS.md §1, §22): SPEC.md's English `message`, the refusal's stable
 * `code` and the `params` its text is made of, and for invalid input each problem in `errors`.
 */
export const ErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  params: ParamsSchema.optional(),
  errors: z.array(FieldErrorSchema).optional(),
  /** Why a reader was banned from commenting (`comment.banned`, issue 42 item 2). */
  reason: z.string().optional(),
  /** The newer result a stale save missed (`election.result_stale`, issue 69 item 2). */
  newer: z.record(z.string(), z.unknown()).optional(),
});

/** Trimmed text with a clear length rule. */
export const text = (field: string, min: number, max: number) =>
  z
    .string(says('validation.not_text', { field }))
    .trim()
    .min(
      min,
      min === 1
        ? says('validation.required', { field })
        : says('validation.too_short', { field, minimum: min }),
    )
    .max(max, says('validation.too_long', { field, maximum: max }));

/** An e-mail address, trimmed and lower-cased, at most 254 characters (RFC 5321's path). */
export const emailAddress = z
  .string(says('validation.not_text', { field: 'email' }))
  .trim()
  .max(254, says('validation.too_long', { field: 'email', maximum: 254 }))
  .pipe(z.email(says('validation.email')))
  .transform((v) => v.toLowerCase());
