import { chmodSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './env';

/*
 * A running embedded site holds its data folder alone (db/lock.ts), so `npm run backup` and
 * `npm run export` ask the running server for a consistent copy over a Unix socket in the
 * data folder (docs/decisions/009). Only the folder's owner can open it (mode 0600): whoever
 * may read the socket may read the database files anyway, so it needs no other credential.
 * It is never on the network.
 */

export const controlSocketPath = (dataDir: string) => join(dataDir, 'patrika.sock');

/** Unix socket paths are limited to about 104 bytes (macOS) or 108 (Linux). */
const MAX_SOCKET_PATH = 100;

export const CONTROL_PATHS = { database: '/backup/database', export: '/export' } as const;

/** Opens the control socket of an embedded site; resolves to its closer (a no-op otherwise). */
export async function openControlSocket(
  app: FastifyInstance,
  config: Config,
): Promise<() => Promise<void>> {
  const { services } = app;
  const { database } = services;
  if (database.engine !== 'pglite' || !database.dumpDataDir) return async () => {};
  const path = controlSocketPath(config.dataDir);
  if (path.length > MAX_SOCKET_PATH) {
    app.log.warn(
      { path },
      'DATA_DIR is too long a path for a Unix socket: npm run backup and npm run export need the server stopped',
    );
    return async () => {};
  }
  // We hold the data folder's lock, so a socket file left there is stale.
  rmSync(path, { force: true });
  const server: Server = createServer((req, res) => {
    const fail = (error: unknown) => {
      app.log.error({ err: error }, `control socket ${req.url} failed`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`${(error as Error).message}\n`);
    };
    if (req.method !== 'GET') return void res.writeHead(405, { allow: 'GET' }).end();
    if (req.url === CONTROL_PATHS.database) {
      app.log.info('backup: copying the embedded database');
      database.dumpDataDir!()
        .then(async (blob) => {
          res.writeHead(200, { 'content-type': 'application/gzip' });
          res.end(Buffer.from(await blob.arrayBuffer()));
        })
        .catch(fail);
    } else if (req.url === CONTROL_PATHS.export) {
      app.log.info('export: writing the site archive');
      res.writeHead(200, { 'content-type': 'application/gzip' });
      services.archive.exportTo(res).catch(fail);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
      rmSync(path, { force: true });
    });
}

/**
 * Asks the running server of this data folder for `path` over its control socket: the answer's
 * body, or undefined when no server is listening there.
 */
export async function askRunningServer(
  dataDir: string,
  path: string,
): Promise<IncomingMessage | undefined> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path, method: 'GET' }, (res) => {
      if (res.statusCode === 200) return resolve(res);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () =>
        reject(new Error(`The running server could not do it: ${text.trim() || res.statusCode}`)),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    req.end();
  });
}
