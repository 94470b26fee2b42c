/*
 * E-paper pages found by the site's own search (issue 67 item 4): the query's words with every
 * form and spelling that finds them (common/search: word forms, nukta and vowel folding, Latin
 * typing), looked up in the pages' machine-read text; each hit names its page (with the query,
 * so the page highlights the words from their boxes) and the words around the first match.
 */
import { epaperKeys, epaperPath } from '../../../common/epaper';
import type { EpaperSearchHit, EpaperSearchQuery } from '../../../common/schemas/epaper';
import { queryTerms, toMatchTsquery, toTsquery } from '../../../common/search/search-query';
import { mediaUrl } from '../media/media-urls';
import type { EpaperDeps } from './epaper-deps';
import type { EpaperDesk } from './epaper-desk';
import { matchingWords } from './epaper-reads';
import { searchPages } from './epaper-search-repository';

const AROUND = 6;

/** The words around the first match, with "…" where the text goes on. */
function snippetOf(words: readonly string[], hits: Set<number>): string {
  const first = Math.min(...hits, words.length);
  const from = Math.max(0, (Number.isFinite(first) ? first : 0) - AROUND);
  const to = Math.min(words.length, from + 2 * AROUND + 1);
  return `${from > 0 ? '… ' : ''}${words.slice(from, to).join(' ')}${to < words.length ? ' …' : ''}`;
}

export function epaperSearch(
  deps: Pick<EpaperDeps, 'db' | 'clock'>,
  desk: Pick<EpaperDesk, 'editionOf'>,
) {
  return {
    async search(query: EpaperSearchQuery): Promise<EpaperSearchHit[]> {
      const terms = queryTerms(query.q);
      if (terms.length === 0) return [];
      const edition = query.edition ? await desk.editionOf(query.edition) : undefined;
      const rows = await searchPages(
        deps.db,
        { match: toMatchTsquery(terms), rank: toTsquery(terms) },
        {
          editionId: edition?._id,
          from: query.from,
          to: query.to,
          limit: query.limit,
          now: deps.clock.now(),
        },
      );
      return rows.map((r) => {
        const words = r.words.map((w) => w[0]);
        const hits = matchingWords(words, query.q, r.language);
        return {
          issue: {
            _id: r.issueId,
            edition: { _id: r.editionId, slug: r.slug, names: r.names },
            date: r.date,
          },
          page: r.number,
          path: `${epaperPath(r.slug, r.date, r.number)}?q=${encodeURIComponent(query.q)}`,
          thumb: r.viewsAt ? mediaUrl(epaperKeys(r.hash).thumb) : null,
          snippet: snippetOf(words, hits),
          matches: hits.size,
        };
      });
    },
  };
}
