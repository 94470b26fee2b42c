/*
 * The reading pages' script (DECISIONS.md §13): where its source is, and the file the client
 * build writes to say where the built, hashed script went. vite.config.ts writes the same two
 * names (tests/unit/reader-build.test.ts keeps them equal).
 */
export const READER_SCRIPT_SOURCE = 'app/reader/main.ts';
export const READER_MANIFEST = 'reader-manifest.json';
