CREATE TABLE "article_editions" (
	"article_id" uuid NOT NULL,
	"edition_id" uuid NOT NULL,
	"status" "article_status" NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "article_editions_article_id_edition_id_pk" PRIMARY KEY("article_id","edition_id")
);
--> statement-breakpoint
CREATE TABLE "edition_desks" (
	"user_id" uuid NOT NULL,
	"edition_id" uuid NOT NULL,
	CONSTRAINT "edition_desks_user_id_edition_id_pk" PRIMARY KEY("user_id","edition_id")
);
--> statement-breakpoint
CREATE TABLE "editions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"parent_id" uuid,
	"names" jsonb NOT NULL,
	"latin_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editions_root_is_national" CHECK (("editions"."kind" = 'national') = ("editions"."parent_id" IS NULL)),
	CONSTRAINT "editions_not_own_parent" CHECK ("editions"."parent_id" <> "editions"."id")
);
--> statement-breakpoint
-- The one national edition (issue 65): every database has it before an article names it, with
-- the id common/editions.ts knows (NATIONAL_EDITION_ID). Written by hand.
INSERT INTO "editions" ("id", "slug", "kind", "parent_id", "names", "latin_names")
  VALUES ('00000000-0000-4000-8000-000000000065', 'india', 'national', NULL,
    '{"hi":"देश","en":"India"}'::jsonb, ARRAY['india','bharat','desh','national']);--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "primary_edition_id" uuid DEFAULT '00000000-0000-4000-8000-000000000065' NOT NULL;--> statement-breakpoint
ALTER TABLE "article_editions" ADD CONSTRAINT "article_editions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_editions" ADD CONSTRAINT "article_editions_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_desks" ADD CONSTRAINT "edition_desks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_desks" ADD CONSTRAINT "edition_desks_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_parent_id_editions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."editions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_editions_published_order_idx" ON "article_editions" USING btree ("edition_id","published_at" DESC NULLS FIRST,"article_id" DESC NULLS FIRST) WHERE "article_editions"."status" = 'published';--> statement-breakpoint
CREATE INDEX "article_editions_edition_idx" ON "article_editions" USING btree ("edition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "editions_parent_slug_idx" ON "editions" USING btree ("parent_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "editions_one_national_idx" ON "editions" USING btree ("kind") WHERE "editions"."kind" = 'national';--> statement-breakpoint
CREATE INDEX "editions_parent_idx" ON "editions" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_primary_edition_id_editions_id_fk" FOREIGN KEY ("primary_edition_id") REFERENCES "public"."editions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_primary_edition_idx" ON "articles" USING btree ("primary_edition_id");--> statement-breakpoint
-- Every story written before editions is in the national one (its primary edition's default).
INSERT INTO "article_editions" ("article_id", "edition_id", "status", "published_at")
  SELECT "id", "primary_edition_id", "status", "published_at" FROM "articles";--> statement-breakpoint
-- An edition's rows follow their article's status and time, whoever changes them, as a tag's
-- do (migration 0024): an edition's page reads them from its own index. Written by hand.
CREATE FUNCTION article_editions_follow_article() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE "article_editions" SET "status" = NEW."status", "published_at" = NEW."published_at"
      WHERE "article_id" = NEW."id";
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "articles_editions_follow" AFTER UPDATE OF "status", "published_at" ON "articles"
  FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."published_at" IS DISTINCT FROM NEW."published_at")
  EXECUTE FUNCTION article_editions_follow_article();
--> statement-breakpoint
-- A story is always in its primary edition, whoever writes it (a save, the seed, an import, a
-- script): a new article's row, and a new primary edition's, are added here. The articles
-- service adds and removes the others (article-editions-repository.ts). Written by hand.
CREATE FUNCTION article_editions_keep_primary() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO "article_editions" ("article_id", "edition_id", "status", "published_at")
      VALUES (NEW."id", NEW."primary_edition_id", NEW."status", NEW."published_at")
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "articles_editions_primary_insert" AFTER INSERT ON "articles"
  FOR EACH ROW EXECUTE FUNCTION article_editions_keep_primary();--> statement-breakpoint
CREATE TRIGGER "articles_editions_primary_update" AFTER UPDATE OF "primary_edition_id" ON "articles"
  FOR EACH ROW
  WHEN (OLD."primary_edition_id" IS DISTINCT FROM NEW."primary_edition_id")
  EXECUTE FUNCTION article_editions_keep_primary();
