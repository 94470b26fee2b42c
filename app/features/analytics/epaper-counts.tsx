/*
 * The e-paper's counts on the analytics screen (issue 68 item 5): per edition, its page views
 * and readers, clips cut and clips opened, over the last 7, 30 or 90 days; where its readers
 * came from; the story views it brought. Editors and up: for an author the call answers 403
 * and the section is not shown.
 */
import { useEffect, useState } from 'react';
import { editionName } from '../../../common/edition-place';
import type { AnalyticsEpaper } from '../../../common/schemas/analytics';
import { DAY_MS } from '../../../common/durations';
import { useAdminInterface } from '../../copy/admin-language';
import { epaperAnalyticsCopy, type EpaperAnalyticsCopy } from '../../copy/epaper-analytics';
import { adminApi } from '../api/admin-api';

const RANGES = [7, 30, 90] as const;

export function EpaperCounts() {
  const ui = useAdminInterface();
  const w = epaperAnalyticsCopy[ui.lang];
  const [days, setDays] = useState<number>(30);
  const [counts, setCounts] = useState<AnalyticsEpaper | null | undefined>();
  useEffect(() => {
    let stopped = false;
    const from = new Date(Date.now() - days * DAY_MS).toISOString();
    adminApi<AnalyticsEpaper>(`/api/analytics/epaper?from=${encodeURIComponent(from)}`).then(
      (answer) => !stopped && setCounts(answer),
      () => !stopped && setCounts(null),
    );
    return () => {
      stopped = true;
    };
  }, [days]);
  if (counts === null) return null;
  return (
    <section aria-labelledby="epaper-counts" className="mt-4" data-testid="epaper-counts">
      <h2 className="h5" id="epaper-counts">
        {w.title}
      </h2>
      <p className="text-body-secondary">{w.intro}</p>
      <label className="form-label me-2" htmlFor="epaper-counts-range">
        {w.range}
      </label>
      <select
        id="epaper-counts-range"
        className="form-select d-inline-block w-auto mb-3"
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
      >
        {RANGES.map((n) => (
          <option key={n} value={n}>
            {w.days(n)}
          </option>
        ))}
      </select>
      {counts && counts.editions.length === 0 && <p>{w.none}</p>}
      {counts && counts.editions.length > 0 && <EditionsTable counts={counts} w={w} />}
      {counts && counts.sources.length > 0 && <SourcesTable counts={counts} w={w} />}
      {counts && <p>{w.storyViews(counts.storyViews.toLocaleString(ui.locale))}</p>}
    </section>
  );
}

/** Each edition's views, readers, clips cut and clips opened. */
function EditionsTable({ counts, w }: { counts: AnalyticsEpaper; w: EpaperAnalyticsCopy }) {
  const ui = useAdminInterface();
  const number = (n: number) => n.toLocaleString(ui.locale);
  return (
    <table className="table table-sm">
      <thead>
        <tr>
          <th scope="col">{w.edition}</th>
          <th scope="col">{w.views}</th>
          <th scope="col">{w.readers}</th>
          <th scope="col">{w.clips}</th>
          <th scope="col">{w.opens}</th>
        </tr>
      </thead>
      <tbody>
        {counts.editions.map((e) => (
          <tr key={e._id}>
            <th scope="row">{editionName(e, ui.lang)}</th>
            <td>{number(e.views)}</td>
            <td>{number(e.readers)}</td>
            <td>{number(e.clips)}</td>
            <td>{number(e.opens)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where the e-paper's readers came from. */
function SourcesTable({ counts, w }: { counts: AnalyticsEpaper; w: EpaperAnalyticsCopy }) {
  const ui = useAdminInterface();
  return (
    <table className="table table-sm w-auto">
      <caption className="caption-top">{w.sources}</caption>
      <thead>
        <tr>
          <th scope="col">{w.source}</th>
          <th scope="col">{w.views}</th>
        </tr>
      </thead>
      <tbody>
        {counts.sources.map((s) => (
          <tr key={s.source}>
            <td>{s.source}</td>
            <td>{s.views.toLocaleString(ui.locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
