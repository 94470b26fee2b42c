CREATE TABLE "newsletter_issue_articles" (
	"issue_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "newsletter_issue_articles_issue_id_article_id_pk" PRIMARY KEY("issue_id","article_id")
);
--> statement-breakpoint
ALTER TABLE "newsletter_issue_articles" ADD CONSTRAINT "newsletter_issue_articles_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issue_articles" ADD CONSTRAINT "newsletter_issue_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_issue_articles_article_idx" ON "newsletter_issue_articles" USING btree ("article_id");