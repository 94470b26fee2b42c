import { useEffect, useRef, useState } from 'react';
import type { AnalyticsArticle } from '../../../common/schemas/analytics';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';

/** The chart covers this many minutes, a point a minute (issue 38 item 4). */
const CHART_MINUTES = 60;
const MINUTE_MS = 60_000;

/** A story's views and readers a minute over the last hour, missing minutes as 0. */
function minuteGrid(series: AnalyticsArticle['series'], end: number): number[][] {
  const last = Math.floor(end / MINUTE_MS) * MINUTE_MS;
  const byMinute = new Map(series.map((p) => [Date.parse(p.t), p]));
  const xs: number[] = [];
  const views: number[] = [];
  const readers: number[] = [];
  for (let i = CHART_MINUTES - 1; i >= 0; i--) {
    const at = last - i * MINUTE_MS;
    xs.push(at / 1000);
    views.push(byMinute.get(at)?.views ?? 0);
    readers.push(byMinute.get(at)?.readers ?? 0);
  }
  return [xs, views, readers];
}

/**
 * A story's views and readers a minute over the last hour, drawn with uPlot (issue 38 item 4),
 * for one of the stories read now. uPlot is fetched by this screen alone, once it is shown; its
 * texts and times are in the back office's language.
 */
export function StoryChart({
  stories,
}: {
  /** The stories read now (the live screen's), refreshed with it. */
  stories: readonly { articleId: string; title: string }[];
}) {
  const t = useAdminCopy().analytics.chart;
  const { locale } = useAdminInterface();
  const [chosen, setChosen] = useState<string>();
  const [report, setReport] = useState<{ id: string; data: number[][] }>();
  const box = useRef<HTMLDivElement>(null);
  const id = stories.some((s) => s.articleId === chosen) ? chosen : stories[0]?.articleId;

  useEffect(() => {
    if (!id) return;
    let stopped = false;
    const to = Date.now();
    const range = `from=${new Date(to - CHART_MINUTES * MINUTE_MS).toISOString()}&to=${new Date(to + MINUTE_MS).toISOString()}`;
    adminApi<AnalyticsArticle>(`/api/analytics/articles/${id}?${range}&interval=minute`).then(
      (answer) => !stopped && setReport({ id, data: minuteGrid(answer.series, to) }),
      () => {},
    );
    return () => {
      stopped = true;
    };
  }, [id, stories]);

  useEffect(() => {
    const target = box.current;
    if (!report || !target) return;
    let plot: { destroy(): void } | undefined;
    let gone = false;
    const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      plot = new UPlot(
        {
          width: Math.max(320, target.clientWidth),
          height: 240,
          series: [
            { value: (_u, v) => (v === null ? '' : time.format(v * 1000)) },
            { label: t.views, stroke: '#0d6efd', width: 2 },
            { label: t.readers, stroke: '#198754', width: 2 },
          ],
          axes: [{ values: (_u, splits) => splits.map((s) => time.format(s * 1000)) }, {}],
        },
        report.data as [number[], number[], number[]],
        target,
      );
    });
    return () => {
      gone = true;
      plot?.destroy();
    };
  }, [report, locale, t]);

  if (stories.length === 0) return null;
  return (
    <section className="mb-4" aria-labelledby="story-chart-title">
      <h2 id="story-chart-title" className="h5">
        {t.title}
      </h2>
      <label className="form-label" htmlFor="story-chart-story">
        {t.story}
      </label>
      <select
        id="story-chart-story"
        className="form-select mb-3"
        value={id}
        onChange={(e) => setChosen(e.target.value)}
      >
        {stories.map((s) => (
          <option key={s.articleId} value={s.articleId}>
            {s.title}
          </option>
        ))}
      </select>
      <div ref={box} role="img" aria-label={t.title} data-testid="story-chart" />
    </section>
  );
}
