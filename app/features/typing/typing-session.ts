import { suggest, type Lexicon } from '../../../common/typing/suggestions';

/*
 * Typing Hindi in Latin letters in one text control (issue 27 item 6), whatever the control is:
 * an <input> (input-target.ts) or the body editor (hindi-typing-extension.ts) give it a
 * `TextTarget`, and call it from their key and input events while Hindi typing is on. The Latin
 * word before the caret has up to five suggestions; a space or a punctuation mark turns it into
 * the chosen one (the first unless the writer moved), and Backspace right after that gives the
 * Latin letters back.
 */

/** Where the session reads and writes: the text before the caret, in the caret's line. */
export interface TextTarget {
  /** The text before the caret (its block's, in the editor); null while text is selected. */
  textBefore(): string | null;
  /** Replaces the last `length` characters before the caret with `text`; the caret after it. */
  replaceBefore(length: number, text: string): void;
}

/** What ends a word: a space, and the punctuation a sentence has. */
const SEPARATOR = /^[\s.,;:!?'"()[\]{}\-–—।॥/]$/u;
export const isSeparator = (text: string) => SEPARATOR.test(text);

/** The Latin word that ends `text` (letters only), or "" when it ends otherwise. */
export const latinWordBefore = (text: string) => /[A-Za-z]+$/.exec(text)?.[0] ?? '';

/** Ctrl+G (⌘G on a Mac): the key that turns Hindi typing on and off in a field that has it. */
export const isToggleKey = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'g';

/** Keys that move or mark nothing: they leave a conversion undoable. */
export const NEUTRAL_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/** What the suggestion list shows. */
export interface SuggestionState {
  word: string;
  suggestions: string[];
  /** The highlighted suggestion: the one a space or Enter takes. */
  active: number;
}

export const NO_SUGGESTIONS: SuggestionState = { word: '', suggestions: [], active: 0 };

export class TypingSession {
  private state: SuggestionState = NO_SUGGESTIONS;
  /** The last word turned into Devanagari, while Backspace may still give it back. */
  private last: { latin: string; written: string } | null = null;
  /** Closed with Escape: no list until the next letter. */
  private dismissed = false;

  constructor(
    private readonly target: TextTarget,
    private readonly lexicon: () => Lexicon,
    private readonly changed: (state: SuggestionState) => void,
  ) {}

  get suggestions(): SuggestionState {
    return this.state;
  }

  private show(state: SuggestionState) {
    this.state = state;
    this.changed(state);
  }

  /** Reads the word before the caret again (after typing, or a caret that moved). */
  refresh() {
    const before = this.target.textBefore();
    const word = before === null ? '' : latinWordBefore(before);
    if (word !== this.state.word) this.dismissed = false;
    else if (this.dismissed || this.state.suggestions.length > 0 || word === '') return;
    const suggestions = word && !this.dismissed ? suggest(word, this.lexicon()) : [];
    this.show({ word, suggestions, active: 0 });
  }

  /** Hides the list (the control lost focus, or typing went off). */
  close() {
    this.last = null;
    if (this.state !== NO_SUGGESTIONS) this.show(NO_SUGGESTIONS);
  }

  /** Any edit or move other than the session's own: Backspace no longer gives a word back. */
  forget() {
    this.last = null;
  }

  /** Writes suggestion `index` for the word, followed by `after`; false when there is no word. */
  pick(index: number, after = ''): boolean {
    this.dismissed = false;
    const before = this.target.textBefore();
    const word = before === null ? '' : latinWordBefore(before);
    if (!word) return false;
    const suggestions =
      word === this.state.word && this.state.suggestions.length
        ? this.state.suggestions
        : suggest(word, this.lexicon());
    const chosen = suggestions[index] ?? suggestions[0];
    if (chosen === undefined) return false;
    const written = chosen + after;
    this.target.replaceBefore(word.length, written);
    this.last = { latin: word, written };
    this.show(NO_SUGGESTIONS);
    return true;
  }

  /** A space or punctuation typed: the word before it becomes the highlighted suggestion. */
  separator(text: string): boolean {
    return this.pick(this.state.active, text);
  }

  /** Backspace: right after a conversion, the Latin letters come back (true: handled). */
  backspace(): boolean {
    const last = this.last;
    this.last = null;
    if (!last) return false;
    const before = this.target.textBefore();
    if (before === null || !before.endsWith(last.written)) return false;
    this.target.replaceBefore(last.written.length, last.latin);
    this.refresh();
    return true;
  }

  /**
   * The list's keys while it shows: arrows move, Enter or a number picks, Escape closes. True
   * when the key was the list's (the control must not act on it).
   */
  key(key: string): boolean {
    const { suggestions, active } = this.state;
    if (suggestions.length === 0) return false;
    switch (key) {
      case 'ArrowDown':
        this.show({ ...this.state, active: (active + 1) % suggestions.length });
        return true;
      case 'ArrowUp':
        this.show({
          ...this.state,
          active: (active - 1 + suggestions.length) % suggestions.length,
        });
        return true;
      case 'Enter':
        return this.pick(active);
      case 'Escape':
        this.dismissed = true;
        this.show({ ...NO_SUGGESTIONS, word: this.state.word });
        return true;
      default: {
        const n = /^[1-9]$/.test(key) ? Number(key) : 0;
        return n > 0 && n <= suggestions.length ? this.pick(n - 1) : false;
      }
    }
  }
}
