/** The browser's calls to our API (the same calls the original client made, SPEC.md §7). */
import {
  englishOf,
  type Code,
  type ParamsArg,
  type ParamsOf,
} from '../../../common/refusals/catalogue';
import { z } from 'zod';

/** One problem the server found, by where it found it ("body.password"), DECISIONS.md §1. */
export interface ApiFieldError {
  path: string;
  message: string;
  /** The problem's code (common/refusals), and the params its text is made of. */
  code: string;
  params?: Record<string, unknown> | undefined;
}

/** An error answer's body (DECISIONS.md §1, §22), or what the browser says in its place. */
export interface ApiErrorBody {
  message: string;
  code: string;
  params?: Record<string, unknown> | undefined;
  errors?: readonly ApiFieldError[] | undefined;
}

export class ApiError extends Error {
  /** The refusal's code (common/refusals/catalogue.ts): what the interface says it by. */
  readonly code: string;
  readonly params: Record<string, unknown> | undefined;
  /** The answer's `errors[]` (400 invalid input); empty when it named none. */
  readonly errors: readonly ApiFieldError[];
  constructor(
    readonly status: number,
    body: ApiErrorBody,
  ) {
    super(body.message);
    this.code = body.code;
    this.params = body.params;
    this.errors = body.errors ?? [];
  }

  /** A refusal the browser makes itself (no answer came, or not one of ours). */
  static of<C extends Code>(status: number, code: C, ...[params]: ParamsArg<C>): ApiError {
    return new ApiError(status, {
      message: englishOf(code, params as ParamsOf<C>),
      code,
      params: params as Record<string, unknown> | undefined,
    });
  }
}

/** JSON in, JSON out; the server's `message`, `code` and `errors` become the error's. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...init.headers, accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch {
    throw ApiError.of(0, 'client.unreachable');
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) throw errorOf(res.status, data);
  return data as T;
}

/**
 * An error answer as the browser reads it: DECISIONS.md §1's body, its code taken when there
 * (a body without one, from an older server or something between, still shows its message in
 * English and places its problems; other languages say their "something went wrong").
 */
const AnswerSchema = z.object({
  message: z.string(),
  code: z.string().default(''),
  params: z.record(z.string(), z.unknown()).optional(),
  errors: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        code: z.string().default(''),
        params: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
});

/** The error of a refused answer: ours as it came, anything else (a proxy's page) by status. */
export function errorOf(status: number, data: unknown): ApiError {
  const body = AnswerSchema.safeParse(data);
  if (body.success) return new ApiError(status, body.data);
  return ApiError.of(status, 'client.request_failed', { status });
}
