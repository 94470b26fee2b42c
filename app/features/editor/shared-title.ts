/*
 * The article's title shared like its body (issue 43 item 1): while the body is shared, what
 * anyone types into the title goes into the document's title text as a difference, and what
 * others type there shows in the field, the caret staying where it was in the words around.
 */
import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import type * as Y from 'yjs';
import { TITLE_FIELD } from '../../../common/editor/editor-extensions';
import { setText, shiftThrough } from '../../../common/editor/shared-text';
import type { ArticleFormValues } from '../articles/article-form-values';
import { useSharedDoc } from './use-collab';

/** This tab's own changes to the title text. */
const TYPED_HERE = 'patrika:title-typed';

/** Binds the form's `name` field (its input `inputId`) to the shared title of `articleId`. */
export function useSharedTitle(articleId: string | undefined, inputId: string) {
  const doc = useSharedDoc(articleId);
  const { getValues, setValue, watch, formState } = useFormContext<ArticleFormValues>();
  // The title as last saved (the form's default): what "left alone" means below.
  const savedTitle = useRef('');
  savedTitle.current = formState.defaultValues?.name ?? '';
  useEffect(() => {
    if (!doc) return undefined;
    const text = doc.getText(TITLE_FIELD);
    /** The document's title in the field; a focused field's caret carried across `delta`. */
    const show = (delta?: Y.YTextEvent['delta']) => {
      const next = text.toString();
      if (next === getValues('name')) return;
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      const focused = input !== null && document.activeElement === input;
      const [from, to] = focused ? [input.selectionStart ?? 0, input.selectionEnd ?? 0] : [0, 0];
      setValue('name', next, { shouldDirty: true, shouldValidate: true });
      if (focused && delta)
        input.setSelectionRange(shiftThrough(delta, from), shiftThrough(delta, to));
    };
    // What this tab typed into the title before the document arrived (up to SYNC_WAIT_MS after
    // the form showed) is kept and shared, over a colleague's unsaved title if there is one: it
    // is what the writer in front of it just did. Left alone, the field shows the document's
    // title, which may be newer than the saved one (typed since, not saved yet). Showing it over
    // the typing put the saved title back under the writer's fingers.
    const typedBefore = getValues('name');
    if (typedBefore !== savedTitle.current)
      doc.transact(() => setText(text, typedBefore), TYPED_HERE);
    else if (text.length > 0) show();
    const heard = (event: Y.YTextEvent, transaction: Y.Transaction) => {
      if (transaction.origin !== TYPED_HERE) show(event.delta);
    };
    text.observe(heard);
    // Typing (and Hindi typing, which sends an input event) only: a reset after a save or the
    // document's own text set above are not new words.
    const typed = watch((values, { name, type }) => {
      if (name === 'name' && type === 'change')
        doc.transact(() => setText(text, values.name ?? ''), TYPED_HERE);
    });
    return () => {
      text.unobserve(heard);
      typed.unsubscribe();
    };
  }, [doc, inputId, getValues, setValue, watch]);
}
