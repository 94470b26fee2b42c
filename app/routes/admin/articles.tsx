import { AdminRouteError } from '../../components/admin/route-error';
import { Form, Link, useOutletContext, useSearchParams, useSubmit } from 'react-router';
import {
  ADMIN_DEFAULT_SORT,
  ADMIN_SORTS,
  SEARCH_QUERY_MAX,
  type AdminSort,
} from '../../../common/articles';
import { articlePath } from '../../../common/paths';
import { hasRole } from '../../../common/roles';
import type { AdminArticleRowSchema } from '../../../common/schemas/articles';
import type { SessionUser } from '../../../common/services';
import type { SiteSettings } from '../../../common/settings';
import { formatZoned } from '../../../common/time-zone';
import { DataTable, serialNumber, type Column } from '../../components/admin/data-table';
import { Pager } from '../../components/admin/pager';
import { RowActions } from '../../components/admin/row-actions';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../../features/api/admin-api';
import { pageParam } from '../../features/api/page-param';
import { useListPage } from '../../features/api/use-list-page';
import {
  adminListApiPath,
  adminListFilters,
  type AdminListFilter,
} from '../../features/articles/admin-list-query';
import { statusBadge } from '../../features/articles/article-status';
import { openPreview } from '../../features/articles/open-preview';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/articles';
import type { z } from 'zod';

type Row = z.infer<typeof AdminArticleRowSchema>;
interface ListData {
  articles: Row[];
  currentPage: number;
  totalPages: number;
  totalArticles: number;
}
interface Named {
  _id: string;
  name: string;
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
  const [list, settings, categories, authors] = await Promise.all([
    adminApi<ListData>(adminListApiPath(pageParam(request.url), filters)),
    adminApi<SiteSettings>('/api/settings'),
    adminApi<Named[]>('/api/categories'),
    // An author sees only their own articles: no author to choose.
    editor ? adminApi<Named[]>('/api/users/authors') : Promise.resolve([]),
  ]);
  // Times are shown in the site's zone (DECISIONS.md §11).
  return { ...list, timeZone: settings.timeZone, categories, authors, filters };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p>{t.loading}</p>;
}

/** Where an article can be seen: its public address once out, else a signed preview. */
function SeeIt({ article, now }: { article: Row; now: Date }) {
  const out = article.status === 'published' && new Date(article.publishedAt) <= now;
  if (out)
    return (
      <a
        href={articlePath(article)}
        target="_blank"
        rel="noopener"
        className="btn btn-sm btn-outline-secondary"
        aria-label={t.articles.viewLabel(article.name)}
      >
        {t.articles.view}
      </a>
    );
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary"
      aria-label={t.articles.previewLabel(article.name)}
      onClick={() => void openPreview(article._id)}
    >
      {t.articles.preview}
    </button>
  );
}

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const { articles, currentPage, totalPages, totalArticles, timeZone, categories, authors } =
    loaderData;
  const { filters } = loaderData;
  const me = useOutletContext<SessionUser>();
  const list = useListPage({ currentPage, rowsOnPage: articles.length });
  const [params] = useSearchParams();
  const submit = useSubmit();
  const now = new Date();
  const filtered = Object.keys(filters).some((key) => key !== 'sort');

  /*
   * Any change of a filter asks for page 1 again (the form has no page field) and leaves empty
   * fields out of the address, so it reads `?status=draft`, not `?q=&status=draft&…`.
   */
  const apply = (form: HTMLFormElement) => {
    const next = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      const text = String(value).trim();
      if (text && !(key === 'sort' && text === ADMIN_DEFAULT_SORT)) next.set(key, text);
    }
    void submit(next, { method: 'get' });
  };

  const columns: Column<Row>[] = [
    { header: t.articles.sno, cell: (_, index) => serialNumber(currentPage, index) },
    {
      header: t.articles.name,
      cell: (a) => (
        <>
          <span lang={a.language}>{a.name}</span>
          <div className="small text-body-secondary">
            {[a.category?.name, a.author?.name].filter(Boolean).join(' · ')}
          </div>
        </>
      ),
    },
    {
      header: t.articles.status,
      cell: (a) => {
        const badge = statusBadge(a, timeZone, now);
        return <span className={`badge bg-${badge.tone}`}>{badge.text}</span>;
      },
    },
    {
      header: t.articles.date,
      className: 'small',
      cell: (a) => (
        <>
          {a.status === 'published' && new Date(a.publishedAt) <= now && (
            <div>{t.articles.publishedOn(formatZoned(new Date(a.publishedAt), timeZone))}</div>
          )}
          <div className="text-body-secondary">
            {t.articles.updatedOn(formatZoned(new Date(a.updatedAt), timeZone))}
          </div>
        </>
      ),
    },
    {
      header: t.articles.views,
      className: 'text-end',
      cell: (a) => a.views.toLocaleString('en-IN'),
    },
    {
      header: t.articles.actions,
      className: 'text-nowrap',
      cell: (a) => (
        <div className="d-flex gap-2 align-items-center">
          <SeeIt article={a} now={now} />
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
        </div>
      ),
    },
  ];

  const select = (name: AdminListFilter, label: string, options: [string, string][]) => (
    <label className="col-6 col-md">
      <span className="form-label small d-block">{label}</span>
      <select
        name={name}
        defaultValue={filters[name] ?? (name === 'sort' ? ADMIN_DEFAULT_SORT : '')}
        className="form-select form-select-sm"
        onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h1 className="h3 mb-0">{t.articles.title}</h1>
        <Link to="/admin/add-article/" className="btn btn-primary">
          {t.articles.add}
        </Link>
      </div>
      {/*
       * Titles are matched as readers' search matches them (any Hindi spelling, Latin letters).
       * Keyed by the address, so back/forward shows the filters of the page it comes to.
       */}
      <Form
        method="get"
        role="search"
        aria-label={t.articles.filters}
        className="mb-3"
        key={params.toString()}
        onSubmit={(event) => {
          event.preventDefault();
          apply(event.currentTarget);
        }}
      >
        <div className="d-flex gap-2 mb-2">
          <input
            type="search"
            name="q"
            defaultValue={filters.q ?? ''}
            maxLength={SEARCH_QUERY_MAX}
            className="form-control"
            aria-label={t.articles.searchLabel}
            placeholder={t.articles.searchLabel}
          />
          <button type="submit" className="btn btn-outline-primary">
            {t.articles.search}
          </button>
          {filtered && (
            <Link to="/admin/articles" className="btn btn-link text-nowrap">
              {t.articles.clearSearch}
            </Link>
          )}
        </div>
        <div className="row g-2">
          {select('status', t.articles.statusFilter, [
            ['', t.articles.anyStatus],
            ['draft', t.articles.draft],
            ['pending', t.articles.pending],
            ['published', t.articles.published],
            ['scheduled', t.articles.scheduledFilter],
          ])}
          {select('categoryId', t.articles.categoryFilter, [
            ['', t.articles.anyCategory],
            ...categories.map((c): [string, string] => [c._id, c.name]),
          ])}
          {hasRole(me.role, 'editor') &&
            authors.length > 0 &&
            select('authorId', t.articles.authorFilter, [
              ['', t.articles.anyAuthor],
              ...authors.map((a): [string, string] => [a._id, a.name]),
            ])}
          {select('language', t.articles.languageFilter, [
            ['', t.articles.anyLanguage],
            ['hi', t.articles.hindi],
            ['en', t.articles.english],
          ])}
          {select(
            'sort',
            t.articles.sortBy,
            ADMIN_SORTS.map((s: AdminSort): [string, string] => [s, t.articles.sorts[s]]),
          )}
        </div>
      </Form>
      <p className="small text-body-secondary mb-2" role="status">
        {t.articles.found(totalArticles)}
      </p>
      <DataTable columns={columns} rows={articles} empty={t.articles.empty} />
      <Pager page={currentPage} totalPages={totalPages} onPage={list.setPage} />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
