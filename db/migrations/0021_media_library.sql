ALTER TABLE "media" ADD COLUMN "filename" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "caption" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The upload folders (YYYY/MM/<uuid>) a text names by any of their files: the rule of
-- `npm run media:prune` (server/modules/media/media-prune.ts, FOLDER_IN_TEXT) in SQL, so an
-- index over articles' texts can answer "which articles use this upload" (docs/decisions/034).
-- Written by hand before the index that uses it (drizzle-kit knows no functions).
CREATE FUNCTION media_folders_in(body text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce(array_agg(DISTINCT m[1]), '{}')
    FROM regexp_matches(body, '(\d{4}/\d{2}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/', 'g') AS m
  $$;--> statement-breakpoint
CREATE INDEX "articles_image_media_idx" ON "articles" USING btree ("image_media_id");--> statement-breakpoint
CREATE INDEX "articles_media_folders_idx" ON "articles" USING gin (media_folders_in("image_url" || ' ' || "description" || ' ' || "meta_description"));--> statement-breakpoint
CREATE INDEX "media_created_at_idx" ON "media" USING btree ("created_at","id");