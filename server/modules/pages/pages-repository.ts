import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { staticPages } from '../../../db/schema/site';

/* The pages module's table: `static_pages` (texts that replace a static page's own). */

export async function findStaticPage(db: Db, slug: string) {
  const [row] = await db
    .select({ slug: staticPages.slug, title: staticPages.title, body: staticPages.body })
    .from(staticPages)
    .where(eq(staticPages.slug, slug));
  return row;
}

/** Sets a page's text; answers false when it already had exactly this text. */
export async function upsertStaticPage(
  db: Db,
  values: { slug: string; title: string; body: string },
  now: Date,
): Promise<boolean> {
  const before = await findStaticPage(db, values.slug);
  if (before && before.title === values.title && before.body === values.body) return false;
  await db
    .insert(staticPages)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: staticPages.slug,
      set: { title: values.title, body: values.body, updatedAt: now },
    });
  return true;
}
