/*
 * The election's reading side as pages ask it, in process (common/services.ts `elections`):
 * the results pages, a seat's page, the map as one SVG (issue 69 item 4). Each answer carries
 * the tags of what it shows.
 */
import { CacheTags } from '../../../common/cache-tags';
import { nameIn } from '../../../common/election-names';
import type {
  CountingElection,
  ElectionPage,
  SeatDetail,
  SeatPage,
} from '../../../common/schemas/elections';
import type { Db } from '../../../db/client';
import { isNotFound } from '../../../common/services';
import { mapSvg, type MapSeat } from './elections-map';
import type { ElectionMaps } from './elections-map-cache';
import { electionData, partiesBy, resultsPage, seatPage } from './elections-pages';
import {
  electionsCounting,
  partiesOf,
  seatByNumber,
  type ElectionRow,
} from './elections-repository';
import { stateBySlug } from './elections-states';

export function electionPublic(deps: {
  db: Db;
  found: (slug: string) => Promise<ElectionRow>;
  maps: ElectionMaps;
  language: () => Promise<string>;
  detail: (slug: string, id: string) => Promise<SeatDetail>;
}) {
  const { db, found, maps, language } = deps;
  /** The election, or undefined where a page answers 404. */
  const election = (slug: string) =>
    found(slug).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });

  return {
    /** An election's results page, whole or one state's; undefined: no such election or state. */
    async resultsPage(slug: string, state?: string): Promise<ElectionPage | undefined> {
      const row = await election(slug);
      return row && resultsPage(db, row, maps, state);
    },

    /**
     * Elections counted between two days (`YYYY-MM-DD`, both included): an edition's page shows
     * its own seats first on counting day (issue 69 item 4).
     */
    async counting(from: string, to: string): Promise<CountingElection[]> {
      return (await electionsCounting(db, from, to)).map((e) => ({
        slug: e.slug,
        countingDate: e.countingDate,
        state: e.state ?? null,
      }));
    },

    /** A seat's page (`/elections/{slug}/{state}/77-varanasi`); undefined: none such. */
    async seatPage(slug: string, state: string, seat: string): Promise<SeatPage | undefined> {
      const row = await election(slug);
      if (!row) return undefined;
      return seatPage(row, state, seat, {
        seatByNumber: (code, number) => seatByNumber(db, row.id, code, number),
        detail: (id) => deps.detail(slug, id),
        // Its parties only: not every seat's newest result, which the results pages read.
        parties: async () => partiesBy(await partiesOf(db, row.id)),
      });
    },

    /**
     * The map as one SVG: every seat of the election (or of one state) filled with its
     * leader's colour, its name in the readers' language as its title.
     */
    async map(slug: string, state?: string): Promise<{ svg: string; tags: string[] } | undefined> {
      const row = await election(slug);
      const shown = state ? stateBySlug(state) : undefined;
      if (!row || (state && !shown)) return undefined;
      const [data, lang] = await Promise.all([electionData(db, row, shown?.code), language()]);
      const seats = data.seats;
      if (seats.length === 0) return undefined;
      const projected = await maps.projected(row.id, shown?.code);
      const mapSeats: MapSeat[] = seats.map((seat) => {
        const result = data.results.get(seat.id);
        return {
          id: seat.id,
          title: nameIn(seat.name, lang).text,
          fill: result ? (data.parties[result.leader.party]?.colour ?? '#888888') : null,
          status: result?.status ?? null,
        };
      });
      const title =
        nameIn(row.name, lang).text + (shown ? ` · ${nameIn(shown.name, lang).text}` : '');
      const svg = mapSvg(projected, mapSeats, { title, description: title, lang });
      return {
        svg,
        tags: [
          CacheTags.settings,
          CacheTags.electionPages(row.id),
          shown ? CacheTags.electionState(row.id, shown.code) : CacheTags.electionView(row.id),
        ],
      };
    },
  };
}
