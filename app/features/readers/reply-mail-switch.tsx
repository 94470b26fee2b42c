import { useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { CommentNotifications } from '../../../common/schemas/comments';
import { useInterface } from '../../copy/language';
import { api } from '../api/client';

/*
 * "Mail me replies to my comments" on /profile (issue 42 item 4): read by its call after the
 * page loads (`GET /api/me/notifications`), changed at once by the switch (`PUT`); a failed
 * change puts the switch back and says so.
 */
export function ReplyMailSwitch() {
  const { t, lang } = useInterface();
  const id = useId();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api<CommentNotifications>('/api/me/notifications')
      .then((answer) => setOn(answer.commentReplies))
      .catch(() => setOn(null));
  }, []);
  if (on === null) return null;
  const change = async (wanted: boolean) => {
    setBusy(true);
    setOn(wanted);
    try {
      const body: CommentNotifications = { commentReplies: wanted };
      const saved = await api<CommentNotifications>('/api/me/notifications', {
        method: 'PUT',
        body,
      });
      setOn(saved.commentReplies);
      toast.success(t.profile.saved);
    } catch {
      setOn(!wanted);
      toast.error(t.comments.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="mb-4" lang={lang} data-reply-mail="">
      <div className="form-check form-switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="form-check-input"
          checked={on}
          disabled={busy}
          onChange={(event) => void change(event.target.checked)}
        />
        <label htmlFor={id} className="form-check-label">
          {t.comments.replyMail}
        </label>
      </div>
    </section>
  );
}
