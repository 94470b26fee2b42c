CREATE TABLE "article_search" (
	"article_id" uuid PRIMARY KEY NOT NULL,
	"status" "article_status" NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"language" "article_language" NOT NULL,
	"search" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"search_head" "tsvector" GENERATED ALWAYS AS (ts_filter(search, '{a,b}')) STORED NOT NULL,
	"search_words" text DEFAULT '' NOT NULL,
	"search_version" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The articles' search columns move here as they are: no article needs re-indexing.
INSERT INTO "article_search" ("article_id", "status", "published_at", "language", "search", "search_words", "search_version")
SELECT "id", "status", "published_at", "language", "search", "search_words", "search_version" FROM "articles";--> statement-breakpoint
DROP INDEX "articles_search_idx";--> statement-breakpoint
DROP INDEX "articles_search_words_idx";--> statement-breakpoint
ALTER TABLE "article_search" ADD CONSTRAINT "article_search_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_search_published_order_idx" ON "article_search" USING btree ("published_at" DESC NULLS FIRST,"article_id" DESC NULLS FIRST) WHERE "article_search"."status" = 'published';--> statement-breakpoint
CREATE INDEX "article_search_idx" ON "article_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "article_search_words_idx" ON "article_search" USING gin ("search_words" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "search_head";--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "search_words";--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "search_version";