import { z } from 'zod';
import { says } from '../refusals/schema-refusals';

/** What a key may do (issue 41 item 1): read published content through the API. */
export const API_KEY_SCOPES = ['content:read'] as const;
/** Requests a minute a key may make unless it says otherwise. */
export const API_KEY_DEFAULT_RATE_LIMIT = 6_000;
export const API_KEY_MAX_RATE_LIMIT = 1_000_000;
export const API_KEY_NAME_MAX = 100;
/** The header an app sends its key in. */
export const API_KEY_HEADER = 'x-api-key';

/** `POST /api/keys`: a key for an app or partner. */
export const ApiKeyInputSchema = z.object({
  name: z
    .string(says('api_key.name_required'))
    .trim()
    .min(1, says('api_key.name_required'))
    .max(API_KEY_NAME_MAX, says('api_key.name_too_long', { maximum: API_KEY_NAME_MAX })),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, says('api_key.scope_unknown')))
    .min(1, says('api_key.scope_unknown')),
  rateLimit: z
    .number(says('api_key.rate_limit_invalid', { maximum: API_KEY_MAX_RATE_LIMIT }))
    .int(says('api_key.rate_limit_invalid', { maximum: API_KEY_MAX_RATE_LIMIT }))
    .min(1, says('api_key.rate_limit_invalid', { maximum: API_KEY_MAX_RATE_LIMIT }))
    .max(
      API_KEY_MAX_RATE_LIMIT,
      says('api_key.rate_limit_invalid', { maximum: API_KEY_MAX_RATE_LIMIT }),
    )
    .optional(),
});
export type ApiKeyInput = z.infer<typeof ApiKeyInputSchema>;

/** A key as `GET /api/keys` lists it: never its secret. */
export const ApiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  rateLimit: z.number(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Requests made with it today (UTC). */
  requestsToday: z.number(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** `POST /api/keys`'s answer: the key itself, shown this once. */
export const ApiKeyCreatedSchema = ApiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;
