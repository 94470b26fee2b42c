import type { UserInfo } from '../../../common/schemas/users';

/** SPEC.md §3: the sign-in response is kept whole in localStorage under this key. */
export const USER_INFO_KEY = 'userInfo';

export function storeUserInfo(info: UserInfo) {
  try {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(info));
  } catch {
    // Private mode or full storage: the session cookie still signs the user in.
  }
}

export function readUserInfo(): UserInfo | null {
  try {
    const raw = localStorage.getItem(USER_INFO_KEY);
    return raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    return null;
  }
}

export function clearUserInfo() {
  try {
    localStorage.removeItem(USER_INFO_KEY);
  } catch {
    // nothing stored
  }
}

export { safeRedirect } from '../../../common/safe-redirect';
