import { z } from 'zod';

/** A string `_id` (UUID). Anything else is refused before it reaches SQL. */
export const IdSchema = z.uuid({ error: 'Expected an id' });

export const IdParamsSchema = z.object({ id: IdSchema });

/** `page` ≥ 1 and `limit` within 1..max (SPEC.md §9); not numbers or out of range → 400. */
export const pagination = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(1_000_000, 'page is too large')
      .default(1),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(maxLimit, `limit must be at most ${maxLimit}`)
      .default(defaultLimit),
  });

export const limitOnly = (defaultLimit: number, maxLimit = 100) =>
  pagination(defaultLimit, maxLimit).pick({ limit: true });

export const MessageSchema = z.object({ message: z.string() });

export const ErrorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** Trimmed text with a clear length rule. */
export const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(min, min === 1 ? `${field} is required` : `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`);
