import { useEffect, useRef, useState } from 'react';
import {
  PRESENCE_HEARTBEAT_MS,
  type Revision,
  type RevisionSummary,
} from '../../../common/schemas/revisions';
import { pickArticleTexts } from '../../../common/schemas/articles';
import { adminApi } from '../api/admin-api';
import { readUserInfo } from '../session/user-info';
import type { ArticleFormValues } from './article-form-values';

/** How long typing must pause before the form autosaves to the server. */
export const AUTOSAVE_IDLE_MS = 3000;

/** The form values an autosave keeps (the rest of the article is the server's). */
export function autosaveBody(values: ArticleFormValues, basedOn: string) {
  return {
    // Every text of the article, from the one list (STYLE.md "Fields listed once").
    ...pickArticleTexts(values),
    category: values.category,
    language: values.language,
    basedOn,
  };
}

/**
 * Autosave to the server (issue 9 item 5, docs/decisions/023): a few seconds after typing
 * stops, an edited article's unsaved text is kept as this user's autosave revision; the
 * article itself is untouched until Update. Best effort: a refused or failed autosave only
 * leaves the browser draft, so nothing is shown for it but the time of the last one.
 */
export function useAutosave(
  articleId: string | undefined,
  basedOn: string | undefined,
  values: ArticleFormValues,
  dirty: boolean,
) {
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const body = articleId && basedOn && dirty ? JSON.stringify(autosaveBody(values, basedOn)) : '';
  useEffect(() => {
    if (!body || !articleId) return;
    const timer = setTimeout(() => {
      adminApi(`/api/articles/${articleId}/autosave`, { method: 'PUT', body: JSON.parse(body) })
        .then(() => setSavedAt(new Date()))
        .catch(() => {});
    }, AUTOSAVE_IDLE_MS);
    return () => clearTimeout(timer);
  }, [articleId, body]);
  return savedAt;
}

/**
 * This user's autosave of the article, if one is left on the server (they closed the browser
 * mid-edit): a save removes it, so any autosave of theirs is work they have not saved.
 */
export function useServerDraft(articleId: string | undefined, myId: string) {
  const [draft, setDraft] = useState<Revision | null>(null);
  useEffect(() => {
    if (!articleId) return;
    let live = true;
    (async () => {
      const { revisions } = await adminApi<{ revisions: RevisionSummary[] }>(
        `/api/articles/${articleId}/revisions`,
      );
      const mine = revisions.find((r) => r.kind === 'autosave' && r.user?._id === myId);
      if (!mine) return;
      const whole = await adminApi<Revision>(`/api/articles/${articleId}/revisions/${mine._id}`);
      if (live) setDraft(whole);
    })().catch(() => {});
    return () => {
      live = false;
    };
  }, [articleId, myId]);
  return { draft, dismiss: () => setDraft(null) };
}

/**
 * Presence: says every 15 seconds that this user has the article open, and answers who else
 * has had it open in the last 45 (stored on the server, so every process agrees); closing the
 * form or the tab says so at once.
 */
export function usePresence(articleId: string | undefined) {
  const [editors, setEditors] = useState<{ _id: string; name: string }[]>([]);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => {
    if (!articleId) return;
    const beat = () =>
      adminApi<{ editors: { _id: string; name: string }[] }>(
        `/api/articles/${articleId}/presence`,
        { method: 'POST' },
      )
        .then((res) => setEditors(res.editors))
        .catch(() => {});
    void beat();
    timer.current = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    // Closing the tab (or leaving the form) says so at once; keepalive outlives the page.
    const leave = () => {
      const token = readUserInfo()?.token;
      if (!token) return;
      void fetch(`/api/articles/${articleId}/presence`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
        keepalive: true,
      }).catch(() => {});
    };
    window.addEventListener('pagehide', leave);
    return () => {
      clearInterval(timer.current);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [articleId]);
  return editors;
}
