import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { Article } from '../../../common/schemas/articles';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';
import { openPreview, previewLink } from './open-preview';
import { saidOf } from '../../copy/refusals';

/** The note an editor left when sending the article back; the author reads it here. */
export function ReviewNote({ note }: { note: string }) {
  const t = useAdminCopy();
  if (!note) return null;
  return (
    <p className="alert alert-warning mb-0" role="status">
      {t.form.reviewNote(note)}
    </p>
  );
}

/**
 * Preview (opens the article as readers will see it) and Share preview (shows the signed link,
 * valid 7 days) for an article not yet out (DECISIONS.md §11).
 */
export function PreviewButtons({ articleId }: { articleId: string }) {
  const ui = useAdminInterface();
  const { t } = ui;
  const [link, setLink] = useState<string | null>(null);
  return (
    <div className="d-flex flex-wrap gap-2 align-items-end">
      <button
        type="button"
        className="btn btn-outline-secondary"
        onClick={() => void openPreview(articleId, ui)}
      >
        {t.form.preview}
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary"
        onClick={async () => setLink(await previewLink(articleId, ui))}
      >
        {t.form.sharePreview}
      </button>
      {link && (
        <label className="flex-grow-1">
          <span className="form-label small d-block">{t.form.previewLink}</span>
          <input
            className="form-control"
            readOnly
            value={link}
            onFocus={(e) => e.target.select()}
          />
        </label>
      )}
    </div>
  );
}

/** An editor's answer to a piece submitted for review: back to draft, with a note. */
export function SendBack({ article }: { article: Article }) {
  const { t, say } = useAdminInterface();
  const navigate = useNavigate();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <div className="border rounded p-3 vstack gap-2">
      <label htmlFor="send-back-note" className="form-label mb-0">
        {t.form.sendBackNote}
      </label>
      <textarea
        id="send-back-note"
        className="form-control"
        maxLength={2000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div>
        <button
          type="button"
          className="btn btn-outline-danger"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await adminApi(`/api/articles/${article._id}/status`, {
                method: 'POST',
                body: { status: 'draft', ...(note.trim() ? { note } : {}) },
              });
              toast.success(t.form.sentBack);
              await navigate('/admin/articles');
            } catch (error) {
              toast.error(say(saidOf(error)));
              setBusy(false);
            }
          }}
        >
          {t.form.sendBack}
        </button>
      </div>
    </div>
  );
}
