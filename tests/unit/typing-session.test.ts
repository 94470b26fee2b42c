import { describe, expect, it } from 'vitest';
import { makeLexicon } from '../../common/typing/suggestions';
import {
  isSeparator,
  latinWordBefore,
  TypingSession,
  type SuggestionState,
} from '../../app/features/typing/typing-session';

/** A text box: its text and caret, as an <input> or the editor's block gives them. */
function box(initial = '') {
  const field = { text: initial, caret: initial.length, selected: false };
  const shown: SuggestionState[] = [];
  const session = new TypingSession(
    {
      textBefore: () => (field.selected ? null : field.text.slice(0, field.caret)),
      replaceBefore: (length, text) => {
        field.text =
          field.text.slice(0, field.caret - length) + text + field.text.slice(field.caret);
        field.caret += text.length - length;
      },
    },
    () => makeLexicon([]),
    (state) => shown.push(state),
  );
  /** Types as a person does: letters go in, a separator goes through the session first. */
  const type = (keys: string) => {
    for (const key of keys) {
      if (isSeparator(key) && session.separator(key)) continue;
      session.forget();
      field.text = field.text.slice(0, field.caret) + key + field.text.slice(field.caret);
      field.caret++;
      session.refresh();
    }
  };
  const backspace = () => {
    if (session.backspace()) return;
    field.text = field.text.slice(0, field.caret - 1) + field.text.slice(field.caret);
    field.caret--;
    session.refresh();
  };
  return { field, session, shown, type, backspace };
}

describe('TypingSession', () => {
  it('turns the word into its first suggestion at a space, and Backspace gives the letters back', () => {
    const { field, session, type, backspace } = box();
    type('bharat');
    expect(session.suggestions.word).toBe('bharat');
    expect(session.suggestions.suggestions[0]).toBe('भारत');
    type(' ');
    expect(field.text).toBe('भारत ');
    expect(session.suggestions.suggestions).toEqual([]);
    backspace();
    expect(field.text).toBe('bharat');
    expect(session.suggestions.word).toBe('bharat');
    // A second Backspace is an ordinary one.
    backspace();
    expect(field.text).toBe('bhara');
  });

  it('turns words before punctuation too, and leaves text that is no Latin word alone', () => {
    const { field, type } = box();
    type('kya hai?');
    expect(field.text).toBe('क्या है?');
    type(' 2026 ');
    expect(field.text).toBe('क्या है? 2026 ');
  });

  it('Backspace gives nothing back once something else was typed', () => {
    const { field, type, backspace } = box();
    type('hai x');
    backspace();
    expect(field.text).toBe('है ');
    backspace();
    expect(field.text).toBe('है');
  });

  it('arrows choose the suggestion a space takes; a number or Enter picks at once', () => {
    const { field, session, type } = box();
    type('bharat');
    const [, second, third] = session.suggestions.suggestions;
    expect(session.key('ArrowDown')).toBe(true);
    expect(session.suggestions.active).toBe(1);
    type(' ');
    expect(field.text).toBe(`${second} `);

    type('bharat');
    expect(session.key('3')).toBe(true);
    expect(field.text).toBe(`${second} ${third}`);

    type(' kya');
    session.key('ArrowUp');
    const last = session.suggestions.suggestions.at(-1);
    expect(session.key('Enter')).toBe(true);
    expect(field.text.endsWith(` ${last}`)).toBe(true);
  });

  it('Escape closes the list until the next letter; keys are not its own without a list', () => {
    const { session, type } = box();
    expect(session.key('ArrowDown')).toBe(false);
    expect(session.key('Enter')).toBe(false);
    type('kya');
    expect(session.key('Escape')).toBe(true);
    expect(session.suggestions.suggestions).toEqual([]);
    session.refresh();
    expect(session.suggestions.suggestions).toEqual([]);
    type('a');
    expect(session.suggestions.suggestions.length).toBeGreaterThan(0);
  });

  it('does nothing while text is selected', () => {
    const { field, session } = box('bharat');
    field.selected = true;
    expect(session.separator(' ')).toBe(false);
    expect(field.text).toBe('bharat');
  });

  it('finds the Latin word at the end of the text', () => {
    expect(latinWordBefore('नमस्ते bharat')).toBe('bharat');
    expect(latinWordBefore('bharat ')).toBe('');
    expect(latinWordBefore('abc123')).toBe('');
    expect(isSeparator(' ')).toBe(true);
    expect(isSeparator('।')).toBe(true);
    expect(isSeparator('a')).toBe(false);
  });
});
