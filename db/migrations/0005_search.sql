CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "search" SET DEFAULT ''::tsvector;--> statement-breakpoint
UPDATE "articles" SET "search" = ''::tsvector WHERE "search" IS NULL;--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "search" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_words" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_search_words_idx" ON "articles" USING gin ("search_words" gin_trgm_ops);
