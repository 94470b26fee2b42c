-- PostgreSQL only (db/client.ts `postgresMigrationsFolder`; docs/decisions/086): no JIT
-- compilation for this database's sessions. PostgreSQL compiles a statement whose estimated cost
-- passes jit_above_cost (100,000); a prepared statement's generic plan estimates its LIMIT
-- placeholder as a tenth of the table, so at a million stories the home's cards (3 rows, under
-- a millisecond to run) cost a second of LLVM compiling on every request (docs/perf/scale.md).
-- Patrika's statements are short reads and writes, never the long analytic scans JIT pays back.
-- Set on the database, not on each connection: PgBouncer refuses an `options` startup parameter,
-- and replicas read the setting from the same catalog. A role that does not own the database
-- cannot set it: the migration then says so in a warning and goes on.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'jit stays on for %: only its owner may turn it off (ALTER DATABASE % SET jit = off); docs/decisions/086', current_database(), current_database();
END
$$;
