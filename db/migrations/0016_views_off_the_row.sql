CREATE TABLE "article_view_readers" (
	"article_id" uuid NOT NULL,
	"reader" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "article_view_readers_article_id_reader_pk" PRIMARY KEY("article_id","reader")
);
--> statement-breakpoint
CREATE TABLE "article_view_totals" (
	"article_id" uuid PRIMARY KEY NOT NULL,
	"views" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "articles_views_order_idx";--> statement-breakpoint
ALTER TABLE "article_view_totals" ADD CONSTRAINT "article_view_totals_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_view_readers_counted_idx" ON "article_view_readers" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "article_view_totals_order_idx" ON "article_view_totals" USING btree ("views" DESC NULLS FIRST,"article_id" DESC NULLS FIRST);--> statement-breakpoint
-- Each article's total moves here as it is; articles never viewed get no row (the list reads 0).
INSERT INTO "article_view_totals" ("article_id", "views")
SELECT "id", "view_count" FROM "articles" WHERE "view_count" > 0;--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "view_count";