import { AdminRouteError } from '../../components/admin/route-error';
import { Suspense, type ReactNode } from 'react';
import { Await, Link, useOutletContext, useSearchParams } from 'react-router';
import { hasRole } from '../../../common/roles';
import type { Dashboard as DashboardNumbers, Stats } from '../../../common/schemas/stats';
import type { SessionUser } from '../../../common/services';
import { useAdminCopy } from '../../copy/admin-language';
import { adminApi } from '../../features/api/admin-api';
import { BreakingDesk } from '../../features/breaking/breaking-desk';
import { PushDesk } from '../../features/push/push-desk';
import { HouseAdsTotals } from '../../features/ads/house-ads-totals';
import { MembersTotals } from '../../features/members/members-totals';
import { NewsletterDesk } from '../../features/newsletters/newsletter-desk';
import { requireScreen } from '../../features/session/screen-guard';
import { WELCOME_PARAM } from '../../features/session/use-sign-in';
import { Counter, ViewsChart } from '../../features/dashboard/dashboard-panels';
import { MorningMeeting } from '../../features/dashboard/morning-meeting';
import type { Route } from './+types/dashboard';

/**
 * What the dashboard shows, each part a promise of its own (issue 45 item 8): the frame shows at
 * once and each panel fills as its answer comes.
 */
interface DashboardData {
  dashboard: Promise<DashboardNumbers>;
  /** The site's numbers, for editors and administrators. */
  stats: Promise<Stats> | null;
  /** How many articles an author has. */
  own: Promise<number> | null;
}

/** The role comes from the server: someone promoted a minute ago sees the right dashboard. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireScreen(context, request, 'author');
  return { role: me.role };
}

/**
 * Editors and administrators see the site's numbers; authors see how many articles they have.
 * The morning meeting's part (views, top articles, queue, scheduled, drafts) is scoped by the
 * server from the role it reads for that call (issue 9 item 9). Nothing is awaited but the
 * role: the panels wait for their own answers.
 */
export async function clientLoader({
  serverLoader,
}: Route.ClientLoaderArgs): Promise<DashboardData> {
  const { role } = await serverLoader();
  const dashboard = adminApi<DashboardNumbers>('/api/stats/dashboard');
  if (hasRole(role, 'editor'))
    return { dashboard, stats: adminApi<Stats>('/api/stats'), own: null };
  const own = adminApi<{ totalArticles: number }>('/api/articles/admin-article?page=1&limit=1');
  return { dashboard, stats: null, own: own.then((list) => list.totalArticles) };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

/** A panel's place while its answer comes, and what it says if none comes. */
function Panel<T>({
  resolve,
  children,
}: {
  resolve: Promise<T>;
  children: (value: T) => ReactNode;
}) {
  const t = useAdminCopy();
  return (
    <Suspense
      fallback={
        <p className="text-body-secondary" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t.loading}
        </p>
      }
    >
      <Await resolve={resolve} errorElement={<p role="alert">{t.dashboard.panelFailed}</p>}>
        {children}
      </Await>
    </Suspense>
  );
}

/**
 * The first administrator lands here from sign-up (?welcome=1) on an empty site: what it now
 * is, and what to do first (issue 14 item 7). Closing it drops the parameter.
 */
function Welcome({ name, stats }: { name: string; stats: Stats }) {
  const t = useAdminCopy();
  const [, setParams] = useSearchParams();
  return (
    <section className="alert alert-success position-relative pe-5" aria-labelledby="welcome-title">
      <h2 id="welcome-title" className="h5">
        {t.welcome.title(name)}
      </h2>
      <p className="mb-2">{stats.categories === 0 ? t.welcome.intro : t.welcome.introHas}</p>
      {/* What the site already has is not asked for again (issue 45 item 8). */}
      <ol className="mb-0">
        {stats.categories === 0 && (
          <li>
            <Link to="/admin/categories" className="alert-link">
              {t.welcome.categories}
            </Link>
          </li>
        )}
        <li>
          <Link to="/admin/settings" className="alert-link">
            {t.welcome.settings}
          </Link>
        </li>
        <li>
          <Link to="/admin/add-article" className="alert-link">
            {stats.articles === 0 ? t.welcome.article : t.welcome.nextArticle}
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
  const t = useAdminCopy();
  const me = useOutletContext<SessionUser>();
  const [params] = useSearchParams();
  const welcome = params.get(WELCOME_PARAM) === '1' && hasRole(me.role, 'administrator');
  const { stats, own } = loaderData;
  return (
    <>
      <h1 className="h3 mb-4">{t.dashboard.title}</h1>
      {welcome && stats && (
        <Panel resolve={stats}>{(s) => <Welcome name={me.name} stats={s} />}</Panel>
      )}
      <Panel resolve={loaderData.dashboard}>{(d) => <MorningMeeting d={d} me={me} />}</Panel>
      {/* What needs the person now leads (issue 72 item 4); the desks and the totals follow. */}
      {hasRole(me.role, 'editor') && <BreakingDesk />}
      {hasRole(me.role, 'editor') && <PushDesk />}
      {hasRole(me.role, 'editor') && <NewsletterDesk />}
      {hasRole(me.role, 'editor') && <HouseAdsTotals />}
      {hasRole(me.role, 'administrator') && <MembersTotals />}
      {stats && (
        <Panel resolve={stats}>
          {(s) => (
            <div className="row g-3">
              <Counter label={t.dashboard.categories} value={s.categories} />
              <Counter
                label={t.dashboard.articles}
                value={s.articles}
                about={s.estimated.includes('total')}
              />
              <Counter
                label={t.dashboard.published}
                value={s.published}
                about={s.estimated.includes('published')}
              />
              <Counter
                label={t.dashboard.scheduledCount}
                value={s.scheduled}
                about={s.estimated.includes('scheduled')}
              />
              <Counter
                label={t.dashboard.drafts}
                value={s.drafts}
                about={s.estimated.includes('drafts')}
              />
              <Counter
                label={t.dashboard.users}
                value={s.users}
                about={s.estimated.includes('users')}
              />
              <Counter label={t.dashboard.views} value={s.views} />
            </div>
          )}
        </Panel>
      )}
      {own && (
        <Panel resolve={own}>
          {(n) => (
            <div className="row g-3">
              <Counter label={t.dashboard.yourArticles} value={n} />
              <p className="text-body-secondary">{me.name}</p>
            </div>
          )}
        </Panel>
      )}
      <Panel resolve={loaderData.dashboard}>{(d) => <ViewsChart days={d.viewsPerDay} />}</Panel>
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
