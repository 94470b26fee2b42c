-- The back office's lists at a million stories (issue 71 item 3, docs/decisions/076). Drafts
-- and stories sent for review, newest first: the dashboard counts them and the admin list's
-- status filter lists them; among a million published stories they are a few, and without an
-- index of their own both read every story. A section's stories, newest first: the admin
-- list's section filter and its count read every story without it (docs/perf/scale.md).
-- Built CONCURRENTLY (db/README.md): readers and writers of the articles go on while it is
-- built; db/migrate.ts runs this file outside a transaction on PostgreSQL, and IF NOT EXISTS
-- lets a stopped build run again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "articles_unpublished_created_order_idx" ON "articles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "articles"."status" <> 'published';--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "articles_category_created_order_idx" ON "articles" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
