import type { AppContext } from '../../../common/services';
import type { ArticleCard } from '../../../common/schemas/articles';
import { CacheTags, mostReadTags } from '../../../common/cache-tags';

/**
 * Readers' "Most read" for a page (issue 38 item 5): the list last published, with the tags that
 * refresh the page when a new list comes or a story in it leaves readers' view or moves (a new
 * title comes with the next list: CacheTags.mostReadCard). `shown` false (the home with
 * `analytics.mostReadOnHome` off): none, and no tag. A failed read shows none; the log gets it.
 */
export async function mostReadOf(
  { services, keep, logError }: Pick<AppContext, 'services' | 'keep' | 'logError'>,
  shown = true,
): Promise<ArticleCard[]> {
  if (!shown) return [];
  keep(CacheTags.mostRead);
  try {
    const stories = await services.analytics.mostRead();
    keep(...mostReadTags(stories));
    return stories;
  } catch (error) {
    logError(error, '"Most read" could not be loaded');
    return [];
  }
}
