/*
 * A colleague's save while the body is shared (issue 43 item 1). The body and title are the
 * shared document and already hold their words; the form's other fields are each person's own.
 * When a colleague saves, the form takes their saved values for the fields this person has not
 * touched and moves its saved version on to theirs, so this person's next save builds on it instead of meeting
 * the 409 meant for an editor who has not seen it. A field both changed is a real conflict: the
 * form then keeps its version and its old base, and that save meets the 409 and the chooser.
 */
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { SHARED_ARTICLE_FIELDS } from '../../../common/editor/editor-extensions';
import type { Article } from '../../../common/schemas/articles';
import type { ArticleInput } from '../../../common/schemas/article-input';
import { adminApi } from '../api/admin-api';
import { announcedSave, onColleagueSave } from '../editor/use-collab';
import { articleToForm, type ArticleFormValues } from './article-form-values';

/** The fields the shared document carries: never taken from a save (Yjs already has them). */
const SHARED_FIELDS: ReadonlySet<keyof ArticleFormValues> = new Set(SHARED_ARTICLE_FIELDS);

export type CoSaveMerge =
  | { kind: 'take'; values: Partial<ArticleFormValues> }
  | { kind: 'conflict'; fields: (keyof ArticleFormValues)[] };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What to do with a colleague's save: `base` is the saved version the form edits, `theirs` the
 * colleague's, `mine` the form now, `touched` the fields this person changed. Answers the
 * colleague's values to take (the fields they changed that this person did not), or the fields
 * both changed differently.
 */
export function mergeCoSave(
  base: ArticleFormValues,
  theirs: ArticleFormValues,
  mine: ArticleFormValues,
  touched: (field: keyof ArticleFormValues) => boolean,
): CoSaveMerge {
  const values: Partial<ArticleFormValues> = {};
  const both: (keyof ArticleFormValues)[] = [];
  for (const field of Object.keys(theirs) as (keyof ArticleFormValues)[]) {
    if (SHARED_FIELDS.has(field) || same(theirs[field], base[field])) continue;
    if (!touched(field)) Object.assign(values, { [field]: theirs[field] });
    else if (!same(mine[field], theirs[field])) both.push(field);
  }
  return both.length > 0 ? { kind: 'conflict', fields: both } : { kind: 'take', values };
}

/**
 * Takes each colleague's save of the shared article as it is announced: their values for the
 * fields left alone here, and their version as `saved` (the base of the next save), unless a
 * field was changed on both sides.
 */
export function useColleagueSaves(
  saved: Article | null,
  form: UseFormReturn<ArticleFormValues, unknown, ArticleInput>,
  timeZone: string,
  takeVersion: (theirs: Article) => void,
) {
  const savedNow = useRef(saved);
  savedNow.current = saved;
  const savedId = saved?._id;
  useEffect(() => {
    if (!savedId) return undefined;
    let ended = false;
    const apply = (theirs: Article) => {
      const base = savedNow.current;
      if (!base || Date.parse(theirs.updatedAt) <= Date.parse(base.updatedAt)) return;
      const merge = mergeCoSave(
        articleToForm(base, timeZone),
        articleToForm(theirs, timeZone),
        form.getValues(),
        (field) => form.getFieldState(field).isDirty,
      );
      if (merge.kind === 'conflict') return;
      for (const [field, value] of Object.entries(merge.values))
        form.resetField(field as keyof ArticleFormValues, { defaultValue: value });
      takeVersion(theirs);
    };
    const take = async () => {
      const wanted = announcedSave(savedId);
      const theirs = await fetchSave(savedId, wanted, () => ended);
      if (theirs && !ended) apply(theirs);
    };
    const stop = onColleagueSave(savedId, () => void take());
    return () => {
      ended = true;
      stop();
    };
  }, [savedId, form, timeZone, takeVersion]);
}

/** Pauses between tries to fetch a colleague's save: 1, 2, 4, 8 and 8 s (23 s in all). */
const FETCH_PAUSES_MS = [1000, 2000, 4000, 8000, 8000];

/**
 * Waits `ms`, or less when the browser's network comes back meanwhile: a writer whose network
 * returned saved in the seconds before the next try, on the old base, and met the 409.
 */
export const pauseUnlessOnline = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });

/**
 * The article as the colleague's save (`wanted`, its `updatedAt`) left it. Tried again while
 * the network is away (the save was heard as this writer's connection dropped; at once when it
 * is back) or the answer is older than the save (a read replica behind the primary). Undefined
 * when it never came: the next save then meets the 409 and its chooser, as before co-editing.
 */
async function fetchSave(
  id: string,
  wanted: string | undefined,
  ended: () => boolean,
): Promise<Article | undefined> {
  for (const pause of [0, ...FETCH_PAUSES_MS]) {
    if (pause > 0) await pauseUnlessOnline(pause);
    if (ended()) return undefined;
    const theirs = await adminApi<Article>(`/api/articles/article/${id}`).catch(() => undefined);
    if (theirs && (!wanted || Date.parse(theirs.updatedAt) >= Date.parse(wanted))) return theirs;
  }
  return undefined;
}
