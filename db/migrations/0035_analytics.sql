CREATE TABLE "analytics_events" (
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"article_id" uuid,
	"path" text NOT NULL,
	"source" text NOT NULL,
	"visitor" text,
	"seconds" integer,
	"scroll" smallint
);
--> statement-breakpoint
CREATE TABLE "analytics_rollups" (
	"grain" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"article_id" uuid NOT NULL,
	"source" text NOT NULL,
	"views" integer NOT NULL,
	"readers" integer NOT NULL,
	"engaged" integer NOT NULL,
	"engaged_seconds" bigint NOT NULL,
	CONSTRAINT "analytics_rollups_grain_bucket_article_id_source_pk" PRIMARY KEY("grain","bucket","article_id","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_at_idx" ON "analytics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_events_article_idx" ON "analytics_events" USING btree ("article_id","at");--> statement-breakpoint
CREATE INDEX "analytics_rollups_bucket_idx" ON "analytics_rollups" USING btree ("grain","bucket");