/*
 * Seats as the results pages list them (issue 69 item 4): the table beside the map that says
 * what the map shows, for screen readers and everyone, and the desk's key contests.
 */
import type { ElectionParty, SeatLine } from '../../../common/schemas/elections';
import { nameIn } from '../../../common/election-names';
import { electionsCopy } from '../../copy/elections';
import { useInterface } from '../../copy/language';
import { formatCount, sourceLine } from './election-format';
import { Swatch } from './tally-view';

/** Who is ahead in a seat: the candidate, the party's colour and name. */
function Ahead({ seat, parties }: { seat: SeatLine; parties: Record<string, ElectionParty> }) {
  const { lang } = useInterface();
  if (!seat.result) return null;
  const party = parties[seat.result.party];
  const leader = nameIn(seat.result.leader, lang);
  return (
    <>
      <Swatch colour={party?.colour ?? '#888888'} /> <span lang={leader.lang}>{leader.text}</span>{' '}
      <abbr title={party ? nameIn(party.name, lang).text : seat.result.party}>
        {seat.result.party}
      </abbr>
    </>
  );
}

/** A seat's status in words, from the same data as the map's colour. */
function statusOf(seat: SeatLine, t: (typeof electionsCopy)['en']) {
  return seat.result ? t.statuses[seat.result.status] : t.statuses.awaited;
}

export function SeatTable({
  seats,
  parties,
  timeZone,
  withState,
  id,
}: {
  seats: readonly SeatLine[];
  parties: Record<string, ElectionParty>;
  timeZone: string;
  withState: boolean;
  id: string;
}) {
  const { lang, locale } = useInterface();
  const t = electionsCopy[lang];
  return (
    <div
      className="table-responsive election-seats"
      // A long table scrolls in its box; a keyboard reaches it (axe: scrollable-region-focusable).
      tabIndex={0}
      role="region"
      aria-labelledby={id}
    >
      <table className="table table-sm" lang={lang}>
        <thead>
          <tr>
            <th scope="col">{t.seat}</th>
            {withState && <th scope="col">{t.state}</th>}
            <th scope="col">{t.leader}</th>
            <th scope="col">{t.status}</th>
            <th scope="col">{t.margin}</th>
            <th scope="col">{t.source}</th>
          </tr>
        </thead>
        <tbody>
          {seats.map((seat) => {
            const name = nameIn(seat.name, lang);
            const state = nameIn(seat.state.name, lang);
            return (
              <tr key={seat._id}>
                <th scope="row">
                  <a href={seat.path} lang={name.lang}>
                    {name.text}
                  </a>
                </th>
                {withState && <td lang={state.lang}>{state.text}</td>}
                <td>
                  <Ahead seat={seat} parties={parties} />
                </td>
                <td>{statusOf(seat, t)}</td>
                <td>{seat.result ? formatCount(seat.result.margin, locale) : ''}</td>
                <td className="small text-body-secondary">
                  {seat.result
                    ? sourceLine(
                        { sources: [seat.result.source], at: seat.result.at },
                        t,
                        timeZone,
                        locale,
                      )
                    : t.noSource}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The desk's key contests: each seat, who is ahead, by how much, from where and when. */
export function KeyContests({
  seats,
  parties,
  timeZone,
}: {
  seats: readonly SeatLine[];
  parties: Record<string, ElectionParty>;
  timeZone: string;
}) {
  const { lang, locale } = useInterface();
  const t = electionsCopy[lang];
  if (seats.length === 0) return null;
  return (
    <section className="mb-4" aria-labelledby="key-contests">
      <h2 id="key-contests" className="h4" lang={lang}>
        {t.keyContests}
      </h2>
      <ul className="election-contests list-unstyled" lang={lang}>
        {seats.map((seat) => {
          const name = nameIn(seat.name, lang);
          return (
            <li key={seat._id} className="election-contest">
              <h3 className="h6 mb-1">
                <a href={seat.path} lang={name.lang}>
                  {name.text}
                </a>
              </h3>
              {seat.result ? (
                <p className="mb-0">
                  <Ahead seat={seat} parties={parties} /> · {statusOf(seat, t)}{' '}
                  {t.byMargin(formatCount(seat.result.margin, locale))}
                  <br />
                  <small className="text-body-secondary">
                    {sourceLine(
                      { sources: [seat.result.source], at: seat.result.at },
                      t,
                      timeZone,
                      locale,
                    )}
                  </small>
                </p>
              ) : (
                <p className="mb-0 text-body-secondary">{t.noSource}</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
