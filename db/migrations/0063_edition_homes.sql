CREATE TABLE "edition_home_sections" (
	"edition_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "edition_home_sections_edition_id_category_id_pk" PRIMARY KEY("edition_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "edition_homes" (
	"edition_id" uuid PRIMARY KEY NOT NULL,
	"lead_article_id" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edition_home_sections" ADD CONSTRAINT "edition_home_sections_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_home_sections" ADD CONSTRAINT "edition_home_sections_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_homes" ADD CONSTRAINT "edition_homes_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_homes" ADD CONSTRAINT "edition_homes_lead_article_id_articles_id_fk" FOREIGN KEY ("lead_article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_homes" ADD CONSTRAINT "edition_homes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;