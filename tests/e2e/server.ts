/** The server the browser tests use: the production build on a fresh embedded database. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.DATA_DIR ??= mkdtempSync(join(tmpdir(), 'patrika-e2e-'));
process.env.SEED_DEMO ??= '1';
// The browser tests are every user at once from one address: fixtures that create accounts send
// each its own X-Forwarded-For through this trusted local "proxy", and the API ceiling is raised
// out of their way (both are tested on their own in tests/integration/api/rate-limits.test.ts).
process.env.TRUST_PROXY ??= 'loopback';
process.env.API_RATE_LIMIT ??= '1000000';
await import('../../server/index');
