CREATE TABLE "analytics_epaper_days" (
	"day" date NOT NULL,
	"edition_id" uuid NOT NULL,
	"source" text NOT NULL,
	"views" integer NOT NULL,
	"readers" integer NOT NULL,
	CONSTRAINT "analytics_epaper_days_day_edition_id_source_pk" PRIMARY KEY("day","edition_id","source")
);
