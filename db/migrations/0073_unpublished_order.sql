-- Drafts and stories sent for review, newest first (issue 71 item 3, docs/decisions/076): the
-- dashboard counts them and the admin list's status filter lists them; among a million
-- published stories they are a few, and without an index of their own both read every story.
-- Built CONCURRENTLY (db/README.md): readers and writers of the articles go on while it is
-- built; db/migrate.ts runs this file outside a transaction on PostgreSQL, and IF NOT EXISTS
-- lets a stopped build run again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "articles_unpublished_created_order_idx" ON "articles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "articles"."status" <> 'published';
