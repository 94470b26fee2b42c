-- The kept sizes of readers' big lists (issue 71 item 2, docs/decisions/087): a category's,
-- tag's, author's or edition's "Page 1 of Y" past a few thousand stories reads its size here
-- instead of counting its index on every uncached page. A new, empty table.
CREATE TABLE "list_sizes" (
	"list" text PRIMARY KEY NOT NULL,
	"stories" integer NOT NULL,
	"counted_at" timestamp with time zone NOT NULL
);
