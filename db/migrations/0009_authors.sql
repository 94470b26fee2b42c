ALTER TABLE "media" ADD COLUMN "crops" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "slug" text DEFAULT ('_' || gen_random_uuid()::text) NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_slug_unique" UNIQUE("slug");