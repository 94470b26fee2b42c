import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isStaff } from '../../../common/roles';
import type { SessionUser } from '../../../common/services';
import { clearUserInfo, readUserInfo, storeUserInfo } from './user-info';

/** The reader kept in localStorage at sign-in, as the header shows them; null for staff. */
export function storedReader(): SessionUser | null {
  const info = readUserInfo();
  if (!info || isStaff(info.role)) return null;
  return { _id: info._id, name: info.name, email: info.email, role: info.role };
}

/**
 * Who the public header says is signed in. A shared page renders for nobody, a signed-in reader
 * too (docs/decisions/055), so its bytes stay everyone's; in the browser the reader kept at
 * sign-in (SPEC.md §3: "the initial user comes from local storage") is shown, and a session the
 * server no longer knows (`GET /api/me` answers 401) drops them. Staff are what the server said.
 */
export function useShownUser(user: SessionUser | null): SessionUser | null {
  const [reader, setReader] = useState<SessionUser | null>(null);
  const checked = useRef(false);
  const { key } = useLocation();
  useEffect(() => {
    // A reader the server names (their own pages) is kept as a sign-in keeps them, so the shared
    // pages after it show them too: a sign-in link stores nothing in the browser itself.
    if (user && !isStaff(user.role) && !readUserInfo()) storeUserInfo({ ...user, token: '' });
    const stored = user ? null : storedReader();
    setReader(stored);
    if (!stored || checked.current) return;
    checked.current = true;
    void fetch('/api/me', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((res) => {
        if (res.status !== 401) return;
        clearUserInfo();
        setReader(null);
      })
      .catch(() => undefined);
    // A new location (a sign-out's redirect among them) reads the store again.
  }, [user, key]);
  return user ?? reader;
}
