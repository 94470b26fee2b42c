ALTER TABLE "articles" ADD COLUMN "credit" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "article_authors" (
	"article_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "article_authors_article_id_user_id_pk" PRIMARY KEY("article_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "article_authors" ADD CONSTRAINT "article_authors_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_authors" ADD CONSTRAINT "article_authors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_authors_user_idx" ON "article_authors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "article_authors_article_order_idx" ON "article_authors" USING btree ("article_id","position");
