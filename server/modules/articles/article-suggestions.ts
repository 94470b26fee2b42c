/*
 * A story's two suggestions to read next (SPEC.md §9: ask for three random articles, drop the
 * current one, show two), in the story's own language first (issue 26), topped up from any.
 * Drawn from the story and the day, so every process shows the same two for a day (its cached
 * page is the same bytes whichever process answers) and the next day brings others. Kept in
 * memory with the tags of the cards they show (caching/kept-values.ts): a change to one of them
 * reads them again, as it refreshes the cached page, and an uncached render of the story (a
 * member's, a signed-in reader's) does not wait for a query (issue 36 item 4).
 */
import { cardTags } from '../../../common/cache-tags';
import type { Language } from '../../../common/articles';
import type { ArticleCard } from '../../../common/schemas/articles';
import { UNKEPT } from '../../caching/kept-values';
import { listRandomPublished } from './article-random-repository';
import { toCard } from './article-rows';
import type { ArticlesDeps } from './article-deps';

/** How many are shown. */
export const SUGGESTIONS = 2;

export function articleSuggestions({
  db,
  clock,
  kept = UNKEPT,
}: Pick<ArticlesDeps, 'db' | 'clock' | 'kept'>) {
  // Three asked for, the story itself left out by the query (SPEC.md §9's "drop the current").
  const random = async (excludeId: string, language: Language | undefined, seed: string) => {
    const now = clock.now();
    const limit = SUGGESTIONS + 1;
    return (await listRandomPublished(db, { limit, excludeId, language, now, seed })).map(toCard);
  };
  const draw = async (story: { _id: string; language: Language }, seed: string) => {
    const same = await random(story._id, story.language, seed);
    if (same.length >= SUGGESTIONS) return same.slice(0, SUGGESTIONS);
    const seen = new Set(same.map((a) => a._id));
    const any = (await random(story._id, undefined, seed)).filter((a) => !seen.has(a._id));
    return [...same, ...any].slice(0, SUGGESTIONS);
  };
  return {
    /** The story's suggestions today: the same in every process, and for every reader. */
    suggestions(story: { _id: string; language: Language }): Promise<readonly ArticleCard[]> {
      const seed = `${story._id} ${clock.now().toISOString().slice(0, 10)}`;
      return kept.get(
        `suggestions ${seed} ${story.language}`,
        (cards: readonly ArticleCard[]) => cardTags(cards),
        () => draw(story, seed),
      );
    },
  };
}
