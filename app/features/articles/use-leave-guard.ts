import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useAdminCopy } from '../../copy/admin-language';

/**
 * Never lose work: while `dirty`, leaving the page asks first (the browser's own question on
 * reload or close; ours on a link inside the app). Returns `allowLeaving`, for a navigation
 * that follows a save.
 */
export function useLeaveGuard(dirty: boolean) {
  const t = useAdminCopy();
  const leaving = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t.form.leave)) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

  return useCallback(() => {
    leaving.current = true;
  }, []);
}
