import { RequireRole } from '../../components/admin/require-role';
import { AdminRouteError } from '../../components/admin/route-error';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useRevalidator, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ADMIN_PAGE_SIZE } from '../../../common/articles';
import type { Category } from '../../../common/schemas/categories';
import { Pager } from '../../components/admin/pager';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../../features/api/admin-api';
import { pageFromUrl } from '../../features/api/page-param';
import type { Route } from './+types/categories';

interface ListData {
  categories: Category[];
  currentPage: number;
  totalPages: number;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = pageFromUrl(request.url);
  return adminApi<ListData>(
    `/api/categories/admin-categories?page=${page}&limit=${ADMIN_PAGE_SIZE}`,
  );
}

export function HydrateFallback() {
  return <p>{t.loading}</p>;
}

interface Draft {
  _id?: string;
  name: string;
  description: string;
  isHome: boolean;
  slug: string;
}
const EMPTY: Draft = { name: '', description: '', isHome: false, slug: '' };

/** Category listing with Add/Edit modals (SPEC.md §2, §4, §5). */
function AdminCategoriesScreen({ loaderData }: Route.ComponentProps) {
  const { categories, currentPage, totalPages } = loaderData;
  const [, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => setDraft(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    try {
      const body = {
        name: draft.name,
        description: draft.description,
        isHome: draft.isHome,
        ...(draft.slug ? { slug: draft.slug } : {}),
      };
      if (draft._id)
        await adminApi('/api/categories/edit', {
          method: 'PUT',
          body: { _id: draft._id, ...body },
        });
      else await adminApi('/api/categories/addCategory', { method: 'POST', body });
      close();
      await revalidator.revalidate();
      toast.success(t.categories.saved);
    } catch (error) {
      toast.error(`Error: ${(error as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (c: Category) => {
    if (!window.confirm(t.categories.confirmDelete(c.name))) return;
    try {
      await adminApi(`/api/categories/delete/${c._id}`, { method: 'DELETE' });
      toast.success(t.categories.deleted(c.name));
      if (categories.length === 1 && currentPage > 1) setParams({ page: String(currentPage - 1) });
      else await revalidator.revalidate();
    } catch (error) {
      // A category that still has articles is refused; the server says how many (DECISIONS.md).
      toast.error((error as Error).message);
    }
  };

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h1 className="h3 mb-0">{t.categories.title}</h1>
        <button type="button" className="btn btn-primary" onClick={() => setDraft({ ...EMPTY })}>
          {t.categories.add}
        </button>
      </div>
      <div className="table-responsive">
        <table className="table table-striped align-middle bg-white">
          <thead>
            <tr>
              <th scope="col">{t.categories.sno}</th>
              <th scope="col">{t.categories.name}</th>
              <th scope="col">{t.categories.isHome}</th>
              <th scope="col">{t.categories.actions}</th>
            </tr>
          </thead>
          <tbody>
            {categories.length === 0 ? (
              <tr>
                <td colSpan={4}>{t.categories.empty}</td>
              </tr>
            ) : (
              categories.map((c, index) => (
                <tr key={c._id}>
                  <td>{(currentPage - 1) * ADMIN_PAGE_SIZE + index + 1}</td>
                  <td>{c.name}</td>
                  <td>{c.isHome ? t.categories.yes : t.categories.no}</td>
                  <td className="text-nowrap">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary me-2"
                      aria-label={`${t.articles.edit}: ${c.name}`}
                      onClick={() =>
                        setDraft({
                          _id: c._id,
                          name: c.name,
                          description: c.description,
                          isHome: c.isHome,
                          slug: c.slug,
                        })
                      }
                    >
                      {t.articles.edit}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={`${t.articles.delete}: ${c.name}`}
                      onClick={() => remove(c)}
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

      <Modal show={draft !== null} onHide={close} aria-labelledby="category-modal-title">
        <form onSubmit={save}>
          <Modal.Header closeButton>
            <Modal.Title id="category-modal-title">
              {draft?._id ? t.categories.edit : t.categories.add}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body className="vstack gap-3">
            <div>
              <label htmlFor="category-name" className="form-label">
                {t.categories.name}
              </label>
              <input
                id="category-name"
                className="form-control"
                required
                maxLength={100}
                value={draft?.name ?? ''}
                onChange={(e) => setDraft((d) => d && { ...d, name: e.target.value })}
              />
            </div>
            <div>
              <label htmlFor="category-description" className="form-label">
                {t.categories.description}
              </label>
              <textarea
                id="category-description"
                className="form-control"
                required
                rows={3}
                maxLength={2000}
                value={draft?.description ?? ''}
                onChange={(e) => setDraft((d) => d && { ...d, description: e.target.value })}
              />
            </div>
            <div>
              <label htmlFor="category-slug" className="form-label">
                {t.categories.slug}
              </label>
              <input
                id="category-slug"
                className="form-control"
                maxLength={120}
                value={draft?.slug ?? ''}
                onChange={(e) => setDraft((d) => d && { ...d, slug: e.target.value })}
              />
            </div>
            <div className="form-check">
              <input
                id="category-home"
                type="checkbox"
                className="form-check-input"
                checked={draft?.isHome ?? false}
                onChange={(e) => setDraft((d) => d && { ...d, isHome: e.target.checked })}
              />
              <label htmlFor="category-home" className="form-check-label">
                {t.categories.showOnHome}
              </label>
            </div>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={close}>
              {t.categories.cancel}
            </button>
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {t.categories.save}
            </button>
          </Modal.Footer>
        </form>
      </Modal>
    </>
  );
}

export const ErrorBoundary = AdminRouteError;

export default function AdminCategories(props: Parameters<typeof AdminCategoriesScreen>[0]) {
  return (
    <RequireRole min="editor">
      <AdminCategoriesScreen {...props} />
    </RequireRole>
  );
}
