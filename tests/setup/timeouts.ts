/**
 * The time limit of a unit test that starts a process, a worker thread or ESLint, or walks many
 * generated inputs. What such a test proves is what the code answers, never how fast: on a
 * busy shared machine the same work takes many times longer, so the limit is only there to end
 * a test that hangs (issue 22 item 3). Every other unit test has the unit project's
 * `testTimeout` (vitest.config.ts).
 */
export const SLOW_TEST = { timeout: 120_000 };

/**
 * The time limit of an integration test that starts server processes (and, for the fault
 * tests, a PostgreSQL cluster): seeding, migrations and restarts on a busy machine. Only there
 * to end a test that hangs.
 */
export const PROCESS_TEST = 600_000;
