import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { articlePath } from '../../../common/paths';
import type { Article } from '../../../common/schemas/articles';
import type { ArticleInput } from '../../../common/schemas/article-input';
import { useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';
import { SHARED_BODY_HEADER } from '../../../common/editor/editor-extensions';
import { announceSave, isShared } from '../editor/use-collab';
import { useColleagueSaves } from './co-save';
import { ApiError } from '../api/client';
import { articleToForm, isScheduled, type ArticleFormValues } from './article-form-values';
import { previewLink } from './open-preview';
import type { useArticleDraft } from './use-article-draft';
import { saidOf } from '../../copy/refusals';

/** Someone else's save that arrived before mine, and what I tried to save over it. */
export interface SaveConflict {
  theirs: Article;
  mine: ArticleInput;
}

/** What the edit page says right after an article was added: its final slug and address. */
export interface AddedNotice {
  slug: string;
  /** Its public address, or a preview link while it is not out; null if none could be made. */
  where: string | null;
  live: boolean;
}

/**
 * Saving the article form. A new article resets the form and opens its edit page; an edit stays
 * on the article (issue 26 item 3), which the form then edits as saved, and says when it was
 * saved. A 409 on an edit says someone else saved meanwhile: both versions are kept
 * as a `conflict` for the user to choose between.
 */
export function useArticleSave({
  article,
  form,
  initial,
  draft,
  timeZone,
  allowLeaving,
}: {
  article: Article | null;
  form: UseFormReturn<ArticleFormValues, unknown, ArticleInput>;
  initial: ArticleFormValues;
  draft: ReturnType<typeof useArticleDraft>;
  timeZone: string;
  allowLeaving: () => void;
}) {
  const ui = useAdminInterface();
  const navigate = useNavigate();
  // The saved version this form edits; moves on when the user takes another's save or restores.
  const [saved, setSaved] = useState<Article | null>(article);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  // A new key gives the image field a fresh file input and no progress bar.
  const [imageKey, setImageKey] = useState(0);
  /** When this page last saved the article (the "Saved 14:02" beside Update). */
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  // A colleague's save in the shared document: its version is the one this form builds on.
  useColleagueSaves(saved, form, timeZone, setSaved);

  /** Makes `next` the saved version the form starts from. */
  const adopt = (next: Article) => {
    setSaved(next);
    form.reset(articleToForm(next, timeZone));
    draft.clear();
  };

  const update = async (body: ArticleInput, basedOn: string) => {
    if (!saved) return;
    let stored: Article;
    try {
      stored = await putArticle(saved._id, { ...body, updatedAt: basedOn });
    } catch (error) {
      // Someone saved since: show both versions and let the user choose (never overwrite).
      if (error instanceof ApiError && error.code === 'article.stale') {
        const theirs = await adminApi<Article>(`/api/articles/article/${saved._id}`);
        setConflict({ theirs, mine: body });
        return;
      }
      throw error;
    }
    setConflict(null);
    announceSave(saved._id, stored.updatedAt);
    // The form now edits what was stored (its slug, its time), so the next save builds on it.
    adopt(stored);
    setSavedAt(new Date());
    toast.success(ui.t.form.updated);
  };

  const save = async (body: ArticleInput) => {
    if (saved) {
      // The version this edit started from: the server refuses it if someone saved since.
      await update(body, saved.updatedAt);
    } else {
      const created = await adminApi<Article>('/api/articles/article', { method: 'POST', body });
      form.reset(initial);
      draft.clear();
      setImageKey((k) => k + 1);
      allowLeaving();
      const live = created.status === 'published' && !isScheduled(created);
      const where = live ? articlePath(created) : await previewLink(created._id, ui);
      toast.success(ui.t.form.added);
      // The edit page says where the article lives (SPEC.md §8's toast stays as it is).
      const added: AddedNotice = { slug: created.slug, where, live };
      await navigate(`/admin/edit-article/${created._id}`, { state: { added } });
    }
  };

  return {
    saved,
    savedAt,
    conflict,
    /** The image field's key: changes when a new article was added, to empty the field. */
    imageKey,
    adopt,
    save,
    /** Drops my version of a conflict and edits theirs. */
    takeTheirs: (theirs: Article) => {
      adopt(theirs);
      setConflict(null);
    },
    /** Saves my version of a conflict over theirs, now that the user chose so. */
    keepMine: ({ theirs, mine }: SaveConflict) => {
      setSaved(theirs);
      void update(mine, theirs.updatedAt).catch((e: Error) => toast.error(ui.say(saidOf(e))));
    },
  };
}

/**
 * PUT /api/articles/{id}. A body that is the shared document's (issue 43 item 1) says so: the
 * save must not refresh the document with it.
 */
const putArticle = (id: string, body: ArticleInput) =>
  adminApi<Article>(`/api/articles/${id}`, {
    method: 'PUT',
    body,
    headers: isShared(id) ? { [SHARED_BODY_HEADER]: '1' } : undefined,
  });
