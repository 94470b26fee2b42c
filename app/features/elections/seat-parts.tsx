/*
 * Parts of a seat's page (issue 69 item 4): its candidates, and every result the desk saved,
 * newest first, each with its source and time.
 */
import { nameIn } from '../../../common/election-names';
import type { ElectionParty, SeatDetail } from '../../../common/schemas/elections';
import { electionsCopy } from '../../../common/election-copy';
import { useInterface } from '../../copy/language';
import { formatCount, formatWhen } from '../../../common/election-format';
import { Swatch } from './tally-view';

export function SeatCandidates({
  candidates,
  parties,
}: {
  candidates: SeatDetail['candidates'];
  parties: Record<string, ElectionParty>;
}) {
  const { lang } = useInterface();
  const t = electionsCopy[lang];
  if (candidates.length === 0) return null;
  return (
    <section className="mb-4" aria-labelledby="candidates">
      <h2 id="candidates" className="h4">
        {t.candidates}
      </h2>
      <ul className="list-unstyled">
        {candidates.map((c) => {
          const n = nameIn(c.name, lang);
          return (
            <li key={c._id}>
              <Swatch colour={parties[c.party]?.colour ?? '#888888'} />{' '}
              <span lang={n.lang}>{n.text}</span> ({c.party})
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function SeatHistory({
  history,
  timeZone,
}: {
  history: SeatDetail['history'];
  timeZone: string;
}) {
  const { lang, locale } = useInterface();
  const t = electionsCopy[lang];
  if (history.length === 0) return null;
  return (
    <section className="mb-4" aria-labelledby="history" data-election-part="history">
      <h2 id="history" className="h4">
        {t.history}
      </h2>
      <div className="table-responsive">
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">{t.when}</th>
              <th scope="col">{t.leader}</th>
              <th scope="col">{t.status}</th>
              <th scope="col">{t.votes}</th>
              <th scope="col">{t.margin}</th>
              <th scope="col">{t.round}</th>
              <th scope="col">{t.source}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h) => {
              const n = nameIn(h.leader.name, lang);
              return (
                <tr key={h._id}>
                  <th scope="row">
                    <time dateTime={h.at}>{formatWhen(h.at, timeZone, locale)}</time>
                  </th>
                  <td>
                    <span lang={n.lang}>{n.text}</span> ({h.leader.party})
                  </td>
                  <td>{t.statuses[h.status]}</td>
                  <td>{formatCount(h.votes, locale)}</td>
                  <td>{formatCount(h.margin, locale)}</td>
                  <td>{h.round}</td>
                  <td>{t.sources[h.source]}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * "Alert me when this seat is declared" (issue 69 item 4): hidden in the kept page, the same for
 * everyone; the reading script (app/reader/seat-follow.ts) asks this browser's state after load
 * and shows the button that fits: follow, or stop.
 */
export function SeatFollow({ path }: { path: string }) {
  const { lang } = useInterface();
  const t = electionsCopy[lang];
  return (
    <p
      className="election-follow"
      data-seat-follow={path}
      data-following={t.following}
      data-unfollowed={t.unfollowed}
      data-failed={t.followFailed}
      hidden
    >
      <button type="button" className="btn btn-outline-primary btn-sm" data-seat-action="follow">
        {t.follow}
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        data-seat-action="stop"
        hidden
      >
        {t.unfollow}
      </button>{' '}
      <span role="status" />
    </p>
  );
}
