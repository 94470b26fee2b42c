import { RequireRole } from '../../components/admin/require-role';
import { AdminRouteError } from '../../components/admin/route-error';
import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import Modal from 'react-bootstrap/Modal';
import { toast } from 'react-toastify';
import { ADMIN_PAGE_SIZE } from '../../../common/articles';
import type { Category } from '../../../common/schemas/categories';
import { DataTable, serialNumber, type Column } from '../../components/admin/data-table';
import { Field } from '../../components/field';
import { TextField } from '../../components/text-field';
import { Pager } from '../../components/admin/pager';
import { RowActions } from '../../components/admin/row-actions';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../../features/api/admin-api';
import { pageFromUrl } from '../../features/api/page-param';
import { useListPage } from '../../features/api/use-list-page';
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
  const list = useListPage({ currentPage, rowsOnPage: categories.length });
  const [draft, setDraft] = useState<Draft | null>(null);

  const columns: Column<Category>[] = [
    { header: t.categories.sno, cell: (_, index) => serialNumber(currentPage, index) },
    { header: t.categories.name, cell: (c) => c.name },
    { header: t.categories.isHome, cell: (c) => (c.isHome ? t.categories.yes : t.categories.no) },
    {
      header: t.categories.actions,
      className: 'text-nowrap',
      cell: (c) => (
        <RowActions
          name={c.name}
          edit={() =>
            setDraft({
              _id: c._id,
              name: c.name,
              description: c.description,
              isHome: c.isHome,
              slug: c.slug,
            })
          }
          // A category that still has articles is refused; the server says how many.
          onDelete={() =>
            list.deleteAfterConfirm(
              t.categories.confirmDelete(c.name),
              `/api/categories/delete/${c._id}`,
              t.categories.deleted(c.name),
            )
          }
        />
      ),
    },
  ];

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h1 className="h3 mb-0">{t.categories.title}</h1>
        <button type="button" className="btn btn-primary" onClick={() => setDraft({ ...EMPTY })}>
          {t.categories.add}
        </button>
      </div>
      <DataTable columns={columns} rows={categories} empty={t.categories.empty} />
      <Pager page={currentPage} totalPages={totalPages} onPage={list.setPage} />
      <CategoryModal
        draft={draft}
        setDraft={setDraft}
        onSaved={async () => {
          setDraft(null);
          await list.reload();
          toast.success(t.categories.saved);
        }}
      />
    </>
  );
}

/** Add or edit one category; `draft` null is closed. */
function CategoryModal({
  draft,
  setDraft,
  onSaved,
}: {
  draft: Draft | null;
  setDraft: Dispatch<SetStateAction<Draft | null>>;
  onSaved: () => Promise<void>;
}) {
  const [saving, setSaving] = useState(false);
  const close = () => setDraft(null);
  const change = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => d && { ...d, [key]: value });

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
      await onSaved();
    } catch (error) {
      toast.error(`Error: ${(error as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal show={draft !== null} onHide={close} aria-labelledby="category-modal-title">
      <form onSubmit={save}>
        <Modal.Header closeButton>
          <Modal.Title id="category-modal-title">
            {draft?._id ? t.categories.edit : t.categories.add}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="vstack gap-3">
          <TextField
            id="category-name"
            label={t.categories.name}
            required
            maxLength={100}
            value={draft?.name ?? ''}
            onChange={(e) => change('name', e.target.value)}
          />
          <Field id="category-description" label={t.categories.description}>
            <textarea
              id="category-description"
              className="form-control"
              required
              rows={3}
              maxLength={2000}
              value={draft?.description ?? ''}
              onChange={(e) => change('description', e.target.value)}
            />
          </Field>
          <TextField
            id="category-slug"
            label={t.categories.slug}
            maxLength={120}
            value={draft?.slug ?? ''}
            onChange={(e) => change('slug', e.target.value)}
          />
          <div className="form-check">
            <input
              id="category-home"
              type="checkbox"
              className="form-check-input"
              checked={draft?.isHome ?? false}
              onChange={(e) => change('isHome', e.target.checked)}
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
