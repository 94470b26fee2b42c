CREATE TABLE "fediverse_followers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor" text NOT NULL,
	"follower_id" text NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"follow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_followers_actor_follower" UNIQUE("actor","follower_id")
);
--> statement-breakpoint
CREATE TABLE "fediverse_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor" text NOT NULL,
	"algorithm" text NOT NULL,
	"public_key" jsonb NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_keys_actor_algorithm" UNIQUE("actor","algorithm")
);
--> statement-breakpoint
CREATE TABLE "fediverse_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fediverse_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fediverse_followers_actor_idx" ON "fediverse_followers" USING btree ("actor","created_at");--> statement-breakpoint
CREATE INDEX "fediverse_kv_expires_idx" ON "fediverse_kv" USING btree ("expires_at");