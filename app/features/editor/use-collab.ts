/*
 * Co-editing in the browser (issue 43 item 1, docs/decisions/061): a Hocuspocus provider on the
 * article's shared document at /api/collab. Until it has synced the editor is the plain one; when
 * the server refuses, the socket cannot open or nothing has synced within SYNC_WAIT_MS, it stays
 * plain (the form's HTML, its autosave and 409 check, as before co-editing).
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
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

/** The longest pause between two tries to reconnect to the shared document. */
const RECONNECT_MAX_DELAY_MS = 4000;

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

/** The newest save (its `updatedAt`) the others in each article's document announced. */
const announced = new Map<string, string>();

/** The newest save of `articleId` a colleague announced: the version a colleague's save made. */
export const announcedSave = (articleId: string) => announced.get(articleId);

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

/** A person in a shared document, as their caret's awareness names them. */
export type PersonInDocument = { _id: string; name: string };

/** The other people in `awareness` now: each once however many tabs, never `me`. */
function othersIn(awareness: NonNullable<HocuspocusProvider['awareness']>, me: string) {
  const people = new Map<string, PersonInDocument>();
  for (const [client, state] of awareness.getStates()) {
    const user = (state as { user?: Partial<PersonInDocument> }).user;
    if (client === awareness.clientID || !user?._id || !user.name || user._id === me) continue;
    people.set(user._id, { _id: user._id, name: user.name });
  }
  return [...people.values()];
}

/**
 * Who else is in the article's shared document now (issue 43: the presence list becomes who is
 * in the document), from its awareness: someone arrives or leaves the moment their connection
 * does. Undefined while this tab does not share the article (then the presence calls say it).
 */
export function usePeopleIn(articleId: string | undefined, me: string) {
  const doc = useSharedDoc(articleId);
  const [people, setPeople] = useState<PersonInDocument[] | undefined>(undefined);
  useEffect(() => {
    const awareness = articleId ? sharedNow.get(articleId)?.provider.awareness : undefined;
    if (!doc || !awareness) {
      setPeople(undefined);
      return undefined;
    }
    const update = () => {
      const next = othersIn(awareness, me);
      setPeople((before) =>
        before && JSON.stringify(before) === JSON.stringify(next) ? before : next,
      );
    };
    update();
    awareness.on('change', update);
    return () => awareness.off('change', update);
  }, [articleId, doc, me]);
  return people;
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
      if (client === awareness.clientID || typeof saved !== 'string' || heard.get(client) === saved)
        continue;
      heard.set(client, saved);
      const before = announced.get(articleId);
      if (!before || Date.parse(saved) > Date.parse(before)) announced.set(articleId, saved);
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
    const end = () => {
      provider.destroy();
      socket.destroy();
    };
    const giveUp = () => {
      if (settled) return;
      settled = true;
      end();
      setState(OFF);
    };
    const socket = new HocuspocusProviderWebsocket({
      url: collabUrl(),
      // A dropped connection is tried again at once, then after 1, 2 and 4 s and every 4 s
      // after (not the default's growing 30 s): a writer whose network comes back is merged
      // within seconds (issue 43: within 10 s of its return).
      maxDelay: RECONNECT_MAX_DELAY_MS,
    });
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
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
    // A socket of our own (for its reconnection's pace) is attached by hand.
    provider.attach();
    const wait = setTimeout(giveUp, SYNC_WAIT_MS);
    return () => {
      settled = true;
      if (sharedNow.get(articleId)?.doc === doc) setShared(articleId, null);
      clearTimeout(wait);
      end();
      doc.destroy();
    };
  }, [articleId]);
  return state;
}
