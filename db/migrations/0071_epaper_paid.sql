CREATE TABLE "epaper_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"issue_id" uuid,
	"trace" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "epaper" jsonb DEFAULT '{"access":"free","freePages":[1]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "includes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "epaper_days" integer;--> statement-breakpoint
ALTER TABLE "epaper_downloads" ADD CONSTRAINT "epaper_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaper_downloads" ADD CONSTRAINT "epaper_downloads_issue_id_epaper_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."epaper_issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "epaper_downloads_trace_idx" ON "epaper_downloads" USING btree ("trace");--> statement-breakpoint
CREATE INDEX "epaper_downloads_user_idx" ON "epaper_downloads" USING btree ("user_id","created_at");