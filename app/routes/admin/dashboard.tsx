import { AdminRouteError } from '../../components/admin/route-error';
import { useOutletContext } from 'react-router';
import { hasRole } from '../../../common/roles';
import type { Stats } from '../../../common/schemas/stats';
import type { SessionUser } from '../../../common/services';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../../features/api/admin-api';
import { readUserInfo } from '../../features/session/user-info';

type DashboardData = { stats: Stats } | { own: number };

/** Editors and administrators see the site's numbers; authors see how many articles they have. */
export async function clientLoader(): Promise<DashboardData> {
  const role = readUserInfo()?.role;
  if (role && hasRole(role, 'editor')) return { stats: await adminApi<Stats>('/api/stats') };
  const list = await adminApi<{ totalArticles: number }>(
    '/api/articles/admin-article?page=1&limit=1',
  );
  return { own: list.totalArticles };
}

export function HydrateFallback() {
  return <p>{t.loading}</p>;
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <div className="col-6 col-lg-4 col-xl-2">
      <div className="card text-center h-100">
        <div className="card-body">
          <div className="display-6 fw-bold" data-testid={`count-${label.toLowerCase()}`}>
            {value.toLocaleString('en-IN')}
          </div>
          <div className="text-body-secondary">{label}</div>
        </div>
      </div>
    </div>
  );
}

/** Views per day as bars: an SVG, no chart library. */
function ViewsChart({ days }: { days: Stats['viewsPerDay'] }) {
  const max = Math.max(1, ...days.map((d) => d.views));
  const width = 600;
  const height = 160;
  const bar = width / days.length;
  return (
    <figure className="card mt-4">
      <div className="card-body">
        <figcaption className="h6">{t.dashboard.chart}</figcaption>
        <svg
          viewBox={`0 0 ${width} ${height + 20}`}
          role="img"
          aria-label={t.dashboard.chart}
          className="w-100"
          style={{ maxHeight: 240 }}
        >
          {days.map((d, i) => {
            const h = Math.round((d.views / max) * height);
            return (
              <rect
                key={d.day}
                x={i * bar + 2}
                y={height - h}
                width={bar - 4}
                height={h}
                fill="#b3261e"
              >
                <title>{`${d.day}: ${d.views}`}</title>
              </rect>
            );
          })}
          <text x="0" y={height + 16} fontSize="12">
            {days[0]?.day}
          </text>
          <text x={width} y={height + 16} fontSize="12" textAnchor="end">
            {days[days.length - 1]?.day}
          </text>
        </svg>
      </div>
    </figure>
  );
}

export default function Dashboard({ loaderData }: { loaderData: DashboardData }) {
  const me = useOutletContext<SessionUser>();
  return (
    <>
      <h1 className="h3 mb-4">{t.dashboard.title}</h1>
      {'stats' in loaderData ? (
        <>
          <div className="row g-3">
            <Counter label={t.dashboard.categories} value={loaderData.stats.categories} />
            <Counter label={t.dashboard.articles} value={loaderData.stats.articles} />
            <Counter label={t.dashboard.published} value={loaderData.stats.published} />
            <Counter label={t.dashboard.drafts} value={loaderData.stats.drafts} />
            <Counter label={t.dashboard.users} value={loaderData.stats.users} />
            <Counter label={t.dashboard.views} value={loaderData.stats.views} />
          </div>
          <ViewsChart days={loaderData.stats.viewsPerDay} />
        </>
      ) : (
        <div className="row g-3">
          <Counter label={t.dashboard.yourArticles} value={loaderData.own} />
          <p className="text-body-secondary">{me.name}</p>
        </div>
      )}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
