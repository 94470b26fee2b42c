/*
 * `/api/collab`: the co-editing WebSocket on the site's own port (docs/decisions/061). The
 * upgrade is taken from Fastify's HTTP server; the session (cookie or `Authorization: Bearer`)
 * is read there, a cookie's upgrade from another origin refused as a cross-site write is.
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { SHARED_BODY_HEADER } from '../../../common/editor/editor-extensions';
import { AUTH_COOKIE } from '../../../common/session-cookies';
import type { Database } from '../../../db/client';
import type { Config } from '../../env';
import type { Actor } from '../../lib/actor';
import type { Services } from '../../services';
import { createCollabServer, type CollabDeps, type CollabServer } from './collab-server';

export const COLLAB_PATH = '/api/collab';

type Upgrade = { actor: Actor | null; token?: string } | { status: 401 | 403 };

/** Who opens the socket: nobody (the provider's token may say), someone, or a refusal. */
async function upgradeOf(
  request: IncomingMessage,
  parseCookie: (header: string) => Record<string, string | undefined>,
  authenticate: (token: string) => Promise<Actor | null>,
): Promise<Upgrade> {
  const header = request.headers.authorization;
  const cookie = parseCookie(request.headers.cookie ?? '')[AUTH_COOKIE];
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : cookie;
  if (!token) return { actor: null };
  if (!header && !sameOrigin(request)) return { status: 403 };
  const actor = await authenticate(token);
  return actor ? { actor, token } : { status: 401 };
}

/** A browser's socket from one of our own pages: its Origin names this host. */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

const isCollabPath = (request: IncomingMessage) => {
  const path = (request.url ?? '').split('?')[0];
  return path === COLLAB_PATH || path === `${COLLAB_PATH}/`;
};

const STATUS_TEXT = { 401: 'Unauthorized', 403: 'Forbidden', 503: 'Service Unavailable' };

function refuse(socket: Duplex, status: 401 | 403 | 503) {
  const text = STATUS_TEXT[status];
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Hands `/api/collab` upgrades to the co-editing server; closes it with the app. */
export function mountCollab(
  app: FastifyInstance,
  collab: CollabServer,
  authenticate: (token: string) => Promise<Actor | null>,
) {
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isCollabPath(request)) return;
    socket.on('error', () => socket.destroy());
    upgradeOf(request, (h) => app.parseCookie(h), authenticate)
      .then((upgrade) => {
        if ('status' in upgrade) return refuse(socket, upgrade.status);
        collab.accept(request, socket, head, { actor: upgrade.actor, token: upgrade.token });
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'a co-editing upgrade failed');
        socket.destroy();
      });
  };
  app.server.on('upgrade', onUpgrade);
  // Before the HTTP server closes (it would wait for the sockets) and the database does.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    await collab.close();
  });
}

/** The writes whose answer is the article as saved: its body then becomes the document's. */
const SAVES = new Set([
  'PUT /api/articles/:id',
  'POST /api/articles/:id/revisions/:revisionId/restore',
]);

/**
 * A save through the API by a client outside the shared document (another app, a script, a
 * restore) refreshes the document from the saved text before it answers, so connected editors
 * show it and their next save does not bring the old text back. The editor's own save, whose
 * text is its view of the document, says so with SHARED_BODY_HEADER and changes nothing: applied,
 * it would undo what others typed since.
 */
function refreshOnSave(app: FastifyInstance, collab: CollabServer) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || !SAVES.has(`${request.method} ${request.routeOptions.url}`))
      return payload;
    if (request.headers[SHARED_BODY_HEADER] === '1') return payload;
    const saved = payload as { _id: string; description: string; name: string };
    const id = saved._id;
    await collab
      .refresh(id, { html: saved.description, title: saved.name })
      .catch((error: unknown) => {
        request.log.error({ err: error, article: id }, 'refreshing a shared document failed');
      });
    return payload;
  });
}

/**
 * The site's co-editing server, mounted on its HTTP server (server/http.ts). Not `enabled` (the
 * workers of a cluster without Redis), `/api/collab` answers 503 and editors stay plain.
 */
export function registerCollab(
  app: FastifyInstance,
  { enabled, ...deps }: Omit<CollabDeps, 'log'> & { enabled: boolean },
) {
  const collab = createCollabServer({ ...deps, log: app.log });
  if (!enabled) {
    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
      if (isCollabPath(request)) refuse(socket, 503);
    });
    app.decorate('collab', collab);
    return collab;
  }
  mountCollab(app, collab, deps.authenticate);
  refreshOnSave(app, collab);
  app.decorate('collab', collab);
  return collab;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The co-editing server (docs/decisions/061). */
    collab: CollabServer;
  }
}

/** What the co-editing server asks of the rest of the server (server/http.ts). */
export function collabDepsOf({
  config,
  database,
  services,
  clustered,
}: {
  config: Config;
  database: Database;
  services: Services;
  clustered?: boolean;
}) {
  return {
    // Workers that cannot relay to each other would each keep their own copy of a document.
    enabled: !clustered || config.redisUrl !== undefined,
    db: database.db,
    clock: services.clock,
    editable: (actor: Actor | null, id: string) => services.articles.editable(actor, id),
    articleOf: async (id: string) => {
      const article = await services.articles.anyById(id);
      return article && { html: article.description, title: article.name };
    },
    authenticate: (token: string) => services.users.authenticate(token),
    policy: async () => (await services.settings.get()).twoFactorRequired,
    redisUrl: config.redisUrl,
  };
}
