-- The uploads live entries, earlier versions of articles (revisions and autosaves) and people's
-- photos name, indexed as articles' are (migration 0021), so the media module finds whether an
-- upload is in use without reading every text (issue 44 item 5, docs/decisions/034).
CREATE INDEX "live_entries_media_folders_idx" ON "live_entries" USING gin (media_folders_in("body"));--> statement-breakpoint
CREATE INDEX "article_revisions_media_folders_idx" ON "article_revisions" USING gin (media_folders_in(("content")::text));--> statement-breakpoint
CREATE INDEX "users_photo_media_folders_idx" ON "users" USING gin (media_folders_in("photo_url"));