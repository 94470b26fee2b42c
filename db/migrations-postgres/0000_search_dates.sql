-- PostgreSQL only (db/client.ts `postgresMigrationsFolder`): search's windows of time found
-- inside the GIN index (issue 27, docs/decisions/022 addendum of 2026-11-24). The index holds
-- each row's publication time beside its lexemes (btree_gin, from contrib like pg_trgm), so a
-- window's matches are the GIN index's answer to both conditions, and no match outside the
-- window is read from the table. A query on the lexemes alone still uses it.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX IF EXISTS "article_search_idx";--> statement-breakpoint
CREATE INDEX "article_search_idx" ON "article_search" USING gin ("search", "published_at");
