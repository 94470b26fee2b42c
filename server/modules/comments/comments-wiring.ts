/* The comments module wired (server/services.ts calls it once): the settings' and sections' say. */
import type { KeptValues } from '../../caching/kept-values';
import type { SiteSettings } from '../../../common/settings';
import { createCommentsService } from './comments-service';

/** Comments under the stories (issue 42), held by the rules of the settings' `comments`. */
export function commentsOf(
  deps: Omit<Parameters<typeof createCommentsService>[0], 'settings' | 'sectionSay' | 'kept'> & {
    settings: { get(): Promise<Pick<SiteSettings, 'comments'>> };
    categories: { commentsOpenOf(id: string): Promise<boolean | null> };
    /** Where a story page's comments are kept (caching/content-caching.ts). */
    storyValues: KeptValues;
  },
) {
  const { settings, categories, storyValues, ...rest } = deps;
  return createCommentsService({
    ...rest,
    kept: storyValues,
    settings: async () => (await settings.get()).comments,
    sectionSay: (id) => categories.commentsOpenOf(id),
  });
}
