-- An author's page by key (issue 71, docs/decisions/069): the stories they are the first byline
-- of, newest first, from an index of their own. Built CONCURRENTLY (db/README.md): readers and
-- writers of the articles go on while it is built; db/migrate.ts runs this file outside a
-- transaction on PostgreSQL, and IF NOT EXISTS lets a stopped build run again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "articles_author_published_order_idx" ON "articles" USING btree ("author_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "articles"."status" = 'published';
