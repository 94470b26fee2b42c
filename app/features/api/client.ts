/** The browser's calls to our API (the same calls the original client made, SPEC.md §7). */
import { ErrorSchema } from '../../../common/schemas/common';

/** One problem the server found, by where it found it ("body.password"), DECISIONS.md §1. */
export interface ApiFieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's `errors[]` (400 invalid input); empty when it named none. */
    readonly errors: readonly ApiFieldError[] = [],
  ) {
    super(message);
  }
}

/** JSON in, JSON out; the server's `message` and `errors` become the error's. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
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
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const body = ErrorSchema.safeParse(data);
    if (body.success) throw new ApiError(res.status, body.data.message, body.data.errors ?? []);
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiError(
      res.status,
      typeof message === 'string' ? message : `Request failed (${res.status}).`,
    );
  }
  return data as T;
}
