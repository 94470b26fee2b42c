/**
 * The server the browser tests use: the compiled server (`npm start`'s, built here when stale)
 * on a fresh embedded database with demo content. This process sets the environment, then
 * becomes plain `node` on the bundle (process.execve), as `npm start` runs it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, SERVER_BUNDLE } from '../../scripts/build-state';

process.env.DATA_DIR ??= mkdtempSync(join(tmpdir(), 'patrika-e2e-'));
process.env.SEED_DEMO ??= '1';
// The browser tests are every user at once from one address: fixtures that create accounts send
// each its own X-Forwarded-For through this trusted local "proxy", and the API ceiling is raised
// out of their way (both are tested on their own in tests/integration/api/rate-limits.test.ts).
process.env.TRUST_PROXY ??= 'loopback';
process.env.API_RATE_LIMIT ??= '1000000';
// The back office's webhooks journey points a webhook at a receiver on this machine
// (tests/e2e/desk-screens.spec.ts); refusing private addresses is tested in tests/integration.
process.env.WEBHOOKS_ALLOW_PRIVATE ??= '1';
ensureBuild({ quiet: true });
// Node 22.15 and later (the node package this project installs).
if (!process.execve) throw new Error(`Node ${process.version} cannot execve: run this through npm`);
process.execve(process.execPath, [process.execPath, '--enable-source-maps', SERVER_BUNDLE]);
