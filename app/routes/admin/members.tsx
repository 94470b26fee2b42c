/*
 * Members for administrators (issue 39 item 4): the dashboard's figures (active members, trials,
 * those behind on payment, complimentary ones, monthly recurring revenue), and the members list
 * filtered by status, downloadable as CSV, with "End" on a complimentary one; giving a
 * complimentary membership, and the plans (made, changed, withdrawn). The filter lives in the
 * address.
 */
import { Form, Link } from 'react-router';
import {
  MEMBERSHIP_STATUSES,
  type Member,
  type MembersSummary,
  type Plan,
} from '../../../common/schemas/payments';
import { FilterSelect } from '../../components/admin/filter-select';
import { AdminRouteError } from '../../components/admin/route-error';
import { DataTable, type Column } from '../../components/admin/data-table';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../../features/api/admin-api';
import { EndComplimentary } from '../../features/members/end-complimentary';
import { GiveComplimentary } from '../../features/members/give-complimentary';
import { membersQuery } from '../../features/members/members-query';
import { money } from '../../features/members/money';
import { PlansSection } from '../../features/members/plans-section';
import { memberAdminCopy } from '../../copy/member-admin';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/members';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'administrator');
  return null;
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  const [members, summary, plans] = await Promise.all([
    adminApi<Member[]>(`/api/members?${membersQuery(request.url)}`),
    adminApi<MembersSummary>('/api/members/summary'),
    adminApi<Plan[]>('/api/plans/admin-plans'),
  ]);
  return { members, summary, plans, csv: `/api/members?${membersQuery(request.url, 'csv')}` };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

function Figures({ summary }: { summary: MembersSummary }) {
  const { t, locale } = useAdminInterface();
  const revenue = summary.monthlyRecurringRevenue
    .map((m) => money(m.amount, m.currency, locale))
    .join(' + ');
  const figures: [string, string][] = [
    [t.members.activeMembers, summary.activeMembers.toLocaleString(locale)],
    [t.members.trialing, summary.trialing.toLocaleString(locale)],
    [t.members.pastDue, summary.pastDue.toLocaleString(locale)],
    [t.members.complimentary, summary.complimentary.toLocaleString(locale)],
    [t.members.mrr, revenue || t.members.noRevenue],
  ];
  return (
    <dl className="row g-3 mb-4">
      {figures.map(([label, value]) => (
        <div key={label} className="col-6 col-md">
          <dt className="small text-muted fw-normal">{label}</dt>
          <dd className="h4 mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { t, lang, locale } = useAdminInterface();
  const { members, summary, plans, csv } = loaderData;

  const day = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' }) : '';
  const rows = members.map((m) => ({ ...m, _id: m.userId }));
  const columns: Column<Member & { _id: string }>[] = [
    { header: t.members.name, cell: (m) => m.name },
    { header: t.members.email, cell: (m) => m.email },
    {
      header: t.members.status,
      cell: (m) => (
        <>
          {t.members.statuses[m.status]}
          {m.flag && (
            <span className="d-block small text-danger" title={m.flag.code}>
              {memberAdminCopy[lang].flags[m.flag.code] ?? memberAdminCopy[lang].flagged} (
              {day(m.flag.at)})
            </span>
          )}
        </>
      ),
    },
    {
      header: t.members.plan,
      cell: (m) =>
        m.plan ? `${m.plan.name} (${money(m.plan.amount, m.plan.currency, locale)})` : '',
    },
    {
      header: t.members.provider,
      cell: (m) => (m.provider ? t.members.providers[m.provider] : ''),
    },
    {
      header: t.members.until,
      cell: (m) =>
        `${day(m.currentPeriodEnd)}${m.cancelAtPeriodEnd ? ` (${t.members.endsAtPeriodEnd})` : ''}`,
    },
    { header: t.members.since, cell: (m) => day(m.since) },
    { header: memberAdminCopy[lang].actions, cell: (m) => <EndComplimentary member={m} /> },
  ];
  return (
    <>
      <h1 className="h3 mb-2">{t.members.title}</h1>
      <p className="text-muted">{t.members.intro}</p>
      <Figures summary={summary} />
      <GiveComplimentary plans={plans} />
      <Form method="get" className="row g-2 align-items-end mb-3">
        <FilterSelect
          id="members-status"
          name="status"
          label={t.members.status}
          any={t.members.anyStatus}
          options={MEMBERSHIP_STATUSES.map((s) => [s, t.members.statuses[s]] as const)}
        />
        <div className="col-md-4 d-flex gap-2">
          <button type="submit" className="btn btn-primary">
            {t.members.filter}
          </button>
          <a href={csv} className="btn btn-outline-secondary" download>
            {t.members.downloadCsv}
          </a>
        </div>
      </Form>
      <DataTable columns={columns} rows={rows} empty={t.members.none} />
      <PlansSection plans={plans} />
      <p>
        <Link to="/admin/audit">{t.nav.audit}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
