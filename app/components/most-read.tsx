import { articlePath } from '../../common/paths';
import type { ArticleCard } from '../../common/schemas/articles';
import { useInterface } from '../copy/language';

/**
 * Readers' "Most read" (issue 38 item 5): the stories most read in the last hours, most read
 * first, as a numbered list of headlines. The same list for everyone: part of the cached page,
 * refreshed when a new list is published (server/modules/analytics/most-read.ts). Nothing shows
 * while the list is empty.
 */
export function MostRead({
  stories,
  id,
  heading,
}: {
  stories: readonly ArticleCard[];
  id: string;
  /** Its heading where it is not the site's list (an edition's, issue 65 item 3). */
  heading?: string;
}) {
  const { t, lang } = useInterface();
  if (stories.length === 0) return null;
  return (
    <section aria-labelledby={id} className="most-read mt-5 mb-5" data-most-read="">
      <h2 id={id} className="h4 section-title" lang={lang}>
        {heading ?? t.mostRead.heading}
      </h2>
      <ol className="most-read-list">
        {stories.map((story) => (
          <li key={story._id} className="mb-2">
            <a href={articlePath(story)} lang={story.language}>
              {story.name}
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
