ALTER TABLE "member_subscriptions" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "member_subscriptions" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "flag" text;