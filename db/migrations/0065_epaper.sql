CREATE TABLE "epaper_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" text NOT NULL,
	"bytes" integer NOT NULL,
	"width_pt" double precision NOT NULL,
	"height_pt" double precision NOT NULL,
	"language" text NOT NULL,
	"width" integer,
	"height" integer,
	"rendered_at" timestamp with time zone,
	"views_at" timestamp with time zone,
	"tiles_at" timestamp with time zone,
	"tile_width" integer,
	"tile_height" integer,
	"ocr_at" timestamp with time zone,
	"views_lease_until" timestamp with time zone,
	"ocr_lease_until" timestamp with time zone,
	"views_failures" smallint DEFAULT 0 NOT NULL,
	"ocr_failures" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epaper_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"edition_id" uuid NOT NULL,
	"date" date NOT NULL,
	"title" text,
	"language" text DEFAULT 'hi' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "epaper_issues_scheduled_has_time" CHECK ("epaper_issues"."status" <> 'scheduled' OR "epaper_issues"."publish_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "epaper_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"file_id" uuid NOT NULL,
	"source_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "epaper_pages_number_positive" CHECK ("epaper_pages"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "epaper_texts" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"words" jsonb NOT NULL,
	"search" "tsvector" DEFAULT ''::tsvector NOT NULL
);
--> statement-breakpoint
ALTER TABLE "epaper_issues" ADD CONSTRAINT "epaper_issues_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaper_issues" ADD CONSTRAINT "epaper_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaper_pages" ADD CONSTRAINT "epaper_pages_issue_id_epaper_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."epaper_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaper_pages" ADD CONSTRAINT "epaper_pages_file_id_epaper_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."epaper_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaper_texts" ADD CONSTRAINT "epaper_texts_file_id_epaper_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."epaper_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "epaper_files_hash_idx" ON "epaper_files" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "epaper_issues_edition_date_idx" ON "epaper_issues" USING btree ("edition_id","date");--> statement-breakpoint
CREATE INDEX "epaper_issues_public_idx" ON "epaper_issues" USING btree ("date") WHERE "epaper_issues"."status" <> 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "epaper_pages_issue_number_idx" ON "epaper_pages" USING btree ("issue_id","number");--> statement-breakpoint
CREATE INDEX "epaper_pages_file_idx" ON "epaper_pages" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "epaper_texts_search_idx" ON "epaper_texts" USING gin ("search");