import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { MyGifts } from '../../../common/schemas/gifts';
import { formatDate, useInterface } from '../../copy/language';
import { saidOf } from '../../copy/refusals';
import { api } from '../api/client';
import { ProfileSection } from './profile-section';

/**
 * A member's gift links of this month on /profile (issue 39 item 5), read after load from
 * GET /api/me/gifts: each story, until when its link opens it, and a button that stops a link
 * still open (DELETE /api/me/gifts/{id}). Shown once the member has given one.
 */
export function GiftLinksSection() {
  const { t, locale, say } = useInterface();
  const [mine, setMine] = useState<MyGifts | null>(null);
  const [failed, setFailed] = useState(false);
  const read = () =>
    api<MyGifts>('/api/me/gifts')
      .then(setMine)
      .catch(() => setFailed(true));
  useEffect(() => {
    void read();
  }, []);
  const stop = (id: string) => {
    if (!window.confirm(t.gift.confirmStop)) return;
    api(`/api/me/gifts/${id}`, { method: 'DELETE' })
      .then(() => {
        toast.success(t.gift.stoppedDone);
        return read();
      })
      // A stop refused (the session ended, the link not found) says why; the list stays.
      .catch((error: unknown) => toast.error(say(saidOf(error))));
  };
  if (!failed && (!mine || mine.gifts.length === 0)) return null;
  const now = Date.now();
  return (
    <ProfileSection
      id="gift-links"
      heading={t.gift.heading}
      failed={failed ? t.gift.listFailed : undefined}
    >
      {mine && (
        <ul className="list-unstyled">
          {mine.gifts.map((gift) => {
            const open = gift.stoppedAt === null && Date.parse(gift.expiresAt) > now;
            return (
              <li key={gift._id} className="mb-2">
                <span className="me-2">{gift.name}</span>
                <small className="text-body-secondary me-2">
                  {gift.stoppedAt !== null
                    ? t.gift.stopped
                    : open
                      ? t.gift.opensUntil.replace('{date}', formatDate(gift.expiresAt, locale))
                      : t.gift.ended}
                </small>
                {open && (
                  <button
                    type="button"
                    className="btn btn-outline-danger btn-sm"
                    onClick={() => stop(gift._id)}
                  >
                    {t.gift.stop}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {mine && <p className="small">{t.gift.remaining.replace('{n}', String(mine.remaining))}</p>}
    </ProfileSection>
  );
}
