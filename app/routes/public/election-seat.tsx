import { electionFollowPath, electionPath } from '../../../common/paths';
import { appContext } from '../../../common/services';
import { nameIn } from '../../../common/election-names';
import { electionsCopy } from '../../../common/election-copy';
import { interfaceFor, useInterface } from '../../copy/language';
import { formatCount, sourceLine } from '../../../common/election-format';
import { electionDataset } from '../../features/elections/election-seo';
import { loadElectionPage } from '../../features/elections/election-page-load';
import { Swatch } from '../../features/elections/tally-view';
import { SeatCandidates, SeatFollow, SeatHistory } from '../../features/elections/seat-parts';
import { pageMeta } from '../../features/seo/meta';
import { breadcrumbs, jsonLd } from '../../features/seo/structured-data';
import type { Route } from './+types/election-seat';

/**
 * One seat's contest (issue 69 items 3 and 4): who is ahead, by how much, from where and when,
 * its candidates and every result saved. Kept with the seat's tag: its own saves refresh it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadElectionPage(context.get(appContext), (e) =>
    e.seatPage(params.slug, params.state, params.seat),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { election, state, seat, path, settings, publicUrl, share } = loaderData;
  const lang = settings.uiLanguage;
  const { t: site } = interfaceFor(lang);
  const t = electionsCopy[lang];
  const name = nameIn(election.name, lang).text;
  const stateName = nameIn(state.name, lang).text;
  const title = `${t.seatResult(t.seatTitle(nameIn(seat.name, lang).text, stateName))} · ${name}`;
  const url = `${publicUrl}${path}`;
  const description = t.datasetDescription(`${name} (${nameIn(seat.name, lang).text})`);
  return [
    ...pageMeta({ settings, title, description, url, image: share, language: lang }),
    ...(election.rehearsal ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    jsonLd(
      electionDataset({
        election,
        title,
        description,
        url,
        publicUrl,
        settings,
        newest: seat.result?.at ?? null,
        place: `${seat.name.en}, ${state.name.en}`,
        map: `${publicUrl}${electionPath(election.slug, state.slug)}/map.svg`,
      }),
    ),
    jsonLd(
      breadcrumbs(publicUrl, [
        { name: site.nav.home, path: '/' },
        { name: t.results(name), path: electionPath(election.slug) },
        { name: stateName, path: electionPath(election.slug, state.slug) },
        { name: nameIn(seat.name, lang).text, path },
      ]),
    ),
  ];
};

export default function SeatPage({ loaderData }: Route.ComponentProps) {
  const { election, state, seat, parties, settings } = loaderData;
  const { t: site, lang, locale } = useInterface();
  const t = electionsCopy[lang];
  const zone = settings.timeZone;
  const name = nameIn(election.name, lang);
  const seatName = nameIn(seat.name, lang);
  const stateName = nameIn(state.name, lang);
  const result = seat.result;
  const partyOf = (abbreviation: string) => parties[abbreviation];
  const leader = result && nameIn(result.leader.name, lang);
  return (
    <main id="main" className="container py-4 election" lang={lang} data-election-live>
      <nav aria-label={site.category.breadcrumb}>
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <a href="/">{site.nav.home}</a>
          </li>
          <li className="breadcrumb-item">
            <a href={electionPath(election.slug)}>{t.results(name.text)}</a>
          </li>
          <li className="breadcrumb-item">
            <a href={electionPath(election.slug, state.slug)} lang={stateName.lang}>
              {stateName.text}
            </a>
          </li>
        </ol>
      </nav>
      <h1>
        <span lang={seatName.lang}>{seatName.text}</span> (
        <span lang={stateName.lang}>{stateName.text}</span>)
      </h1>
      {election.rehearsal && <p className="alert alert-warning">{t.rehearsal}</p>}
      {seat.reserved !== 'GEN' && <p>{t.reserved[seat.reserved]}</p>}
      <section
        className="election-result mb-4"
        aria-labelledby="result"
        data-election-part="result"
      >
        <h2 id="result" className="h4">
          {t.seatResult(seatName.text)}
        </h2>
        {result && leader ? (
          <>
            <p className="lead mb-1">
              <Swatch colour={partyOf(result.leader.party)?.colour ?? '#888888'} />{' '}
              <strong lang={leader.lang}>{leader.text}</strong> (
              <abbr
                title={nameIn(partyOf(result.leader.party)?.name ?? result.leader.name, lang).text}
              >
                {result.leader.party}
              </abbr>
              ) · {t.statuses[result.status]} {t.byMargin(formatCount(result.margin, locale))}
            </p>
            <p className="small text-body-secondary">
              {t.votes}: {formatCount(result.votes, locale)} · {t.roundOf(result.round)} ·{' '}
              {sourceLine({ sources: [result.source], at: result.at }, t, zone, locale)}
            </p>
          </>
        ) : (
          <p>{t.none}</p>
        )}
        {seat.previous && <p className="small">{t.previous(seat.previous.party)}</p>}
        <SeatFollow path={electionFollowPath(election.slug, seat._id)} />
      </section>
      <SeatCandidates candidates={seat.candidates} parties={parties} />
      <SeatHistory history={seat.history} timeZone={zone} />
    </main>
  );
}
