CREATE TABLE "epaper_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"w" double precision NOT NULL,
	"h" double precision NOT NULL,
	"kind" text DEFAULT 'story' NOT NULL,
	"story_id" uuid,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "epaper_zones_box_inside" CHECK ("epaper_zones"."x" >= 0 AND "epaper_zones"."y" >= 0 AND "epaper_zones"."w" > 0 AND "epaper_zones"."h" > 0 AND "epaper_zones"."x" + "epaper_zones"."w" <= 1.000001 AND "epaper_zones"."y" + "epaper_zones"."h" <= 1.000001)
);
--> statement-breakpoint
ALTER TABLE "epaper_zones" ADD CONSTRAINT "epaper_zones_page_id_epaper_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."epaper_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaper_zones" ADD CONSTRAINT "epaper_zones_story_id_articles_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "epaper_zones_page_idx" ON "epaper_zones" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "epaper_zones_story_idx" ON "epaper_zones" USING btree ("story_id") WHERE "epaper_zones"."story_id" IS NOT NULL;