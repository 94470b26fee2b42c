/*
 * An edition's e-paper archive (issue 68 item 5): every month with an issue, by year, back to
 * the first; and one month's issues, each with its front page's thumbnail (lazy: a cheap phone
 * loads the ones it shows). Plain links the server renders the same for every reader; no script.
 */
import { epaperArchivePath, epaperPath } from '../../common/epaper';
import { sentMediaUrl } from '../../common/media';
import type { EpaperArchive, EpaperArchiveMonth } from '../../common/schemas/epaper';
import type { EpaperReaderCopy } from '../copy/epaper';
import { issueDate, monthName } from './epaper-reader';
import { useMediaBase } from './media-base';

/** The archive's months, newest first, grouped by year. */
export function EpaperArchiveYears(props: {
  archive: EpaperArchive;
  locale: string;
  w: EpaperReaderCopy;
}) {
  const { archive, locale, w } = props;
  const years = new Map<string, EpaperArchive['months']>();
  for (const m of archive.months) {
    const year = m.month.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), m]);
  }
  return (
    <div className="epaper-archive">
      {[...years].map(([year, months]) => (
        <section key={year} aria-labelledby={`epaper-year-${year}`}>
          <h2 className="h5" id={`epaper-year-${year}`}>
            {year}
          </h2>
          <ul className="epaper-archive-months">
            {months.map((m) => (
              <li key={m.month}>
                <a href={epaperArchivePath(archive.edition.slug, m.month)}>
                  {monthName(m.month, locale)}
                </a>{' '}
                <span className="text-body-secondary small">{w.issues(m.issues)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A month's issues, newest first: the front page's thumbnail, the date, the pages. */
export function EpaperMonthIssues(props: {
  month: EpaperArchiveMonth;
  locale: string;
  w: EpaperReaderCopy;
}) {
  const { month, locale, w } = props;
  const base = useMediaBase();
  return (
    <ol className="epaper-strip epaper-month-issues" aria-label={w.dates}>
      {[...month.issues].reverse().map((issue) => (
        <li key={issue.date}>
          <a href={epaperPath(month.edition.slug, issue.date)}>
            {issue.thumb ? (
              <img
                src={sentMediaUrl(issue.thumb, base)}
                width={240}
                alt=""
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span className="epaper-thumb-empty" />
            )}
            <span className="epaper-strip-number">{issueDate(issue.date, locale)}</span>
            <span className="epaper-strip-number small">{w.pageCount(issue.pages)}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}
