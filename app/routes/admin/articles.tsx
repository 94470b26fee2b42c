import { AdminRouteError } from '../../components/admin/route-error';
import { Form, Link, useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE, SEARCH_QUERY_MAX } from '../../../common/articles';
import { DataTable, serialNumber, type Column } from '../../components/admin/data-table';
import { Pager } from '../../components/admin/pager';
import { RowActions } from '../../components/admin/row-actions';
import { requireScreen } from '../../features/session/screen-guard';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../../features/api/admin-api';
import { pageParam } from '../../features/api/page-param';
import { useListPage } from '../../features/api/use-list-page';
import type { Route } from './+types/articles';
import type { ArticleStatus } from '../../../common/articles';
import type { SiteSettings } from '../../../common/settings';
import { statusBadge } from '../../features/articles/article-status';

interface Row {
  _id: string;
  name: string;
  status: ArticleStatus;
  publishedAt: string;
}
interface ListData {
  articles: Row[];
  currentPage: number;
  totalPages: number;
  totalArticles: number;
}

/** The page lives in the URL (?page=N), so reloads and links keep it. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'author');
  return null;
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  const page = pageParam(request.url);
  const q = new URL(request.url).searchParams.get('q')?.trim();
  const [list, settings] = await Promise.all([
    adminApi<ListData>(
      `/api/articles/admin-article?page=${page}&limit=${ADMIN_PAGE_SIZE}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
    ),
    adminApi<SiteSettings>('/api/settings'),
  ]);
  // Scheduled times are shown in the site's zone (DECISIONS.md §11).
  return { ...list, timeZone: settings.timeZone };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p>{t.loading}</p>;
}

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const { articles, currentPage, totalPages, timeZone } = loaderData;
  const list = useListPage({ currentPage, rowsOnPage: articles.length });
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';

  const columns: Column<Row>[] = [
    { header: t.articles.sno, cell: (_, index) => serialNumber(currentPage, index) },
    { header: t.articles.name, cell: (a) => a.name },
    {
      header: t.articles.status,
      cell: (a) => {
        const badge = statusBadge(a, timeZone);
        return <span className={`badge bg-${badge.tone}`}>{badge.text}</span>;
      },
    },
    {
      header: t.articles.actions,
      className: 'text-nowrap',
      cell: (a) => (
        <RowActions
          name={a.name}
          edit={`/admin/edit-article/${a._id}`}
          onDelete={() =>
            list.deleteAfterConfirm(
              t.articles.confirmDelete(a.name),
              `/api/articles/delete/${a._id}`,
              t.articles.deleted(a.name),
            )
          }
        />
      ),
    },
  ];

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h1 className="h3 mb-0">{t.articles.title}</h1>
        <Link to="/admin/add-article/" className="btn btn-primary">
          {t.articles.add}
        </Link>
      </div>
      {/* Titles are matched as readers' search matches them (any Hindi spelling, Latin letters). */}
      <Form method="get" role="search" className="d-flex gap-2 mb-3" key={q}>
        <input
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_QUERY_MAX}
          className="form-control"
          aria-label={t.articles.searchLabel}
          placeholder={t.articles.searchLabel}
        />
        <button type="submit" className="btn btn-outline-primary">
          {t.articles.search}
        </button>
        {q && (
          <Link to="/admin/articles" className="btn btn-link text-nowrap">
            {t.articles.clearSearch}
          </Link>
        )}
      </Form>
      <DataTable columns={columns} rows={articles} empty={t.articles.empty} />
      <Pager page={currentPage} totalPages={totalPages} onPage={list.setPage} />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
