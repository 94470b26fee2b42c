ALTER TABLE "ad_creatives" ADD COLUMN "editions" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "edition_id" uuid;--> statement-breakpoint
ALTER TABLE "push_alerts" ADD COLUMN "edition_id" uuid;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "edition_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_alerts" ADD CONSTRAINT "push_alerts_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_edition_idx" ON "push_subscriptions" USING btree ("edition_id","id");