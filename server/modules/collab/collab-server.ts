/*
 * The co-editing server (issue 43 item 1, docs/decisions/061): Hocuspocus, one document per
 * article (its id is the document's name), joined only by someone who may edit the article,
 * stored in `collab_documents`, made from the article's HTML when none is stored, and relayed
 * between processes through Redis when REDIS_URL is set.
 */
import { Server, type Extension, type onAuthenticatePayload } from '@hocuspocus/server';
import { Redis } from '@hocuspocus/extension-redis';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import * as Y from 'yjs';
import type { TwoFactorPolicy } from '../../../common/settings';
import type { Db } from '../../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { TITLE_FIELD } from '../../../common/editor/editor-extensions';
import { setText } from '../../../common/editor/shared-text';
import { applyArticle, documentOfArticle } from './collab-html';
import { rights, rightsOf, type CollabContext } from './collab-rights';
import { mergeState, noteWriter, storedState, storeFirstState } from './collab-repository';

/** What the co-editing server needs of the rest of the server. */
export interface CollabDeps {
  db: Db;
  clock: Clock;
  /** The edit check of the articles module: throws for someone who may not edit `id`. */
  editable(actor: Actor | null, id: string): Promise<unknown>;
  /** An article's stored body (HTML) and title, or undefined when there is no such article. */
  articleOf(id: string): Promise<{ html: string; title: string } | undefined>;
  authenticate(token: string): Promise<Actor | null>;
  policy(): Promise<TwoFactorPolicy>;
  redisUrl?: string;
  /** Seconds of quiet before a changed document is stored (and at most `maxDebounce`). */
  debounceMs?: number;
  log: { error(details: object, message: string): void };
}

export type { CollabContext } from './collab-rights';

/** The largest message a client may send: a pasted long article with its images' addresses. */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** The socket `ws` hands over, as far as this module touches it. */
interface WebSocketLike {
  on(event: 'error', listener: (error: unknown) => void): void;
}

/** A change the server itself made (a save's text): no one's keystrokes. */
export const SAVED_TEXT_ORIGIN = 'patrika:saved-text';

/** Pauses before storing again a document whose store failed (the database away a moment). */
const STORE_RETRY_MS = [1000, 2000, 4000, 8000, 16000];

/**
 * Stores shared documents, and again those whose store failed: a failure never escapes as a
 * rejection (Hocuspocus runs stores from timers it does not await, and Node stops a process on
 * an unhandled rejection), and the state that failed is kept and tried again, then once more
 * when the server closes. The state is Yjs's: merging it again is harmless.
 */
function stores(deps: CollabDeps) {
  const failed = new Map<string, { state: Uint8Array; timer?: NodeJS.Timeout; tries: number }>();
  let closing = false;
  const store = async (name: string, state: Uint8Array) => {
    try {
      await mergeState(deps.db, name, state, deps.clock.now());
      return true;
    } catch (error) {
      deps.log.error({ err: error, document: name }, 'storing a shared document failed');
      return false;
    }
  };
  const later = (name: string) => {
    const kept = failed.get(name);
    if (!kept || closing) return;
    const pause = STORE_RETRY_MS[kept.tries];
    if (pause === undefined) return;
    kept.timer = setTimeout(() => {
      kept.tries += 1;
      void store(name, kept.state).then((stored) => {
        if (failed.get(name) !== kept) return;
        if (stored) failed.delete(name);
        else later(name);
      });
    }, pause);
    kept.timer.unref();
  };
  return {
    async put(name: string, state: Uint8Array) {
      if (await store(name, state)) return;
      const before = failed.get(name);
      if (before?.timer) clearTimeout(before.timer);
      // Both kept as one (a document unloaded and loaded again lacks what failed before).
      failed.set(name, { state: before ? Y.mergeUpdates([before.state, state]) : state, tries: 0 });
      later(name);
    },
    /** One last try for each state whose store failed, before the database closes. */
    async close() {
      closing = true;
      const left = [...failed.entries()];
      failed.clear();
      for (const [name, kept] of left) {
        if (kept.timer) clearTimeout(kept.timer);
        await store(name, kept.state);
      }
    },
  };
}

function storage(
  deps: CollabDeps,
  put: (name: string, state: Uint8Array) => Promise<void>,
): Extension {
  return {
    async onLoadDocument({ documentName, document }) {
      const stored = await storedState(deps.db, documentName);
      if (stored) {
        Y.applyUpdate(document, stored);
        // A document stored before its title was shared starts sharing the saved title.
        const title = document.getText(TITLE_FIELD);
        if (title.length === 0) setText(title, (await deps.articleOf(documentName))?.title ?? '');
        return;
      }
      const article = await deps.articleOf(documentName);
      if (article === undefined) throw new Error(`no article ${documentName}`);
      const made = documentOfArticle(article);
      const first = Y.encodeStateAsUpdate(made);
      made.destroy();
      // Stored at once: a row says someone may have the document open (a save refreshes it).
      const state = await storeFirstState(deps.db, documentName, first, deps.clock.now());
      Y.applyUpdate(document, state);
    },
    async onStoreDocument({ documentName, document }) {
      await put(documentName, Y.encodeStateAsUpdate(document));
    },
  };
}

/**
 * Whether a connection may open its document: the article's edit check, and the second-factor
 * policy as for any write. A refusal is the protocol's permission-denied answer with the refusal's
 * code as its reason, thrown without a message (Hocuspocus logs those that have one).
 */
async function admit(deps: CollabDeps, payload: onAuthenticatePayload): Promise<CollabContext> {
  try {
    // The upgrade's session (cookie or header), else the provider's token: asked now, also when
    // a provider joins again on a socket whose upgrade was long ago.
    const token = (payload.context as CollabContext).token || payload.token || undefined;
    return await rightsOf(deps, token, payload.documentName);
  } catch (error) {
    if (error instanceof AppError) throw { reason: error.code };
    throw error;
  }
}

/**
 * How long one person's typing into one document is not written down again: a save within it
 * after their last note may leave a second of their typing to the next save's revision.
 */
const WRITER_NOTE_MS = 1000;

/**
 * Who types (issue 43 item 1): each connection's keystrokes note their person as a writer of the
 * article (collab_writers) at most once a second, so one save's revision names everyone who wrote
 * since the last. Changes relayed from another process (Redis) carry no one: that process notes
 * its own writers; a save's own text (SAVED_TEXT_ORIGIN) is no one's typing.
 */
function writers(deps: CollabDeps): Extension {
  const noted = new Map<string, number>();
  return {
    async onChange({ documentName, context, transactionOrigin }) {
      const actor = (context as CollabContext | undefined)?.actor;
      if (!actor || transactionOrigin === SAVED_TEXT_ORIGIN) return;
      const key = `${documentName} ${actor.id}`;
      const now = deps.clock.now();
      if (now.getTime() - (noted.get(key) ?? 0) < WRITER_NOTE_MS) return;
      noted.set(key, now.getTime());
      await noteWriter(deps.db, documentName, actor.id, now).catch((error: unknown) => {
        noted.delete(key);
        deps.log.error({ err: error, document: documentName }, 'noting a writer failed');
      });
    },
    async afterUnloadDocument({ documentName }) {
      for (const key of noted.keys()) if (key.startsWith(`${documentName} `)) noted.delete(key);
    },
  };
}

export function createCollabServer(deps: CollabDeps) {
  const stored = stores(deps);
  const held = rights(deps);
  const extensions: Extension[] = [held.extension, storage(deps, stored.put), writers(deps)];
  if (deps.redisUrl) extensions.push(new Redis(redisOptions(deps.redisUrl)));
  // Hocuspocus's own server, for its WebSocket server (`ws`, its dependency); its HTTP server never
  // listens: the upgrades come from Fastify's (collab-mount.ts).
  const server = new Server(
    {
      name: `patrika-${process.pid}`,
      stopOnSignals: false,
      quiet: true,
      debounce: deps.debounceMs ?? 1000,
      maxDebounce: (deps.debounceMs ?? 1000) * 5,
      extensions,
      onAuthenticate: (payload: onAuthenticatePayload) => admit(deps, payload),
    },
    { maxPayload: MAX_MESSAGE_BYTES },
  );
  const { hocuspocus } = server;
  held.start(hocuspocus);

  return {
    hocuspocus,
    /** Takes an upgrade of `/api/collab` on, as `context`'s person (collab-mount.ts). */
    accept(request: IncomingMessage, socket: Duplex, head: Buffer, context: CollabContext) {
      server.webSocketServer.handleUpgrade(request, socket, head, (ws: WebSocketLike) => {
        ws.on('error', (error: unknown) =>
          deps.log.error({ err: error }, 'a co-editing socket failed'),
        );
        hocuspocus.handleConnection(ws as never, request, context);
      });
    },
    /**
     * A save by a client outside the document: its text becomes the shared document's body, as a
     * difference, so untouched paragraphs and carets stay. Nothing when no one ever opened it
     * (its document is made from the saved text when someone does).
     */
    async refresh(id: string, article: { html: string; title: string }) {
      if (!(await storedState(deps.db, id))) return;
      const direct = await hocuspocus.openDirectConnection(id, { actor: null });
      try {
        await direct.transact((doc) => applyArticle(doc, article, SAVED_TEXT_ORIGIN));
      } finally {
        await direct.disconnect();
      }
    },
    /**
     * Closes every connection and stores every document still changed before answering, so
     * nothing is written after the database closes: the stores Hocuspocus has waiting are run
     * now (their timers would fire later), those under way are waited for.
     */
    async close() {
      held.stop();
      hocuspocus.closeConnections();
      server.webSocketServer.close();
      const { debouncer } = hocuspocus;
      await Promise.all(
        [...hocuspocus.documents.values()].map(async (doc) => {
          const id = `onStoreDocument-${doc.name}`;
          if (debouncer.isDebounced(id))
            await Promise.resolve(debouncer.executeNow(id)).catch((error: unknown) =>
              deps.log.error(
                { err: error, document: doc.name },
                'storing a shared document failed',
              ),
            );
          for (let waited = 0; debouncer.isCurrentlyExecuting(id) && waited < CLOSE_WAIT_MS;)
            waited += await pause(20);
        }),
      );
      await stored.close();
    },
  };
}

/** How long closing waits for a store under way (a database that answers nothing). */
const CLOSE_WAIT_MS = 10_000;
const pause = (ms: number) => new Promise<number>((resolve) => setTimeout(() => resolve(ms), ms));

export type CollabServer = ReturnType<typeof createCollabServer>;

/** The Redis extension's connection, from REDIS_URL (`redis://[user:password@]host:port/db`). */
function redisOptions(url: string) {
  const u = new URL(url);
  const db = Number(u.pathname.slice(1));
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    prefix: 'patrika-collab',
    options: {
      username: u.username ? decodeURIComponent(u.username) : undefined,
      password: u.password ? decodeURIComponent(u.password) : undefined,
      db: Number.isInteger(db) ? db : 0,
      ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    },
  };
}
