import type { Db } from '../../../db/client';
import { findStaticPage } from './pages-repository';

/**
 * Static pages (about-us, contact-us, privacy-policy, disclaimer) show their built-in text
 * (app/copy/static-pages.tsx) unless a text was stored for them, e.g. by the WordPress import
 * from a page with the same slug.
 */
export function createPagesService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The stored text of a static page (sanitised HTML), or undefined for the built-in one. */
    async get(slug: string): Promise<{ title: string; body: string } | undefined> {
      const row = await findStaticPage(db, slug);
      return row && { title: row.title, body: row.body };
    },
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
