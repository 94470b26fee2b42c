import { data } from 'react-router';
import { CacheTags } from '../../../common/cache-tags';
import { editionName } from '../../../common/edition-place';
import { EPAPER_MONTH_PATTERN, epaperArchivePath } from '../../../common/epaper';
import { appContext } from '../../../common/services';
import { EpaperArchiveYears, EpaperMonthIssues } from '../../components/epaper-archive';
import { EpaperCalendarView, issueDate, monthName } from '../../components/epaper-reader';
import { epaperReaderCopy } from '../../copy/epaper';
import { interfaceFor, useInterface } from '../../copy/language';
import { pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import { breadcrumbs, jsonLd } from '../../features/seo/structured-data';
import type { Route } from './+types/epaper-archive';

/**
 * An edition's e-paper archive (issue 68 item 5): /epaper/{edition}, every month with an issue
 * back to the first, and /epaper/{edition}/month/{YYYY-MM}, that month's calendar and issues.
 * The same bytes for every reader, no script; kept until the edition's e-paper dates change.
 * An unknown edition, an edition without an issue, or a month without one is 404: the archive's
 * addresses are only the months that hold something.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, publicUrl, keep, mediaBase } = context.get(appContext);
  const notFound = () => data(null, { status: 404, statusText: 'Not Found' });
  const slug = params.edition ?? '';
  const asked = params.month;
  if (asked !== undefined && !EPAPER_MONTH_PATTERN.test(asked)) throw notFound();
  const [settings, archive, month] = await Promise.all([
    services.settings.get(),
    asked === undefined ? services.epaper.archive(slug) : undefined,
    asked === undefined ? undefined : services.epaper.archiveMonth(slug, asked),
  ]);
  const edition = archive?.edition ?? month?.edition;
  if (!edition || archive?.months.length === 0 || month?.issues.length === 0) throw notFound();
  keep(CacheTags.epaperList, CacheTags.epaperDates(edition._id));
  const share = await shareImage({ services, publicUrl, mediaBase }, settings);
  return { settings, publicUrl, share, edition, archive, month };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { settings, publicUrl, share, edition, month } = loaderData;
  const ui = interfaceFor(settings.uiLanguage);
  const w = epaperReaderCopy[ui.lang];
  const name = editionName(edition, ui.lang);
  const archiveTitle = w.archive(name);
  const title = month ? w.monthTitle(name, monthName(month.month, ui.locale)) : archiveTitle;
  const path = epaperArchivePath(edition.slug, month?.month);
  return [
    ...pageMeta({
      settings,
      title,
      description: w.description(name, settings.siteName),
      url: `${publicUrl}${path}`,
      image: share,
    }),
    jsonLd(
      breadcrumbs(publicUrl, [
        { name: ui.t.nav.home, path: '/' },
        { name: w.epaper, path: '/epaper' },
        { name: archiveTitle, path: epaperArchivePath(edition.slug) },
        ...(month ? [{ name: title, path }] : []),
      ]),
    ),
  ];
};

export default function EpaperArchivePage({ loaderData }: Route.ComponentProps) {
  const { edition, archive, month } = loaderData;
  const { lang, locale } = useInterface();
  const w = epaperReaderCopy[lang];
  const name = editionName(edition, lang);
  return (
    <main id="main" className="container py-3 epaper" lang={lang}>
      {archive && (
        <>
          <h1 className="h3">{w.archive(name)}</h1>
          {archive.first && <p>{w.archiveSince(issueDate(archive.first, locale))}</p>}
          <EpaperArchiveYears archive={archive} locale={locale} w={w} />
        </>
      )}
      {month && (
        <>
          <h1 className="h3">{w.monthTitle(name, monthName(month.month, locale))}</h1>
          <EpaperCalendarView
            calendar={{
              month: month.month,
              dates: month.issues.map((i) => i.date),
              before: month.before,
              after: month.after,
            }}
            edition={edition.slug}
            locale={locale}
            w={w}
          />
          <EpaperMonthIssues month={month} locale={locale} w={w} />
        </>
      )}
    </main>
  );
}
