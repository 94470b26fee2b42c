/*
 * Parts of an election's results page (issue 69 item 4): the map as one image drawn on the
 * server with its legend, and the list of states.
 */
import { nameIn } from '../../../common/election-names';
import { electionPath } from '../../../common/paths';
import type { ElectionState } from '../../../common/schemas/elections';
import { electionsCopy } from '../../../common/election-copy';
import { useInterface } from '../../copy/language';

/**
 * The map (elections-map.ts on the server): its address carries the newest result's time, so a
 * browser that kept an older map asks again once there is news; the kept answer ignores it.
 */
export function MapFigure({
  path,
  width,
  height,
  newest,
  title,
}: {
  path: string;
  width: number;
  height: number;
  newest: string | null;
  title: string;
}) {
  const { lang } = useInterface();
  const t = electionsCopy[lang];
  return (
    <figure className="election-map" aria-labelledby="map-caption">
      <img
        src={`${path}${newest ? `?v=${Date.parse(newest)}` : ''}`}
        width={width}
        height={height}
        alt={t.mapAlt(title)}
        loading="lazy"
        decoding="async"
        className="img-fluid"
      />
      <figcaption id="map-caption" className="small">
        <span className="visually-hidden">{t.map}: </span>
        <span className="election-legend election-legend-won" aria-hidden="true" /> {t.legendWon}{' '}
        <span className="election-legend election-legend-leading" aria-hidden="true" />{' '}
        {t.legendLeading}{' '}
        <span className="election-legend election-legend-awaited" aria-hidden="true" />{' '}
        {t.legendAwaited}
      </figcaption>
    </figure>
  );
}

/** Every state with seats in the election, the one shown marked as the current page. */
export function StatesNav({
  slug,
  states,
  current,
}: {
  slug: string;
  states: readonly ElectionState[];
  current: string | undefined;
}) {
  const { lang } = useInterface();
  const t = electionsCopy[lang];
  if (states.length < 2) return null;
  return (
    <nav aria-labelledby="states" className="mb-4">
      <h2 id="states" className="h4">
        {t.states}
      </h2>
      <ul className="election-states list-unstyled">
        {current && (
          <li>
            <a href={electionPath(slug)}>{t.whole}</a>
          </li>
        )}
        {states.map((s) => {
          const n = nameIn(s.name, lang);
          return (
            <li key={s.code}>
              <a
                href={electionPath(slug, s.slug)}
                lang={n.lang}
                aria-current={s.code === current ? 'page' : undefined}
              >
                {n.text}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
