/*
 * Election blocks in what another module shows (issue 69 item 4, docs/decisions/071 and 077): a
 * live blog's entries as its page's poll reads them, filled in as the story's page fills them
 * (common/election-embeds.ts), in the story's language and the site's zone, with the tags of
 * what they show. The composition root hands this to the live module.
 */
import { withElectionEmbeds } from '../../../common/election-embeds';
import { isLanguage } from '../../../common/languages';
import type { AppServices } from '../../../common/services';
import type { UiLanguage } from '../../../common/settings';

export function electionBlocks(deps: {
  elections: AppServices['elections'];
  settings: { get(): Promise<{ timeZone: string; uiLanguage: UiLanguage }> };
  logError?: (error: unknown, message: string) => void;
}) {
  return {
    async fill(texts: readonly string[], language: string) {
      const tags: string[] = [];
      const settings = await deps.settings.get();
      const filled = await withElectionEmbeds(
        {
          services: { elections: deps.elections },
          keep: (...shown) => tags.push(...shown),
          logError: deps.logError,
        },
        texts,
        {
          lang: isLanguage(language) ? language : settings.uiLanguage,
          timeZone: settings.timeZone,
        },
      );
      return { texts: filled, tags };
    },
  };
}
