-- Raw analytics events in day partitions (issue 38 item 6): the retention job drops a day's
-- partition whole instead of deleting its rows. Rows for a day with no partition yet wait in
-- the default partition; the job moves them when it makes that day's partition
-- (server/modules/analytics/analytics-partitions.ts).
ALTER TABLE "analytics_events" RENAME TO "analytics_events_unpartitioned";--> statement-breakpoint
CREATE TABLE "analytics_events" (LIKE "analytics_events_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("day");--> statement-breakpoint
DROP TABLE "analytics_events_unpartitioned";--> statement-breakpoint
CREATE TABLE "analytics_events_default" PARTITION OF "analytics_events" DEFAULT;--> statement-breakpoint
CREATE INDEX "analytics_events_at_idx" ON "analytics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_events_article_idx" ON "analytics_events" USING btree ("article_id","at");--> statement-breakpoint
-- The views' de-duplication kept readers' raw addresses until now; it keeps a salted hash
-- from here on, and the addresses it held go.
DELETE FROM "article_view_readers";
