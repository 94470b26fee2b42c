/*
 * Seats as the results pages list them (issue 69 item 4): the table beside the map that says
 * what the map shows, for screen readers and everyone, and the desk's key contests.
 */
import type { ElectionParty, SeatLine } from '../../../common/schemas/elections';
import { nameIn } from '../../../common/election-names';
import { electionsCopy } from '../../../common/election-copy';
import { useInterface } from '../../copy/language';
import { formatCount, sourceLine } from '../../../common/election-format';
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

/** A seat's row: its name and page, who is ahead, the status, the margin, the source and time. */
function SeatRow({
  seat,
  parties,
  timeZone,
  withState,
}: {
  seat: SeatLine;
  parties: Record<string, ElectionParty>;
  timeZone: string;
  withState: boolean;
}) {
  const { lang, locale } = useInterface();
  const t = electionsCopy[lang];
  const name = nameIn(seat.name, lang);
  const state = nameIn(seat.state.name, lang);
  return (
    <tr>
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
          ? sourceLine({ sources: [seat.result.source], at: seat.result.at }, t, timeZone, locale)
          : t.noSource}
      </td>
    </tr>
  );
}

/** The seats' table head: the state's column only where seats of several states are listed. */
function SeatHead({ withState }: { withState: boolean }) {
  const { lang } = useInterface();
  const t = electionsCopy[lang];
  return (
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
  );
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
  const { lang } = useInterface();
  return (
    <div
      className="table-responsive election-seats"
      // A long table scrolls in its box; a keyboard reaches it (axe: scrollable-region-focusable).
      tabIndex={0}
      role="region"
      aria-labelledby={id}
    >
      <table className="table table-sm" lang={lang}>
        <SeatHead withState={withState} />
        <tbody>
          {seats.map((seat) => (
            <SeatRow
              key={seat._id}
              seat={seat}
              parties={parties}
              timeZone={timeZone}
              withState={withState}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Every seat of the election, a state at a time, each state's table in a <details> closed until
 * opened: the same rows as the map's shapes (screen readers and everyone read them there), but a
 * phone lays out only the states opened, not 543 rows (docs/perf/elections.md).
 */
export function SeatsByState({
  seats,
  states,
  parties,
  timeZone,
}: {
  seats: readonly SeatLine[];
  states: readonly { code: string; name: SeatLine['state']['name']; counted: number }[];
  parties: Record<string, ElectionParty>;
  timeZone: string;
}) {
  const { lang } = useInterface();
  const t = electionsCopy[lang];
  const byState = new Map<string, SeatLine[]>();
  for (const seat of seats) {
    const list = byState.get(seat.state.code);
    if (list) list.push(seat);
    else byState.set(seat.state.code, [seat]);
  }
  return (
    <div className="election-seat-groups" lang={lang}>
      {states.map((state) => {
        const shown = byState.get(state.code);
        if (!shown) return null;
        const name = nameIn(state.name, lang);
        return (
          <details key={state.code} className="election-seat-group">
            <summary>
              <span lang={name.lang}>{name.text}</span> · {t.counted(state.counted, shown.length)}
            </summary>
            <div className="table-responsive">
              <table className="table table-sm">
                <caption className="visually-hidden" lang={name.lang}>
                  {name.text}
                </caption>
                <SeatHead withState={false} />
                <tbody>
                  {shown.map((seat) => (
                    <SeatRow
                      key={seat._id}
                      seat={seat}
                      parties={parties}
                      timeZone={timeZone}
                      withState={false}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        );
      })}
    </div>
  );
}

/** A results page's seats: a state's one table, or the whole election's a state at a time. */
export function ElectionSeats({
  whole,
  seats,
  states,
  parties,
  zone,
}: {
  whole: boolean;
  seats: readonly SeatLine[];
  states: Parameters<typeof SeatsByState>[0]['states'];
  parties: Record<string, ElectionParty>;
  zone: string;
}) {
  return whole ? (
    <SeatsByState seats={seats} states={states} parties={parties} timeZone={zone} />
  ) : (
    <SeatTable id="seats" seats={seats} parties={parties} timeZone={zone} withState={false} />
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
