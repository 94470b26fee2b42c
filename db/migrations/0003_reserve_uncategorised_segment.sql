-- "general" is the first path segment of articles without a category (SPEC.md §9) and is now
-- reserved. A category that took it before made its own articles unreachable (their addresses
-- were read as uncategorised): it moves to "general-category" (or "general-<id>" if that is
-- taken), and its page's old address /category/general answers with a 301.
WITH "moved" AS (
  UPDATE "categories"
  SET "slug" = CASE
      WHEN EXISTS (SELECT 1 FROM "categories" c2 WHERE c2."slug" = 'general-category')
        THEN 'general-' || substr("id"::text, 1, 8)
      ELSE 'general-category'
    END,
    "updated_at" = now()
  WHERE "slug" = 'general'
  RETURNING "id"
)
INSERT INTO "category_redirects" ("slug", "category_id")
SELECT 'general', "id" FROM "moved"
ON CONFLICT ("slug") DO UPDATE SET "category_id" = EXCLUDED."category_id";
