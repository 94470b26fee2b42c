/** The dashboard's morning meeting (issue 9 item 9): the lists a desk starts its day with. */
import { Link } from 'react-router';
import type { Dashboard as DashboardNumbers } from '../../../common/schemas/stats';
import type { SessionUser } from '../../../common/services';
import { formatZoned } from '../../../common/time-zone';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { Counter } from './dashboard-panels';

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
export function MorningMeeting({ d, me }: { d: DashboardNumbers; me: SessionUser }) {
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
