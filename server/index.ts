/*
 * `npm start`'s entry. NODE_ENV is fixed first (see production-env.ts), and only then is the
 * server loaded: in the compiled server (scripts/build-server.ts) every package a module imports
 * is loaded before that module's own code runs, so the server's imports, React's among them,
 * must wait behind this dynamic import.
 */
import './production-env';
import { enableCompileCache } from 'node:module';

// Node keeps the code it compiles (ours and the packages') on disk, in the system's temporary
// folder, so a later start skips compiling it again (docs/perf/start.md).
enableCompileCache();

await import('./serve');
