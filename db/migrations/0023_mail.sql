CREATE TABLE "user_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" "user_role" NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_invitations_email_idx" ON "user_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");
--> statement-breakpoint
-- "invite" is now a first path segment of the site's own (/invite/{token}, issue 26 item 8): a
-- category that took it moves to "invite-category" (or "invite-<id>"), as "general" did (0003),
-- and its old address answers with a 301.
WITH "moved" AS (
  UPDATE "categories"
  SET "slug" = CASE
      WHEN EXISTS (SELECT 1 FROM "categories" c2 WHERE c2."slug" = 'invite-category')
        THEN 'invite-' || substr("id"::text, 1, 8)
      ELSE 'invite-category'
    END,
    "updated_at" = now()
  WHERE "slug" = 'invite'
  RETURNING "id"
)
INSERT INTO "category_redirects" ("slug", "category_id")
SELECT 'invite', "id" FROM "moved"
ON CONFLICT ("slug") DO UPDATE SET "category_id" = EXCLUDED."category_id";
--> statement-breakpoint
-- "reset" is now a first path segment of the site's own (/reset/{token}, issue 26 item 8): a
-- category that took it moves to "reset-category" (or "reset-<id>"), as "general" did (0003),
-- and its old address answers with a 301.
WITH "moved" AS (
  UPDATE "categories"
  SET "slug" = CASE
      WHEN EXISTS (SELECT 1 FROM "categories" c2 WHERE c2."slug" = 'reset-category')
        THEN 'reset-' || substr("id"::text, 1, 8)
      ELSE 'reset-category'
    END,
    "updated_at" = now()
  WHERE "slug" = 'reset'
  RETURNING "id"
)
INSERT INTO "category_redirects" ("slug", "category_id")
SELECT 'reset', "id" FROM "moved"
ON CONFLICT ("slug") DO UPDATE SET "category_id" = EXCLUDED."category_id";
