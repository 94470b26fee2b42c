import type { Column } from '../../components/admin/data-table';
import { AdminRouteError } from '../../components/admin/route-error';
import { Link, useOutletContext } from 'react-router';
import { hasRole } from '../../../common/roles';
import type { SessionUser } from '../../../common/services';
import type { SiteSettings } from '../../../common/settings';
import { DataTable } from '../../components/admin/data-table';
import { Pager } from '../../components/admin/pager';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../../features/api/admin-api';
import { pageParam } from '../../features/api/page-param';
import { useListPage } from '../../features/api/use-list-page';
import { adminListColumns, type AdminArticleRow } from '../../features/articles/admin-list-columns';
import { AdminListFilterForm, type Named } from '../../features/articles/admin-list-filters';
import { adminListApiPath, adminListFilters } from '../../features/articles/admin-list-query';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/articles';
import type { Edition } from '../../../common/schemas/editions';
import { EditionBulkBar, useSelection } from '../../features/articles/edition-bulk';

interface ListData {
  articles: AdminArticleRow[];
  currentPage: number;
  totalPages: number;
  totalArticles: number;
  estimated: boolean;
}

/**
 * The page, the title search, the filters and the order all live in the URL (issue 9 item 6),
 * so reloads, links and back/forward keep them.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireScreen(context, request, 'author');
  return { editor: hasRole(me.role, 'editor') };
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const { editor } = await serverLoader();
  const filters = adminListFilters(request.url);
  const [list, settings, categories, authors, editions] = await Promise.all([
    adminApi<ListData>(adminListApiPath(pageParam(request.url), filters)),
    adminApi<SiteSettings>('/api/settings'),
    adminApi<Named[]>('/api/categories'),
    // An author sees only their own articles: no author to choose.
    editor ? adminApi<Named[]>('/api/users/authors') : Promise.resolve([]),
    adminApi<Edition[]>('/api/editions').catch(() => [] as Edition[]),
  ]);
  // Times are shown in the site's zone (DECISIONS.md §11).
  return { ...list, timeZone: settings.timeZone, categories, authors, editions, filters };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const {
    articles,
    currentPage,
    totalPages,
    totalArticles,
    estimated,
    timeZone,
    categories,
    authors,
  } = loaderData;
  const { filters, editions } = loaderData;
  const me = useOutletContext<SessionUser>();
  const ui = useAdminInterface();
  const { t } = ui;
  const list = useListPage({ currentPage, rowsOnPage: articles.length });
  // Editors place the selected stories in editions, or take them out (issue 65 item 2).
  const editor = hasRole(me.role, 'editor');
  const selection = useSelection(articles);

  const listed = adminListColumns({
    currentPage,
    timeZone,
    now: new Date(),
    ui,
    onDelete: (a) =>
      list.deleteAfterConfirm(
        t.articles.confirmDelete(a.name),
        `/api/articles/delete/${a._id}`,
        t.articles.deleted(a.name),
      ),
  });
  const columns = editor ? withBoxes(listed, selection.column) : listed;

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h1 className="h3 mb-0">{t.articles.title}</h1>
        <Link to="/admin/add-article" className="btn btn-primary">
          {t.articles.add}
        </Link>
      </div>
      <AdminListFilterForm
        filters={filters}
        categories={categories}
        authors={hasRole(me.role, 'editor') ? authors : []}
        editions={editions.map((e) => ({
          _id: e._id,
          name: ui.lang === 'hi' ? e.names.hi : e.names.en,
        }))}
      />
      <p className="small text-body-secondary mb-2" role="status">
        {estimated ? t.articles.foundAbout(totalArticles) : t.articles.found(totalArticles)}
      </p>
      {editor && (
        <EditionBulkBar
          selected={selection.selected}
          selectPage={selection.selectPage}
          editions={editions}
          onDone={async () => {
            selection.clear();
            await list.reload();
          }}
        />
      )}
      <DataTable columns={columns} rows={articles} empty={t.articles.empty} />
      <Pager page={currentPage} totalPages={totalPages} onPage={list.setPage} />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;

/** SPEC.md §2's columns stay as they are: an editor's selection box sits in the S.No. cell. */
function withBoxes(
  listed: Column<AdminArticleRow>[],
  box: Column<AdminArticleRow>,
): Column<AdminArticleRow>[] {
  const [serial, ...rest] = listed;
  if (!serial) return listed;
  const cell = (row: AdminArticleRow, i: number) => (
    <>
      <span className="me-2 d-none d-md-inline">{box.cell(row, i)}</span>
      {serial.cell(row, i)}
    </>
  );
  return [{ ...serial, cell }, ...rest];
}
