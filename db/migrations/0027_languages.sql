-- Languages are data (issue 27 item 5, docs/decisions/041): the language columns become text
-- (codes of common/languages.ts, checked at the edge), so a new language needs no migration.
ALTER TABLE "articles" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "language" SET DATA TYPE text USING "language"::text;--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "language" SET DEFAULT 'en';--> statement-breakpoint
ALTER TABLE "article_search" ALTER COLUMN "language" SET DATA TYPE text USING "language"::text;--> statement-breakpoint
DROP TYPE "public"."article_language";--> statement-breakpoint
-- Translations become groups of any size: each linked pair becomes a group named by the lower
-- of its two ids, which both sides agree on (a link that is not mutual, which the service never
-- made, is dropped rather than merged into another pair's group).
ALTER TABLE "articles" ADD COLUMN "translation_group" uuid;--> statement-breakpoint
UPDATE "articles" SET "translation_group" = LEAST("articles"."id", "articles"."translation_id") FROM "articles" AS "other" WHERE "other"."id" = "articles"."translation_id" AND "other"."translation_id" = "articles"."id" AND "other"."language" <> "articles"."language";--> statement-breakpoint
ALTER TABLE "articles" DROP CONSTRAINT "articles_translation_id_articles_id_fk";--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "translation_id";--> statement-breakpoint
CREATE UNIQUE INDEX "articles_translation_group_language_idx" ON "articles" USING btree ("translation_group","language");
