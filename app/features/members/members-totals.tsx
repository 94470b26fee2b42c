import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { MembersSummary } from '../../../common/schemas/payments';
import { useAdminInterface } from '../../copy/admin-language';
import { memberAdminCopy } from '../../copy/member-admin';
import { adminApi } from '../api/admin-api';
import { money } from './money';

/**
 * Members on the dashboard (issue 39 item 4): active members and monthly recurring revenue
 * from GET /api/members/summary, linked to the members screen. Administrators only: the
 * dashboard shows it to no other role, and shows nothing if the figures do not come.
 */
export function MembersTotals() {
  const { lang, locale } = useAdminInterface();
  const t = memberAdminCopy[lang].dashboard;
  const [summary, setSummary] = useState<MembersSummary>();
  useEffect(() => {
    adminApi<MembersSummary>('/api/members/summary').then(setSummary, () => {});
  }, []);
  if (!summary) return null;
  const revenue = summary.monthlyRecurringRevenue
    .map((m) => money(m.amount, m.currency, locale))
    .join(' + ');
  return (
    <section className="mb-3" aria-labelledby="dashboard-members">
      <h2 id="dashboard-members" className="h5">
        <Link to="/admin/members">{t.title}</Link>
      </h2>
      <dl className="row g-3 mb-0">
        <div className="col-6 col-md-3">
          <dt className="small text-muted fw-normal">{t.activeMembers}</dt>
          <dd className="h4 mb-0" data-testid="dashboard-active-members">
            {summary.activeMembers.toLocaleString(locale)}
          </dd>
        </div>
        <div className="col-6 col-md-3">
          <dt className="small text-muted fw-normal">{t.mrr}</dt>
          <dd className="h4 mb-0">{revenue || money(0, 'INR', locale)}</dd>
        </div>
      </dl>
    </section>
  );
}
