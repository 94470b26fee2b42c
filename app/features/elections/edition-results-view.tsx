/*
 * The results block on an edition's page on counting day (issue 69 item 4; edition-results.ts):
 * the state's tally by alliance, else by party, won and leading apart, and its seats with the
 * edition's own first, each with its source and time; a link to the state's whole results.
 */
import { nameIn } from '../../../common/election-names';
import { electionPath } from '../../../common/paths';
import { electionsCopy } from '../../../common/election-copy';
import { useInterface } from '../../copy/language';
import type { EditionResults } from './edition-results';
import { SeatTable } from './seat-views';
import { TallyTable } from './tally-view';

export function EditionResultsBlock({
  results,
  timeZone,
}: {
  results: EditionResults;
  timeZone: string;
}) {
  const { lang } = useInterface();
  const t = electionsCopy[lang];
  const { election, state, tally } = results;
  const name = nameIn(election.name, lang).text;
  const title = t.embedTitle(state ? t.stateResults(name, nameIn(state.name, lang).text) : name);
  const byAlliance = tally.alliances.some((a) => a.total.value > 0);
  const path = electionPath(election.slug, state?.slug);
  return (
    <section
      className="election-embed border rounded p-3 mb-4"
      aria-labelledby="edition-results"
      lang={lang}
      data-edition-results={election.slug}
    >
      <h2 id="edition-results" className="h5">
        <a href={path}>{title}</a>
      </h2>
      <TallyTable
        caption={t.tally}
        head={byAlliance ? t.alliance : t.party}
        rows={byAlliance ? tally.alliances : tally.parties}
        change={false}
        timeZone={timeZone}
      />
      <h3 id="edition-results-seats" className="h6">
        {t.seats}
      </h3>
      <SeatTable
        seats={results.seats}
        parties={results.parties}
        timeZone={timeZone}
        withState={false}
        id="edition-results-seats"
      />
      <p className="mb-0">
        <a href={path}>{t.allResults}</a>
      </p>
    </section>
  );
}
