import { AdminRouteError } from '../../components/admin/route-error';
import { Suspense, type ReactNode } from 'react';
import { Await, Link, useOutletContext, useSearchParams } from 'react-router';
import { hasRole } from '../../../common/roles';
import type { Dashboard as DashboardNumbers, Stats } from '../../../common/schemas/stats';
import { formatZoned } from '../../../common/time-zone';
import type { SessionUser } from '../../../common/services';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../../features/api/admin-api';
import { BreakingDesk } from '../../features/breaking/breaking-desk';
import { PushDesk } from '../../features/push/push-desk';
import { HouseAdsTotals } from '../../features/ads/house-ads-totals';
import { MembersTotals } from '../../features/members/members-totals';
import { NewsletterDesk } from '../../features/newsletters/newsletter-desk';
import { requireScreen } from '../../features/session/screen-guard';
import { WELCOME_PARAM } from '../../features/session/use-sign-in';
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

function Counter({ label, value, about }: { label: string; value: number; about?: boolean }) {
  const { locale } = useAdminInterface();
  const t = useAdminCopy();
  const shown = value.toLocaleString(locale);
  return (
    <div className="col-6 col-lg-4 col-xl-2">
      <div className="card text-center h-100">
        <div className="card-body">
          <div className="display-6 fw-bold" data-testid={`count-${label.toLowerCase()}`}>
            {about ? t.dashboard.about(shown) : shown}
          </div>
          <div className="text-body-secondary">{label}</div>
        </div>
      </div>
    </div>
  );
}

/** Views per day as bars: an SVG, no chart library. */
function ViewsChart({ days }: { days: Stats['viewsPerDay'] }) {
  const t = useAdminCopy();
  if (days.every((d) => d.views === 0))
    return (
      <figure className="card card-body mt-4">
        <figcaption className="h6">{t.dashboard.chart}</figcaption>
        <p className="text-body-secondary mb-0">{t.dashboard.noViews}</p>
      </figure>
    );
  const max = Math.max(1, ...days.map((d) => d.views));
  const width = 600;
  const height = 160;
  const bar = width / days.length;
  return (
    // The caption is the figure's own child (HTML's content model): the card is its body too.
    <figure className="card card-body mt-4">
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
    </figure>
  );
}

type ListRow = DashboardNumbers['drafts']['articles'][number];

/** One of the morning meeting's lists, with a link to all of them in the filtered article list. */
function ArticleList({
  id,
  title,
  empty,
  list,
  all,
  line,
}: {
  id: string;
  title: string;
  empty: string;
  list: DashboardNumbers['drafts'];
  all: string;
  line: (a: ListRow) => string;
}) {
  const t = useAdminCopy();
  return (
    <section className="col-12 col-lg-6" aria-labelledby={id}>
      <div className="card h-100">
        <div className="card-body">
          <h2 id={id} className="h6">
            {title}
          </h2>
          {list.articles.length === 0 ? (
            <p className="text-body-secondary mb-0">{empty}</p>
          ) : (
            <ul className="list-unstyled mb-0">
              {list.articles.map((a) => (
                <li key={a._id} className="mb-2">
                  <Link to={`/admin/edit-article/${a._id}`} lang={a.language}>
                    {a.name}
                  </Link>
                  <div className="small text-body-secondary">{line(a)}</div>
                </li>
              ))}
            </ul>
          )}
          {list.total > list.articles.length && (
            <Link to={all} className="small">
              {t.dashboard.seeAll(list.total)}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * The morning meeting (issue 9 item 9): what waits for review and what is scheduled first, then
 * what is read now (the week's top 10) and the drafts, then the views (issue 72 item 4).
 */
function MorningMeeting({ d, me }: { d: DashboardNumbers; me: SessionUser }) {
  const { t, lang, locale } = useAdminInterface();
  const when = (iso: string) => formatZoned(new Date(iso), d.timeZone, lang);
  const byline = (a: ListRow) => (a.author ? `${t.dashboard.by(a.author.name)} · ` : '');
  return (
    <>
      <p className="text-body-secondary">
        {d.scope === 'site' ? t.dashboard.siteScope : t.dashboard.ownScope}
      </p>
      <div className="row g-3 mb-3">
        <ArticleList
          id="dash-review"
          title={t.dashboard.reviewQueue}
          empty={t.dashboard.reviewEmpty}
          list={d.reviewQueue}
          all="/admin/articles?status=pending&sort=updated"
          line={(a) => `${byline(a)}${t.articles.updatedOn(when(a.updatedAt))}`}
        />
        <ArticleList
          id="dash-scheduled"
          title={t.dashboard.scheduled}
          empty={t.dashboard.scheduledEmpty}
          list={d.scheduled}
          all="/admin/articles?status=scheduled&sort=published"
          line={(a) => `${byline(a)}${t.articles.scheduled(when(a.publishedAt))}`}
        />
        <section className="col-12 col-lg-6" aria-labelledby="dash-top">
          <div className="card h-100">
            <div className="card-body">
              <h2 id="dash-top" className="h6">
                {t.dashboard.top}
              </h2>
              {d.topArticles.length === 0 ? (
                <p className="text-body-secondary mb-0">{t.dashboard.topEmpty}</p>
              ) : (
                <ol className="mb-0">
                  {d.topArticles.map((a) => (
                    <li key={a._id}>
                      {a.path ? (
                        <a href={a.path} target="_blank" rel="noopener">
                          {a.name}
                        </a>
                      ) : (
                        a.name
                      )}{' '}
                      <span className="text-body-secondary small">
                        {`· ${t.dashboard.viewCount(a.views, locale)}`}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </div>
        </section>
        <ArticleList
          id="dash-drafts"
          title={t.dashboard.myDrafts}
          empty={t.dashboard.myDraftsEmpty}
          list={d.drafts}
          all={`/admin/articles?status=draft&authorId=${me._id}&sort=updated`}
          line={(a) => t.articles.updatedOn(when(a.updatedAt))}
        />
      </div>
      <div className="row g-3 mb-3">
        <Counter label={t.dashboard.viewsToday} value={d.views.today} />
        <Counter label={t.dashboard.views7} value={d.views.last7Days} />
        <Counter label={t.dashboard.views30} value={d.views.last30Days} />
      </div>
    </>
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
