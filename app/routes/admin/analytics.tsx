import { useEffect, useState } from 'react';
import { hasRole } from '../../../common/roles';
import type { AnalyticsNow } from '../../../common/schemas/analytics';
import { AdminRouteError } from '../../components/admin/route-error';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import uplotStylesHref from 'uplot/dist/uPlot.min.css?url';
import { adminApi } from '../../features/api/admin-api';
import { EpaperCounts } from '../../features/analytics/epaper-counts';
import { StoryChart } from '../../features/analytics/story-chart';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/analytics';

/** How often the live screen asks again (issue 38 item 3: "refreshing every 10 s"). */
const REFRESH_MS = 10_000;

/** uPlot's stylesheet, on this screen alone (its script is fetched by the chart). */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: uplotStylesHref }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireScreen(context, request, 'author');
  // The e-paper's counts are the editors' (issue 68 item 5): an author's screen never asks.
  return { epaper: hasRole(user.role, 'editor') };
}

/** A story's views per minute as a line: small enough to need no chart library. */
function Sparkline({ values, label }: { values: number[]; label: string }) {
  const max = Math.max(1, ...values);
  const step = 100 / Math.max(1, values.length - 1);
  const points = values.map(
    (v, i) => `${(i * step).toFixed(1)},${(28 - (26 * v) / max).toFixed(1)}`,
  );
  return (
    <svg viewBox="0 0 100 30" width="100" height="30" role="img" aria-label={label}>
      <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** The live "now" screen: readers of the last 5 minutes, refreshed without reloading. */
export default function AnalyticsNowScreen({ loaderData }: Route.ComponentProps) {
  const t = useAdminCopy().analytics;
  const { locale } = useAdminInterface();
  const [now, setNow] = useState<AnalyticsNow | undefined>();
  useEffect(() => {
    let stopped = false;
    const load = () =>
      adminApi<AnalyticsNow>('/api/analytics/now').then(
        (answer) => !stopped && setNow(answer),
        () => {},
      );
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  const number = (n: number) => n.toLocaleString(locale);
  return (
    <section>
      <h1 className="h3">{t.title}</h1>
      <p className="text-body-secondary">{t.intro}</p>
      <p className="display-6 fw-bold" data-testid="readers-now">
        {now ? number(now.readers) : '…'} <span className="fs-5">{t.readers}</span>
      </p>
      {now && now.top.length === 0 && <p>{t.nobody}</p>}
      {now && now.top.length > 0 && (
        <table className="table align-middle">
          <thead>
            <tr>
              <th scope="col">{t.story}</th>
              <th scope="col">{t.readers}</th>
              <th scope="col">{t.views}</th>
              <th scope="col">{t.trend}</th>
            </tr>
          </thead>
          <tbody>
            {now.top.map((story) => (
              <tr key={story.articleId}>
                <td>{story.path ? <a href={story.path}>{story.title}</a> : story.title}</td>
                <td>{number(story.readers)}</td>
                <td>{number(story.views)}</td>
                <td>
                  <Sparkline values={story.trend} label={`${t.trend}: ${story.title}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {now && <StoryChart stories={now.top} />}
      {now && now.sources.length > 0 && (
        <>
          <h2 className="h5">{t.sources}</h2>
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">{t.source}</th>
                <th scope="col">{t.readers}</th>
              </tr>
            </thead>
            <tbody>
              {now.sources.map((s) => (
                <tr key={s.source}>
                  <td>{s.source}</td>
                  <td>{number(s.readers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {loaderData.epaper && <EpaperCounts />}
    </section>
  );
}

export const ErrorBoundary = AdminRouteError;
