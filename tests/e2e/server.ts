/**
 * The server the browser tests use: the compiled server (`npm start`'s, built here when stale)
 * on a fresh database with demo content (a copy of one seeded once per build: embedded, or on
 * PostgreSQL with E2E_DATABASE_URL). This process sets the environment, then becomes plain
 * `node` on the bundle (process.execve), as `npm start` runs it.
 */
import { ensureBuild, SERVER_BUNDLE } from '../../scripts/build-state';
import { mallocEnv, NODE_MEMORY_FLAGS } from '../../server/memory-settings';
import { seededSite } from '../setup/seeded-site';

// A copy of a site seeded once per build (tests/setup/seeded-site.ts): seeding makes every demo
// image's variants, and the journeys' subject is what comes after it.
if (!process.env.DATA_DIR) Object.assign(process.env, await seededSite());
process.env.SEED_DEMO ??= '1';
// The journeys make the e-paper issues they read (the demo's: tests/integration/api/epaper-demo.test.ts).
process.env.SEED_DEMO_EPAPER ??= '0';
// The browser tests are every user at once from one address: fixtures that create accounts send
// each its own X-Forwarded-For through this trusted local "proxy", and the API ceiling is raised
// out of their way (both are tested on their own in tests/integration/api/rate-limits.test.ts).
process.env.TRUST_PROXY ??= 'loopback';
process.env.API_RATE_LIMIT ??= '1000000';
// The back office's webhooks journey points a webhook at a receiver on this machine
// (tests/e2e/desk-screens.spec.ts); refusing private addresses is tested in tests/integration.
process.env.WEBHOOKS_ALLOW_PRIVATE ??= '1';
// A seat's follow journey hands the server a subscription at a local push endpoint
// (election-follow.spec.ts); refusing private addresses is tested in tests/integration.
process.env.PUSH_ALLOW_PRIVATE ??= '1';
// Single sign-on's journey signs in at an OpenID Provider on this machine (sso.spec.ts).
process.env.OIDC_ALLOW_PRIVATE ??= '1';
// On PostgreSQL the site is a cluster of workers: co-editing relays between them through Redis,
// which these machines run (docs/decisions/061); without it /api/collab answers 503.
if (process.env.DATABASE_URL) process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
ensureBuild({ quiet: true });
// Node 22.15 and later (the node package this project installs).
if (!process.execve) throw new Error(`Node ${process.version} cannot execve: run this through npm`);
// With the memory settings `npm start` gives the server (server/memory-settings.ts).
Object.assign(process.env, mallocEnv(process.env));
process.execve(process.execPath, [
  process.execPath,
  ...NODE_MEMORY_FLAGS,
  '--enable-source-maps',
  SERVER_BUNDLE,
]);
