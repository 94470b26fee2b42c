/*
 * The server process (`npm start`, through server/index.ts): one process on the embedded engine,
 * a primary and its workers on PostgreSQL, each with a graceful shutdown.
 */
import cluster from 'node:cluster';
import { DataDirLockedError } from '../db/lock';
import { buildApp } from './app';
import { runPrimary, workerCount, workerNumber } from './cluster';
import { openControlSocket } from './control-socket';
import { ConfigError, loadConfig } from './env';
import { createFilesPrivately, makePrivate } from './lib/private-files';

/** Files an older version (or a looser umask) left readable by others are made private. */
function tightenDataDir(dataDir: string) {
  const changed = makePrivate(dataDir);
  if (changed > 0)
    console.warn(
      `patrika: ${changed} files and folders under ${dataDir} were readable by other users; they are now private (0600 files, 0700 folders).`,
    );
}

/** Seconds a shutdown may take before the process gives up on in-flight requests. */
const SHUTDOWN_GRACE_MS = 20_000;

async function main() {
  // Everything written from here on (database, media, backups) is this user's alone.
  createFilesPrivately();
  const config = loadConfig();
  // Once, before any worker starts: what an older version left readable by others.
  if (cluster.isPrimary) tightenDataDir(config.dataDir);
  const { count, note } = workerCount(config);
  // On PostgreSQL, one process forks the workers that serve (server/cluster.ts).
  if (count > 1 && cluster.isPrimary) return runPrimary(config, count, SHUTDOWN_GRACE_MS);
  const worker = workerNumber();
  const app = await buildApp(config, worker === undefined ? {} : { worker });
  // The embedded engine unpacks a new database with its own file modes: made private too.
  if (worker === undefined && !config.databaseUrl) makePrivate(config.dataDir);
  if (note) app.log.warn(note);

  let closeControl = async () => {};
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    let step = 'closing the control socket';
    const force = setTimeout(() => {
      const waitingOn = app.services.lifecycle.closing || 'in-flight requests';
      app.log.error({ step, waitingOn }, 'shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownDrainMs + SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      // Ready turns 503 at once; a load balancer that asks sees it while we still serve.
      app.services.lifecycle.stopping = true;
      step = 'draining: telling the load balancer, still serving';
      // While draining, keep-alive connections stay as they are: closing an idle one under a
      // client that is reusing it at that moment fails the client's request (undici: "fetch
      // failed"), and the drain is there to keep serving.
      if (config.shutdownDrainMs > 0)
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      // A keep-alive connection whose response was still being written when closing began
      // would otherwise stay open until its keep-alive timeout (72 s), past the grace: close
      // each connection as soon as its last response is out.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      sweep.unref();
      await closeControl();
      step = 'finishing in-flight requests, then closing the database';
      await app.close(); // waits for in-flight requests, then closes the database and its lock
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  // `on`, not `once`: Ctrl-C reaches this process twice (from the terminal, and forwarded by
  // npm), and a second signal without a listener would kill it mid-shutdown.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Backups and exports of a running embedded site go through the server (docs/decisions/009).
  closeControl = await openControlSocket(app, config);
  if (worker === undefined) app.log.info(`Patrika is serving ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Patrika could not start:', error);
  }
  process.exit(1);
});
