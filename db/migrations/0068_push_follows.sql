CREATE TABLE "push_follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "push_follows" ADD CONSTRAINT "push_follows_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_follows_topic_subscription_idx" ON "push_follows" USING btree ("topic","subscription_id");--> statement-breakpoint
CREATE INDEX "push_follows_subscription_idx" ON "push_follows" USING btree ("subscription_id");