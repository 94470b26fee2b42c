import { useSyncExternalStore } from 'react';
import type { Vocabulary } from '../../../common/schemas/search';
import { makeLexicon, type Lexicon } from '../../../common/typing/suggestions';
import { adminApi } from '../api/admin-api';

/*
 * Hindi typing's state for the page (issue 27 item 6): on or off for every field that offers it
 * (the writer's choice, kept in this browser), and the lexicon its suggestions come from: common
 * Hindi words at once, the site's own vocabulary once it has arrived. The vocabulary is fetched
 * once per page and kept in memory, so typing goes on with the network gone; without it the
 * rules and the common words still work.
 */

const STORAGE_KEY = 'patrika.hindiTyping';
const listeners = new Set<() => void>();
let on: boolean | undefined;

function readStored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

const isOn = () => (on ??= readStored());

export function setHindiTyping(next: boolean) {
  on = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  for (const listener of listeners) listener();
}

export const toggleHindiTyping = () => setHindiTyping(!isOn());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether Hindi typing is on (off in the server's render). */
export const useHindiTypingOn = () => useSyncExternalStore(subscribe, isOn, () => false);

/** Read from event handlers, which must see the choice of the moment. */
export const hindiTypingIsOn = () => isOn();

let lexicon: Lexicon | undefined;
let loading: Promise<void> | undefined;

/** The lexicon as it is now: the common words until the site's vocabulary has arrived. */
export const currentLexicon = (): Lexicon => (lexicon ??= makeLexicon([]));

/** Fetches the site's vocabulary, once per page; a failure leaves the common words. */
export function loadVocabulary(): Promise<void> {
  loading ??= adminApi<Vocabulary>('/api/search/vocabulary')
    .then(({ words }) => {
      lexicon = makeLexicon(words);
    })
    .catch(() => {
      // Offline, or signed out: the rules and the common words still suggest.
    });
  return loading;
}
