import { api, ApiError } from './client';
import { readUserInfo } from '../session/user-info';

/**
 * Back-office calls carry the stored token (SPEC.md §3) as a Bearer header. Without a stored
 * token nothing is sent: the admin layout is about to ask the user to sign in again.
 */
export function adminApi<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const token = readUserInfo()?.token;
  if (!token) return Promise.reject(ApiError.of(401, 'client.sign_in_again'));
  return api<T>(path, { ...init, token });
}
