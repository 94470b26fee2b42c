import { electionPath } from '../../../common/paths';
import { appContext } from '../../../common/services';
import { nameIn } from '../../../common/election-names';
import { electionsCopy } from '../../../common/election-copy';
import { interfaceFor, useInterface } from '../../copy/language';
import { formatCount, formatWhen } from '../../../common/election-format';
import { electionDataset } from '../../features/elections/election-seo';
import { loadElectionPage } from '../../features/elections/election-page-load';
import { ElectionSeats, KeyContests } from '../../features/elections/seat-views';
import { MapFigure, StatesNav } from '../../features/elections/results-parts';
import { TallyBar, TallyTable } from '../../features/elections/tally-view';
import { pageMeta } from '../../features/seo/meta';
import { breadcrumbs, jsonLd } from '../../features/seo/structured-data';
import type { Route } from './+types/election';

/**
 * An election's results (issue 69 item 4, DECISIONS.md §32): /elections/{slug} for the whole
 * election, /elections/{slug}/{state} for one state. The same bytes for every reader, kept
 * with the election's tags and refreshed off the readers' path on every saved result.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadElectionPage(context.get(appContext), (e) => e.resultsPage(params.slug, params.state));
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { election, state, settings, publicUrl, share, tally, map } = loaderData;
  const lang = settings.uiLanguage;
  const { t: site } = interfaceFor(lang);
  const t = electionsCopy[lang];
  const name = nameIn(election.name, lang).text;
  const stateName = state && nameIn(state.name, lang).text;
  const title = stateName ? t.stateResults(name, stateName) : t.results(name);
  const path = electionPath(election.slug, state?.slug);
  const url = `${publicUrl}${path}`;
  const description = t.datasetDescription(stateName ? `${name} (${stateName})` : name);
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
        newest: tally.newest,
        place: state ? state.name.en : 'India',
        map: `${publicUrl}${map.path}`,
      }),
    ),
    jsonLd(
      breadcrumbs(publicUrl, [
        { name: site.nav.home, path: '/' },
        { name: t.results(name), path: electionPath(election.slug) },
        ...(state && stateName ? [{ name: stateName, path }] : []),
      ]),
    ),
  ];
};

export default function ElectionPage({ loaderData }: Route.ComponentProps) {
  const { election, state, tally, parties, seats, keyContests, states, map, settings } = loaderData;
  const { t: site, lang, locale } = useInterface();
  const t = electionsCopy[lang];
  const name = nameIn(election.name, lang);
  const stateName = state && nameIn(state.name, lang);
  const zone = settings.timeZone;
  const counted = seats.filter((s) => s.result).length;
  const change = seats.some((s) => s.previous);
  // The whole election's majority; a state of a Lok Sabha election has none of its own.
  const majority = !state || election.kind === 'vidhan-sabha';
  const mapTitle = stateName ? `${name.text} · ${stateName.text}` : name.text;
  return (
    <main id="main" className="container py-4 election" lang={lang} data-election-live>
      <nav aria-label={site.category.breadcrumb}>
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <a href="/">{site.nav.home}</a>
          </li>
          {state && (
            <li className="breadcrumb-item">
              <a href={electionPath(election.slug)}>{t.results(name.text)}</a>
            </li>
          )}
        </ol>
      </nav>
      <h1>{stateName ? t.stateResults(name.text, stateName.text) : t.results(name.text)}</h1>
      {election.rehearsal && <p className="alert alert-warning">{t.rehearsal}</p>}
      <p className="text-body-secondary" data-election-part="status">
        {t.counted(counted, tally.seats)}
        {tally.newest && <> · {t.updated(formatWhen(tally.newest, zone, locale))}</>}
      </p>
      <section aria-labelledby="tally" data-election-part="tally">
        <h2 id="tally" className="h4">
          {t.tally}
        </h2>
        <TallyBar tally={tally} majority={majority} />
        <div className="row">
          <div className="col-lg-6">
            <TallyTable
              caption={t.alliances}
              head={t.alliance}
              rows={tally.alliances}
              change={change}
              timeZone={zone}
            />
            <TallyTable
              caption={t.parties}
              head={t.party}
              rows={tally.parties}
              change={change}
              timeZone={zone}
              names={(abbreviation) => parties[abbreviation]?.name}
            />
          </div>
          <div className="col-lg-6">
            <MapFigure
              path={map.path}
              width={map.width}
              height={map.height}
              newest={tally.newest}
              title={mapTitle}
            />
          </div>
        </div>
      </section>
      <div data-election-part="contests">
        <KeyContests seats={keyContests} parties={parties} timeZone={zone} />
      </div>
      <section className="mb-4" aria-labelledby="seats" data-election-part="seats">
        <h2 id="seats" className="h4">
          {t.seats} ({formatCount(tally.seats, locale)})
        </h2>
        <ElectionSeats whole={!state} seats={seats} states={states} parties={parties} zone={zone} />
      </section>
      <StatesNav slug={election.slug} states={states} current={state?.code} />
    </main>
  );
}
