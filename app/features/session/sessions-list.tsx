import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { Session } from '../../../common/schemas/users';
import { useInterface } from '../../copy/language';
import type { Said } from '../../copy/refusals';
import { api } from '../api/client';
import { useBusy } from '../api/use-busy';
import { deviceOf } from './device-of';

/**
 * The account's sessions on /profile (issue 40 item 5): where it is signed in, this device
 * first named as such, each other one with a button that ends it (its token answers 401 from
 * then on). Read after the page loads: the list is the person's own and changes by the minute.
 */
export function SessionsList() {
  const { t, locale, say } = useInterface();
  const [sessions, setSessions] = useState<Session[] | undefined>();
  const { busy, run } = useBusy(t.auth.genericFailure);
  useEffect(() => {
    let live = true;
    api<Session[]>('/api/me/sessions')
      .then((list) => live && setSessions(list))
      .catch(() => live && setSessions([]));
    return () => {
      live = false;
    };
  }, []);
  if (!sessions?.length) return null;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const end = (id: string) =>
    void run(async () => {
      const notice = await api<Said>(`/api/me/sessions/${id}`, { method: 'DELETE' });
      setSessions((list) => list?.filter((s) => s._id !== id));
      toast.success(say(notice));
    });
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <ul className="list-group mb-3" aria-label={t.profile.sessionsList}>
      {ordered.map((s) => (
        <li
          key={s._id}
          className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2"
        >
          <div>
            <span title={s.userAgent}>{deviceOf(s.userAgent) ?? t.profile.unknownDevice}</span>
            {s.current && (
              <span className="badge text-bg-success ms-2">{t.profile.thisDevice}</span>
            )}
            <div className="small text-body-secondary">
              {t.profile.lastSeen(when.format(new Date(s.lastSeenAt)))}
            </div>
          </div>
          {!s.current && (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              disabled={busy}
              onClick={() => end(s._id)}
            >
              {t.profile.endSession}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
