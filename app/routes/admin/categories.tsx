import { AdminRouteError } from '../../components/admin/route-error';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ADMIN_PAGE_SIZE } from '../../../common/articles';
import type { Category } from '../../../common/schemas/categories';
import { DataTable, serialNumber, type Column } from '../../components/admin/data-table';
import { Pager } from '../../components/admin/pager';
import { RowActions } from '../../components/admin/row-actions';
import { requireScreen } from '../../features/session/screen-guard';
import { useAdminCopy } from '../../copy/admin-language';
import { adminApi } from '../../features/api/admin-api';
import {
  CategoryModal,
  draftOf,
  EMPTY_CATEGORY,
  type CategoryDraft,
} from '../../features/categories/category-modal';
import { pageParam } from '../../features/api/page-param';
import { useListPage } from '../../features/api/use-list-page';
import type { Route } from './+types/categories';

interface ListData {
  categories: Category[];
  currentPage: number;
  totalPages: number;
}

/** The page, and every category (the parents' names, the parent select's choices). */
interface ScreenData extends ListData {
  all: Category[];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'editor');
  return null;
}

export async function clientLoader({
  request,
  serverLoader,
}: Route.ClientLoaderArgs): Promise<ScreenData> {
  await serverLoader();
  const page = pageParam(request.url);
  const [list, all] = await Promise.all([
    adminApi<ListData>(`/api/categories/admin-categories?page=${page}&limit=${ADMIN_PAGE_SIZE}`),
    adminApi<Category[]>('/api/categories'),
  ]);
  return { ...list, all };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

/** Category listing with Add/Edit modals (SPEC.md §2, §4, §5). */
export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const t = useAdminCopy();
  const { categories, currentPage, totalPages, all } = loaderData;
  const nameOf = new Map(all.map((c) => [c._id, c.name]));
  const list = useListPage({ currentPage, rowsOnPage: categories.length });
  const [modal, setModal] = useState({ open: false, opened: 0, draft: EMPTY_CATEGORY });
  const openModal = (draft: CategoryDraft) =>
    setModal((m) => ({ open: true, opened: m.opened + 1, draft }));

  const columns: Column<Category>[] = [
    { header: t.categories.sno, cell: (_, index) => serialNumber(currentPage, index) },
    { header: t.categories.name, cell: (c) => c.name },
    {
      header: t.categories.parent,
      cell: (c) => (c.parentId ? (nameOf.get(c.parentId) ?? '') : '—'),
    },
    { header: t.categories.isHome, cell: (c) => (c.isHome ? t.categories.yes : t.categories.no) },
    {
      header: t.categories.actions,
      className: 'text-nowrap',
      cell: (c) => (
        <RowActions
          name={c.name}
          edit={() => openModal(draftOf(c))}
          // A category that still has articles or sections is refused; the server says which.
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
        <button type="button" className="btn btn-primary" onClick={() => openModal(EMPTY_CATEGORY)}>
          {t.categories.add}
        </button>
      </div>
      <DataTable columns={columns} rows={categories} empty={t.categories.empty} />
      <Pager page={currentPage} totalPages={totalPages} onPage={list.setPage} />
      <CategoryModal
        {...modal}
        parents={all}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        onSaved={async () => {
          setModal((m) => ({ ...m, open: false }));
          await list.reload();
          toast.success(t.categories.saved);
        }}
      />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
