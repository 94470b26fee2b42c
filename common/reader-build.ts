/*
 * The reading pages' script (DECISIONS.md §13): where its source is, and the file the client
 * build writes to say where the built, hashed script went. vite.config.ts writes the same two
 * names (tests/unit/reader-build.test.ts keeps them equal).
 */
export const READER_SCRIPT_SOURCE = 'app/reader/main.ts';
export const READER_MANIFEST = 'reader-manifest.json';

/**
 * The service worker that shows web push alerts (docs/decisions/032): its source, and the file
 * the client build writes it to (build/client/sw.js, unhashed: a worker is found by its name);
 * the server serves it at /sw.js, the site's root, so that it may handle every page.
 */
export const SERVICE_WORKER_SOURCE = 'app/reader/service-worker.ts';
export const SERVICE_WORKER_FILE = 'sw.js';
