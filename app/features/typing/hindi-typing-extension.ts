import { Extension } from '@tiptap/react';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import type { Lexicon } from '../../../common/typing/suggestions';
import {
  isSeparator,
  isToggleKey,
  NEUTRAL_KEYS,
  TypingSession,
  type SuggestionState,
} from './typing-session';

/*
 * Hindi typing in the body editor (issue 27 item 6): a ProseMirror plugin that gives the typing
 * session the text before the caret in its block and writes through transactions (so undo and
 * the editor's HTML follow), converts the word on a space or punctuation (`handleTextInput`),
 * and takes Backspace, Ctrl+G and the list's keys (`handleKeyDown`).
 */

export interface HindiTypingOptions {
  isOn: () => boolean;
  toggle: () => void;
  lexicon: () => Lexicon;
  /** The list to show, and where (the caret's place in the window); null hides it. */
  onSuggestions: (state: SuggestionState, at: { left: number; top: number } | null) => void;
  /** The editor's session, for a click on the list to pick with (null once it is gone). */
  onSession: (session: TypingSession | null) => void;
}

const key = new PluginKey('hindiTyping');

/** Leaves (an image, a line break) inside a block: not letters of a word. */
const LEAF = '\ufffc';

function viewTarget(view: EditorView) {
  return {
    textBefore: () => {
      const { $from, empty } = view.state.selection;
      if (!empty || !$from.parent.isTextblock) return null;
      return $from.parent.textBetween(0, $from.parentOffset, undefined, LEAF);
    },
    replaceBefore: (length: number, text: string) => {
      const { from } = view.state.selection;
      view.dispatch(view.state.tr.insertText(text, from - length, from));
    },
  };
}

export const HindiTyping = Extension.create<HindiTypingOptions>({
  name: 'hindiTyping',

  addOptions() {
    return {
      isOn: () => false,
      toggle: () => {},
      lexicon: () => ({ byKey: new Map(), keys: [] }),
      onSuggestions: () => {},
      onSession: () => {},
    };
  },

  addProseMirrorPlugins() {
    const options = this.options;
    let session: TypingSession | null = null;
    let view: EditorView | null = null;
    const report = (state: SuggestionState) => {
      if (!view || state.suggestions.length === 0) return options.onSuggestions(state, null);
      const caret = view.coordsAtPos(view.state.selection.from);
      options.onSuggestions(state, { left: caret.left, top: caret.bottom });
    };
    return [
      new Plugin({
        key,
        view(editorView) {
          view = editorView;
          session = new TypingSession(viewTarget(editorView), options.lexicon, report);
          options.onSession(session);
          return {
            update(updated, previous) {
              view = updated;
              if (!session) return;
              if (!options.isOn() || !updated.hasFocus()) return session.close();
              if (
                !previous.doc.eq(updated.state.doc) ||
                !previous.selection.eq(updated.state.selection)
              )
                session.refresh();
            },
            destroy() {
              session?.close();
              session = null;
              options.onSession(null);
              view = null;
            },
          };
        },
        props: {
          handleTextInput(_view, _from, _to, text) {
            if (!session || !options.isOn() || !isSeparator(text)) return false;
            return session.separator(text);
          },
          handleKeyDown(_view, event) {
            if (!session) return false;
            if (isToggleKey(event)) {
              options.toggle();
              if (options.isOn()) session.refresh();
              else session.close();
              return true;
            }
            if (!options.isOn() || event.isComposing) return false;
            if (event.key === 'Backspace' && !event.ctrlKey && !event.altKey && !event.metaKey)
              return session.backspace();
            if (session.key(event.key)) return true;
            if (!NEUTRAL_KEYS.has(event.key)) session.forget();
            return false;
          },
          handleDOMEvents: {
            blur() {
              session?.close();
              return false;
            },
            mousedown() {
              session?.forget();
              return false;
            },
          },
        },
      }),
    ];
  },
});
