import { AdminRouteError } from '../../components/admin/route-error';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { hasRole } from '../../../common/roles';
import type { Stats } from '../../../common/schemas/stats';
import type { SessionUser } from '../../../common/services';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../../features/api/admin-api';
import { requireScreen } from '../../features/session/screen-guard';
import { WELCOME_PARAM } from '../../features/session/use-sign-in';
import type { Route } from './+types/dashboard';

type DashboardData = { stats: Stats } | { own: number };

/** The role comes from the server: someone promoted a minute ago sees the right dashboard. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireScreen(context, request, 'author');
  return { role: me.role };
}

/** Editors and administrators see the site's numbers; authors see how many articles they have. */
export async function clientLoader({
  serverLoader,
}: Route.ClientLoaderArgs): Promise<DashboardData> {
  const { role } = await serverLoader();
  if (hasRole(role, 'editor')) return { stats: await adminApi<Stats>('/api/stats') };
  const list = await adminApi<{ totalArticles: number }>(
    '/api/articles/admin-article?page=1&limit=1',
  );
  return { own: list.totalArticles };
}

clientLoader.hydrate = true as const;

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

/**
 * The first administrator lands here from sign-up (?welcome=1) on an empty site: what it now
 * is, and what to do first (issue 14 item 7). Closing it drops the parameter.
 */
function Welcome({ name }: { name: string }) {
  const [, setParams] = useSearchParams();
  return (
    <section className="alert alert-success position-relative pe-5" aria-labelledby="welcome-title">
      <h2 id="welcome-title" className="h5">
        {t.welcome.title(name)}
      </h2>
      <p className="mb-2">{t.welcome.intro}</p>
      <ol className="mb-0">
        <li>
          <Link to="/admin/categories" className="alert-link">
            {t.welcome.categories}
          </Link>
        </li>
        <li>
          <Link to="/admin/settings" className="alert-link">
            {t.welcome.settings}
          </Link>
        </li>
        <li>
          <Link to="/admin/add-article" className="alert-link">
            {t.welcome.article}
          </Link>
        </li>
      </ol>
      <button
        type="button"
        className="btn-close position-absolute top-0 end-0 m-3"
        aria-label={t.welcome.dismiss}
        onClick={() =>
          setParams(
            (params) => {
              params.delete(WELCOME_PARAM);
              return params;
            },
            { replace: true },
          )
        }
      />
    </section>
  );
}

export default function Dashboard({ loaderData }: { loaderData: DashboardData }) {
  const me = useOutletContext<SessionUser>();
  const [params] = useSearchParams();
  const welcome = params.get(WELCOME_PARAM) === '1' && hasRole(me.role, 'administrator');
  return (
    <>
      <h1 className="h3 mb-4">{t.dashboard.title}</h1>
      {welcome && <Welcome name={me.name} />}
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
