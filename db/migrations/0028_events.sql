-- Changes as events (issue 36 item 1, DECISIONS.md §22): the transactional outbox and where each
-- consumer has read to (db/schema/events.ts, server/events/README.md).
CREATE TABLE "event_consumers" (
	"name" text PRIMARY KEY NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"leased_until" timestamp with time zone,
	"leased_by" text,
	"failures" bigint DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cache" jsonb
);
--> statement-breakpoint
CREATE INDEX "events_at_idx" ON "events" USING btree ("at");