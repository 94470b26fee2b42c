-- The admin list's filters at a million stories (issue 71 item 3, docs/decisions/081).
-- A title search looks its words up among the titles' and keywords' lexemes alone, not among
-- every body that has them (`search_head`, weights A and B of `search`). A language's stories,
-- newest first: the list and its count read that language's entries, not the rows of half the
-- archive. An edition's stories by (edition, article): the list and its count take the article
-- ids from the index alone; it serves the edition's delete guard too, so the index on the
-- edition alone goes. Built and dropped CONCURRENTLY (db/README.md): readers and writers go on
-- meanwhile; db/migrate.ts runs this file outside a transaction on PostgreSQL, and IF NOT
-- EXISTS / IF EXISTS let a stopped run go again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "article_search_head_idx" ON "article_search" USING gin ("search_head");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "articles_language_created_order_idx" ON "articles" USING btree ("language","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "article_editions_edition_article_idx" ON "article_editions" USING btree ("edition_id","article_id");--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "article_editions_edition_idx";
