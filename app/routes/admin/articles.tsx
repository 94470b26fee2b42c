import { AdminRouteError } from '../../components/admin/route-error';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ADMIN_PAGE_SIZE } from '../../../common/articles';
import { Pager } from '../../components/admin/pager';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../../features/api/admin-api';
import { pageFromUrl } from '../../features/api/page-param';
import type { Route } from './+types/articles';

interface Row {
  _id: string;
  name: string;
  status: 'draft' | 'published';
}
interface ListData {
  articles: Row[];
  currentPage: number;
  totalPages: number;
  totalArticles: number;
}

/** The page lives in the URL (?page=N), so reloads and links keep it. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = pageFromUrl(request.url);
  return adminApi<ListData>(`/api/articles/admin-article?page=${page}&limit=${ADMIN_PAGE_SIZE}`);
}

export function HydrateFallback() {
  return <p>{t.loading}</p>;
}

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const { articles, currentPage, totalPages } = loaderData;
  const [, setParams] = useSearchParams();
  const revalidator = useRevalidator();

  const remove = async (row: Row) => {
    if (!window.confirm(t.articles.confirmDelete(row.name))) return;
    try {
      await adminApi(`/api/articles/delete/${row._id}`, { method: 'DELETE' });
      toast.success(t.articles.deleted(row.name));
      // The last row of the last page: go back a page.
      if (articles.length === 1 && currentPage > 1) setParams({ page: String(currentPage - 1) });
      else await revalidator.revalidate();
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h1 className="h3 mb-0">{t.articles.title}</h1>
        <Link to="/admin/add-article/" className="btn btn-primary">
          {t.articles.add}
        </Link>
      </div>
      <div className="table-responsive">
        <table className="table table-striped align-middle bg-white">
          <thead>
            <tr>
              <th scope="col">{t.articles.sno}</th>
              <th scope="col">{t.articles.name}</th>
              <th scope="col">{t.articles.status}</th>
              <th scope="col">{t.articles.actions}</th>
            </tr>
          </thead>
          <tbody>
            {articles.length === 0 ? (
              <tr>
                <td colSpan={4}>{t.articles.empty}</td>
              </tr>
            ) : (
              articles.map((a, index) => (
                <tr key={a._id}>
                  <td>{(currentPage - 1) * ADMIN_PAGE_SIZE + index + 1}</td>
                  <td>{a.name}</td>
                  <td>
                    <span
                      className={`badge ${a.status === 'published' ? 'bg-success' : 'bg-secondary'}`}
                    >
                      {a.status === 'published' ? t.articles.published : t.articles.draft}
                    </span>
                  </td>
                  <td className="text-nowrap">
                    <Link
                      to={`/admin/edit-article/${a._id}`}
                      className="btn btn-sm btn-outline-primary me-2"
                      aria-label={`${t.articles.edit}: ${a.name}`}
                    >
                      {t.articles.edit}
                    </Link>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      onClick={() => remove(a)}
                      aria-label={`${t.articles.delete}: ${a.name}`}
                    >
                      {t.articles.delete}
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        page={currentPage}
        totalPages={totalPages}
        onPage={(n) => setParams({ page: String(n) })}
      />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
