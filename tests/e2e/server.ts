/** The server the browser tests use: the production build on a fresh embedded database. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.DATA_DIR ??= mkdtempSync(join(tmpdir(), 'patrika-e2e-'));
process.env.SEED_DEMO ??= '1';
await import('../../server/index');
