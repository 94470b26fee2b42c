ALTER TABLE "elections" ADD COLUMN "key_seats" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "rehearsal" jsonb;