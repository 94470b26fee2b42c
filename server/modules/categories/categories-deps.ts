/*
 * What the categories module needs (the composition root passes it); its parts import this
 * file, never categories-service.ts, which composes them.
 */
import type { Db } from '../../../db/client';
import type { KeptValues } from '../../caching/kept-values';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';

/** What the categories module needs of the articles module. */
export interface CategoryArticles {
  countInCategory(categoryId: string): Promise<number>;
  /** The ids of the categories with an article readers may see now (the menu's). */
  categoriesWithPublicArticles(): Promise<string[]>;
  /** Runs in the category update's transaction `tx`. */
  recordCategoryMove(tx: Db, categoryId: string, formerSlug: string): Promise<void>;
}

/** What the categories module needs of the settings module. */
export interface CategorySettings {
  /** The names of the settings that name the category with this slug. */
  naming(categorySlug: string): Promise<string[]>;
  /** The category once at `formerSlug` is now at `slug`: settings that named it follow. */
  categoryMoved(formerSlug: string, slug: string): Promise<void>;
}

/** What the categories module needs; the composition root passes the other modules' services. */
export interface CategoriesDeps {
  db: Db;
  clock: Clock;
  articles: CategoryArticles;
  settings: CategorySettings;
  /** Writes run through it, with the events that say what they changed (server/events). */
  outbox: Outbox;
  /** Where the list is kept between changes (caching/kept-values.ts); none: read each time. */
  kept?: Pick<KeptValues, 'get'>;
}
