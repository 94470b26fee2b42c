/*
 * What the articles module needs of the rest of Patrika (the composition root, server/services.ts,
 * passes it). Its parts import this file, never articles-service.ts, which composes them.
 */
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { Outbox } from '../../events/outbox';
import type { KeptValues } from '../../caching/kept-values';
import type { ArticleHooks } from './article-hooks';

export interface ArticlesDeps {
  db: Db;
  clock: Clock;
  categories: {
    byId(id: string): Promise<{ _id: string; slug: string } | undefined>;
    currentSlugFor(formerSlug: string): Promise<string | undefined>;
    /** The categories under `id`: its page lists their articles too (issue 26 item 6). */
    childIds(id: string): Promise<string[]>;
  };
  users: { canWrite(id: string): Promise<boolean> };
  media: { idForUrl(url: string): Promise<string | null> };
  /** Writes run through it, with the events that say what they changed (server/events). */
  outbox: Outbox;
  /**
   * Where a story page's suggestions are kept between changes (caching/kept-values.ts); none:
   * read each time.
   */
  kept?: Pick<KeptValues, 'get'>;
}

/** What the module's parts get: its dependencies and its own hooks (article-hooks.ts). */
export type ArticlePartsDeps = ArticlesDeps & { hooks: ArticleHooks };
