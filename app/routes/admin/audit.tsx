/*
 * The audit trail for administrators (issue 40 item 6): who did what, filtered by action, by
 * person (a name in the list filters by them) and by dates, paged, and downloadable as CSV.
 * The filters live in the address, so a filtered view can be reloaded and shared.
 */
import { Form, Link, useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../common/schemas/audit';
import { FilterSelect } from '../../components/admin/filter-select';
import { Field } from '../../components/field';
import { AdminRouteError } from '../../components/admin/route-error';
import { DataTable, type Column } from '../../components/admin/data-table';
import { Pager } from '../../components/admin/pager';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../../features/api/admin-api';
import { pageParam } from '../../features/api/page-param';
import { useListPage } from '../../features/api/use-list-page';
import { deviceOf } from '../../features/session/device-of';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/audit';

const PAGE_SIZE = 50;
const ACTIONS = Object.keys(AUDIT_ACTIONS) as AuditAction[];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The API's query for the screen's address: its filters, a day's start and end in local time. */
export function auditQuery(url: string, format?: 'csv'): string {
  const given = new URL(url).searchParams;
  const query = new URLSearchParams();
  const action = given.get('action');
  if (action && (ACTIONS as string[]).includes(action)) query.set('action', action);
  const actor = given.get('actor');
  if (actor && /^[0-9a-f-]{36}$/i.test(actor)) query.set('actor', actor);
  const from = given.get('from');
  if (from && DATE.test(from)) query.set('from', new Date(`${from}T00:00:00`).toISOString());
  const to = given.get('to');
  if (to && DATE.test(to)) query.set('to', new Date(`${to}T23:59:59.999`).toISOString());
  if (format) query.set('format', format);
  else {
    query.set('page', String(pageParam(url)));
    query.set('limit', String(PAGE_SIZE));
  }
  return query.toString();
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'administrator');
  return null;
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  const page = await adminApi<{ entries: AuditEntry[]; currentPage: number; totalPages: number }>(
    `/api/audit?${auditQuery(request.url)}`,
  );
  return { ...page, csv: `/api/audit?${auditQuery(request.url, 'csv')}` };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useAdminInterface();
  const { entries, currentPage, totalPages, csv } = loaderData;
  const list = useListPage({ currentPage, rowsOnPage: entries.length });
  const [params] = useSearchParams();
  const actorFilter = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('actor', id);
    next.delete('page');
    return `?${next.toString()}`;
  };
  const columns: Column<AuditEntry>[] = [
    {
      header: t.audit.at,
      cell: (e) =>
        new Date(e.at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    },
    {
      header: t.audit.actor,
      cell: (e) =>
        e.actor ? (
          <Link to={actorFilter(e.actor._id)} title={t.audit.byActor(e.actor.name)}>
            {e.actor.name || e.actor._id}
          </Link>
        ) : (
          <span className="text-muted">{t.audit.nobody}</span>
        ),
    },
    { header: t.audit.action, cell: (e) => t.audit.actions[e.action] },
    { header: t.audit.subject, cell: (e) => e.subject.name || e.subject.id },
    { header: t.audit.ip, cell: (e) => e.ip },
    {
      // Named as /profile names a session; the stored agent in full on hover.
      header: t.audit.browser,
      cell: (e) => (
        <small className="text-break" title={e.userAgent}>
          {deviceOf(e.userAgent) ?? e.userAgent}
        </small>
      ),
    },
    {
      header: t.audit.details,
      cell: (e) =>
        Object.keys(e.details).length > 0 ? <code>{JSON.stringify(e.details)}</code> : null,
    },
  ];
  return (
    <>
      <h1 className="h3 mb-2">{t.audit.title}</h1>
      <p className="text-muted">{t.audit.intro}</p>
      <AuditFilters />
      <p>
        <a href={csv} className="btn btn-outline-secondary btn-sm" download>
          {t.audit.downloadCsv}
        </a>
      </p>
      <DataTable columns={columns} rows={entries} empty={t.audit.none} />
      <Pager page={currentPage} totalPages={totalPages} onPage={list.setPage} />
    </>
  );
}

/** The filters: an action, and the days from and to (a person's filter is kept as it is). */
function AuditFilters() {
  const t = useAdminCopy();
  const [params] = useSearchParams();
  return (
    <Form method="get" className="row g-2 align-items-end mb-3">
      {params.get('actor') && <input type="hidden" name="actor" value={params.get('actor')!} />}
      <FilterSelect
        id="audit-action"
        name="action"
        label={t.audit.action}
        any={t.audit.anyAction}
        options={ACTIONS.map((a) => [a, t.audit.actions[a]] as const)}
      />
      {(['from', 'to'] as const).map((bound) => (
        <Field key={bound} id={`audit-${bound}`} label={t.audit[bound]} className="col-md-3">
          <input
            id={`audit-${bound}`}
            type="date"
            name={bound}
            className="form-control"
            defaultValue={params.get(bound) ?? ''}
          />
        </Field>
      ))}
      <div className="col-md-2 d-flex gap-2">
        <button type="submit" className="btn btn-primary">
          {t.audit.filter}
        </button>
        <Link to="/admin/audit" className="btn btn-outline-secondary">
          {t.audit.clear}
        </Link>
      </div>
    </Form>
  );
}

export const ErrorBoundary = AdminRouteError;
