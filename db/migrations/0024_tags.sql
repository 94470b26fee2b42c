CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "article_tags" (
	"article_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"status" "article_status" NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "article_tags_article_id_tag_id_pk" PRIMARY KEY("article_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "article_tags" ADD CONSTRAINT "article_tags_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_tags" ADD CONSTRAINT "article_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_tags_published_order_idx" ON "article_tags" USING btree ("tag_id","published_at" DESC NULLS FIRST,"article_id" DESC NULLS FIRST) WHERE "article_tags"."status" = 'published';--> statement-breakpoint
-- A tag's rows follow their article's status and time, whoever changes them (a save, a status
-- move, a script): a tag's page reads them from its own index (db/schema/content.ts).
-- Written by hand (drizzle-kit knows no triggers).
CREATE FUNCTION article_tags_follow_article() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE "article_tags" SET "status" = NEW."status", "published_at" = NEW."published_at"
      WHERE "article_id" = NEW."id";
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "articles_tags_follow" AFTER UPDATE OF "status", "published_at" ON "articles"
  FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."published_at" IS DISTINCT FROM NEW."published_at")
  EXECUTE FUNCTION article_tags_follow_article();
