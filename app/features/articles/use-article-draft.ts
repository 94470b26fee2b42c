import { useCallback, useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { ArticleInput } from '../../../common/schemas/article-input';
import { differs, type ArticleFormValues } from './article-form-values';

/** Where an unsaved form is kept in this browser until it is saved (never lose work). */
const draftKey = (id: string | undefined) => `patrika:article-draft:${id ?? 'new'}`;

interface StoredDraft {
  form: Partial<ArticleFormValues>;
  /** The updatedAt of the saved version the draft started from. */
  basedOn?: string;
}

function readDraft(key: string): StoredDraft | null {
  try {
    const saved = localStorage.getItem(key);
    return saved ? (JSON.parse(saved) as StoredDraft) : null;
  } catch {
    return null; // unreadable draft: ignore it
  }
}

function removeDraft(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

/**
 * The article form's draft in this browser. A draft left here is restored once, unless the
 * article changed on the server since the draft was made: then the server's version stays and
 * the draft is offered (`stale`). While the form differs from what was saved (`dirty`), it is
 * kept. `clear` forgets it after a save.
 */
export function useArticleDraft(
  form: UseFormReturn<ArticleFormValues, unknown, ArticleInput>,
  { id, basedOn }: { id: string | undefined; basedOn: string | undefined },
) {
  const key = draftKey(id);
  const [restored, setRestored] = useState(false);
  const [stale, setStale] = useState<ArticleFormValues | null>(null);
  const values = useWatch({ control: form.control }) as ArticleFormValues;
  const dirty = differs(values, form.formState.defaultValues ?? {});
  const { getValues, reset } = form;

  useEffect(() => {
    const saved = readDraft(key);
    if (!saved) return;
    const draft = { ...getValues(), ...saved.form };
    if (basedOn && saved.basedOn !== basedOn) {
      setStale(draft);
      return;
    }
    // The saved version stays the baseline, so the restored work counts as unsaved.
    reset(draft, { keepDefaultValues: true });
    setRestored(true);
  }, [key, basedOn, getValues, reset]);

  useEffect(() => {
    if (!dirty) return;
    try {
      localStorage.setItem(key, JSON.stringify({ form: values, basedOn } satisfies StoredDraft));
    } catch {
      // storage full or blocked: the leave guard still protects the work
    }
  }, [key, dirty, values, basedOn]);

  const clear = useCallback(() => {
    removeDraft(key);
    setRestored(false);
    setStale(null);
  }, [key]);

  return {
    dirty,
    restored,
    stale: stale !== null,
    /** The stale draft, to compare with the saved version before choosing. */
    staleValues: stale,
    clear,
    /** Puts the stale draft in the form instead of the saved version. */
    restoreStale: () => {
      if (stale) reset(stale, { keepDefaultValues: true });
      setStale(null);
    },
    /** Forgets the draft and shows the saved version again. */
    discard: () => {
      clear();
      reset();
    },
  };
}
