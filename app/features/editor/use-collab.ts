/*
 * Co-editing in the browser (issue 43 item 1, docs/decisions/061): a Hocuspocus provider on the
 * article's shared document at /api/collab. Until it has synced the editor is the plain one; when
 * the server refuses, the socket cannot open or nothing has synced within SYNC_WAIT_MS, it stays
 * plain (the form's HTML, its autosave and 409 check, as before co-editing).
 */
import { HocuspocusProvider } from '@hocuspocus/provider';
import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { readUserInfo } from '../session/user-info';

/** The article to share and who is writing. */
export interface CollabTarget {
  articleId: string;
  user: { _id: string; name: string };
}

export type CollabState =
  | { status: 'off' }
  | { status: 'connecting' }
  | { status: 'shared'; provider: HocuspocusProvider; doc: Y.Doc };

const OFF: CollabState = { status: 'off' };
const CONNECTING: CollabState = { status: 'connecting' };

/** How long the plain editor waits for the shared document before it stays plain. */
const SYNC_WAIT_MS = 5000;

/**
 * Carets' colours: distinct, and dark enough for the white name on them (WCAG AA, 4.5:1).
 */
const CARET_COLOURS = ['#b3261e', '#1b5e20', '#0d47a1', '#6a1b9a', '#8d4b00', '#00695c', '#ad1457'];

/** A person's caret colour, the same in every browser. */
export function caretColourOf(userId: string): string {
  let hash = 0;
  for (const ch of userId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return CARET_COLOURS[hash % CARET_COLOURS.length] ?? '#0d47a1';
}

/**
 * The articles shared in this tab now, with their documents: their saves say so
 * (use-article-save.ts), the title field binds to it, and saves are announced through it.
 */
const sharedNow = new Map<string, { doc: Y.Doc; provider: HocuspocusProvider }>();
export const isShared = (articleId: string) => sharedNow.has(articleId);

/** Calls `listener` on each of this tab's `name` events about `articleId`; answers the undo. */
function onArticleEvent(name: string, articleId: string, listener: () => void): () => void {
  const heard = (event: Event) => {
    if ((event as CustomEvent<string>).detail === articleId) listener();
  };
  window.addEventListener(name, heard);
  return () => window.removeEventListener(name, heard);
}
const tell = (name: string, articleId: string) =>
  window.dispatchEvent(new CustomEvent(name, { detail: articleId }));

/**
 * The awareness field where a save is announced to the colleagues in the document (co-save.ts):
 * awareness, not the document, so an announcement is nobody's writing (its revision's writers).
 */
const SAVED = 'saved';
const CO_SAVE = 'patrika:co-save';

/** Tells the others in the article's shared document that it was just saved (as `updatedAt`). */
export function announceSave(articleId: string, updatedAt: string) {
  sharedNow.get(articleId)?.provider.setAwarenessField(SAVED, updatedAt);
}

/** Calls `listener` whenever someone else in the article's shared document saves it. */
export const onColleagueSave = (articleId: string, listener: () => void) =>
  onArticleEvent(CO_SAVE, articleId, listener);

const CO_SHARED = 'patrika:co-shared';

/** Keeps the article's shared document (or its end) where other fields find it. */
function setShared(articleId: string, shared: { doc: Y.Doc; provider: HocuspocusProvider } | null) {
  if (shared) sharedNow.set(articleId, shared);
  else sharedNow.delete(articleId);
  tell(CO_SHARED, articleId);
}

/** The article's shared document while this tab has it, for fields beside the body (the title). */
export function useSharedDoc(articleId: string | undefined): Y.Doc | undefined {
  const docOf = (id: string | undefined) => (id ? sharedNow.get(id)?.doc : undefined);
  const [doc, setDoc] = useState(() => docOf(articleId));
  useEffect(() => {
    setDoc(docOf(articleId));
    if (!articleId) return undefined;
    return onArticleEvent(CO_SHARED, articleId, () => setDoc(docOf(articleId)));
  }, [articleId]);
  return doc;
}

/** Hears each save the others in the document announce (each once; the first on joining). */
function hearSaves(articleId: string, provider: HocuspocusProvider) {
  const awareness = provider.awareness;
  if (!awareness) return;
  const heard = new Map<number, unknown>();
  awareness.on('change', () => {
    let news = false;
    for (const [client, state] of awareness.getStates()) {
      const saved = (state as Record<string, unknown>)[SAVED];
      if (client === awareness.clientID || saved === undefined || heard.get(client) === saved)
        continue;
      heard.set(client, saved);
      news = true;
    }
    if (news) tell(CO_SAVE, articleId);
  });
}

const collabUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/api/collab`;

/** The shared document of `target`'s article, once synced; `off` without a target. */
export function useCollab(target: CollabTarget | undefined): CollabState {
  const articleId = target?.articleId;
  // The same objects each time: the editor is made again whenever the state changes.
  const [state, setState] = useState<CollabState>(articleId ? CONNECTING : OFF);
  useEffect(() => {
    if (!articleId || typeof WebSocket === 'undefined') {
      setState(OFF);
      return;
    }
    setState(CONNECTING);
    const doc = new Y.Doc();
    let settled = false;
    const giveUp = () => {
      if (settled) return;
      settled = true;
      provider.destroy();
      setState(OFF);
    };
    const provider = new HocuspocusProvider({
      url: collabUrl(),
      name: articleId,
      document: doc,
      // The session cookie goes with the upgrade; the token is for a session kept without one.
      token: readUserInfo()?.token ?? '',
      onSynced: () => {
        if (settled) return;
        settled = true;
        clearTimeout(wait);
        hearSaves(articleId, provider);
        setShared(articleId, { doc, provider });
        setState({ status: 'shared', provider, doc });
      },
      onAuthenticationFailed: giveUp,
      // Refused at the upgrade (503: workers without Redis) or unreachable: plain at once.
      onClose: giveUp,
    });
    const wait = setTimeout(giveUp, SYNC_WAIT_MS);
    return () => {
      settled = true;
      if (sharedNow.get(articleId)?.doc === doc) setShared(articleId, null);
      clearTimeout(wait);
      provider.destroy();
      doc.destroy();
    };
  }, [articleId]);
  return state;
}
