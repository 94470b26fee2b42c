import { useNavigate, useRevalidator } from 'react-router';
import type { UserInfo } from '../../../common/schemas/users';
import { storeUserInfo } from './user-info';

/** `/admin/dashboard?welcome=1`: the first administrator's welcome (see signup.tsx). */
export const WELCOME_PARAM = 'welcome';

/** After sign-in or sign-up: keep userInfo (SPEC.md §4), refresh who is signed in, go on. */
export function useSignedIn() {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return async (info: UserInfo, to: string) => {
    storeUserInfo(info);
    // The back office is a different area of the app: load it fresh. So is a place on a reading
    // page (the comments' sign-in link comes back to #comments-title): a reading page is a plain
    // document in the browser (DECISIONS.md §13), and its scripts (the comment form) run only on
    // a document of its own, not inside this React app.
    if (to.startsWith('/admin') || to.includes('#')) {
      window.location.assign(to);
      return;
    }
    await navigate(to, { replace: true });
    await revalidator.revalidate();
  };
}
