ALTER TYPE "public"."user_role" ADD VALUE 'moderator' BEFORE 'author';--> statement-breakpoint
CREATE TABLE "comment_bans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"until" timestamp with time zone,
	"banned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_reports" (
	"comment_id" uuid NOT NULL,
	"reader_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"settled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_reports_comment_id_reader_id_pk" PRIMARY KEY("comment_id","reader_id")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "comments_open" boolean;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "comments_open" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "comment_reply_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_bans" ADD CONSTRAINT "comment_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_bans" ADD CONSTRAINT "comment_bans_banned_by_users_id_fk" FOREIGN KEY ("banned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_reports_open_idx" ON "comment_reports" USING btree ("comment_id") WHERE NOT "comment_reports"."settled";