import { useEffect, useRef, useState, type CSSProperties } from 'react';

import { hindiTypingCopy } from '../../copy/hindi-typing';
import {
  currentLexicon,
  hindiTypingIsOn,
  loadVocabulary,
  toggleHindiTyping,
  useHindiTypingOn,
} from './hindi-typing-state';
import {
  isSeparator,
  isToggleKey,
  NEUTRAL_KEYS,
  NO_SUGGESTIONS,
  TypingSession,
  type SuggestionState,
} from './typing-session';
import { useAdminLanguage } from '../../copy/admin-language';

/*
 * Hindi typing in the back office (issue 27 item 6): the "अ" button that turns it on and off,
 * the list of suggestions, and their wiring to an <input>. The body editor has its own wiring
 * (hindi-typing-extension.ts) and the same button and list.
 */

/** The texts in the interface language of the settings, and that language. */
export function useHindiTypingCopy() {
  const lang = useAdminLanguage();
  return { c: hindiTypingCopy[lang], lang };
}

/** The "अ" button: pressed while Hindi typing is on. */
export function HindiTypingButton({ className = '' }: { className?: string }) {
  const on = useHindiTypingOn();
  const { c, lang } = useHindiTypingCopy();
  return (
    <button
      type="button"
      className={`btn ${on ? 'btn-secondary' : 'btn-outline-secondary'} ${className}`}
      aria-pressed={on}
      aria-label={c.toggle}
      title={c.hint}
      lang={lang}
      // Keeps the caret where it was in the field.
      onMouseDown={(e) => e.preventDefault()}
      onClick={toggleHindiTyping}
    >
      <span lang="hi" aria-hidden="true">
        अ
      </span>
    </button>
  );
}

/** The suggestions for the word being typed; a click picks one. */
export function SuggestionList({
  id,
  state,
  onPick,
  style,
}: {
  id: string;
  state: SuggestionState;
  onPick: (index: number) => void;
  style?: CSSProperties;
}) {
  const { c, lang } = useHindiTypingCopy();
  if (state.suggestions.length === 0) return null;
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={c.suggestions}
      lang={lang}
      className="dropdown-menu show hindi-suggestions"
      style={style}
    >
      {state.suggestions.map((word, i) => (
        <li
          key={word}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === state.active}
          lang="hi"
          className={`dropdown-item${i === state.active ? ' active' : ''}`}
          // A click must not take the focus (and the caret) from the field.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(i)}
        >
          <span className="text-body-secondary me-2" aria-hidden="true">
            {i + 1}
          </span>
          {word}
        </li>
      ))}
    </ul>
  );
}

/** What a session writes through in an <input>: its value before the caret. */
function inputTarget(input: HTMLInputElement) {
  return {
    textBefore: () =>
      input.selectionStart === null || input.selectionStart !== input.selectionEnd
        ? null
        : input.value.slice(0, input.selectionStart),
    replaceBefore: (length: number, text: string) => {
      const end = input.selectionStart ?? input.value.length;
      input.setRangeText(text, Math.max(0, end - length), end, 'end');
      // As if typed: React (and react-hook-form) hear of the change through the input event.
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
  };
}

/** Hands an <input>'s keys and edits to its session while Hindi typing is on; answers the undo. */
function wireInput(input: HTMLInputElement, typing: TypingSession): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (isToggleKey(event)) {
      event.preventDefault();
      toggleHindiTyping();
      return;
    }
    if (!hindiTypingIsOn() || event.isComposing) return;
    if (event.key === 'Backspace' && !event.ctrlKey && !event.altKey && !event.metaKey) {
      if (typing.backspace()) event.preventDefault();
      return;
    }
    if (typing.key(event.key)) {
      event.preventDefault();
      return;
    }
    if (!NEUTRAL_KEYS.has(event.key)) typing.forget();
  };
  const onBeforeInput = (event: InputEvent) => {
    if (!hindiTypingIsOn() || event.isComposing) return;
    if (event.inputType === 'insertText' && event.data && isSeparator(event.data)) {
      if (typing.separator(event.data)) event.preventDefault();
    }
  };
  const onCaret = () => {
    if (hindiTypingIsOn()) typing.refresh();
  };
  const onPointer = () => typing.forget();
  const onBlur = () => typing.close();
  const events = [
    ['keydown', onKeyDown],
    ['beforeinput', onBeforeInput],
    ['input', onCaret],
    ['keyup', onCaret],
    ['mouseup', onCaret],
    ['mousedown', onPointer],
    ['blur', onBlur],
  ] as const;
  for (const [name, handler] of events) input.addEventListener(name, handler as EventListener);
  return () => {
    for (const [name, handler] of events) input.removeEventListener(name, handler as EventListener);
  };
}

/**
 * The "अ" button and the suggestion list of the <input> with id `inputId`, wired to it while
 * mounted. Put it beside the input, inside an element with `position: relative` (a Bootstrap
 * input group).
 */
export function HindiTypingFor({ inputId }: { inputId: string }) {
  const [state, setState] = useState<SuggestionState>(NO_SUGGESTIONS);
  const session = useRef<TypingSession | null>(null);
  const on = useHindiTypingOn();
  const listId = `${inputId}-hindi-suggestions`;

  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement)) return;
    void loadVocabulary();
    const typing = new TypingSession(inputTarget(input), currentLexicon, setState);
    session.current = typing;
    const unwire = wireInput(input, typing);
    return () => {
      session.current = null;
      unwire();
    };
  }, [inputId]);

  // Off: no list; on: the word at the caret, if the field has the focus.
  useEffect(() => {
    const typing = session.current;
    if (!typing) return;
    if (on && document.activeElement?.id === inputId) typing.refresh();
    else typing.close();
  }, [on, inputId]);

  // The input names the list it controls and its highlighted option (WAI-ARIA combobox).
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!input) return;
    const open = state.suggestions.length > 0;
    if (on) input.setAttribute('aria-autocomplete', 'list');
    else input.removeAttribute('aria-autocomplete');
    if (open) {
      input.setAttribute('aria-controls', listId);
      input.setAttribute('aria-activedescendant', `${listId}-${state.active}`);
    } else {
      input.removeAttribute('aria-controls');
      input.removeAttribute('aria-activedescendant');
    }
  }, [state, on, inputId, listId]);

  return (
    <>
      <HindiTypingButton />
      <SuggestionList
        id={listId}
        state={state}
        onPick={(i) => session.current?.pick(i)}
        style={{ top: '100%', left: 0 }}
      />
    </>
  );
}
