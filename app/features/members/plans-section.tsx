/*
 * The plans on /admin/members (issue 39 item 4): every plan, on offer or withdrawn, a form to
 * make one or change one, and withdrawing one (PUT with `active: false`: its members keep it).
 */
import { useState, type FormEvent } from 'react';
import { RowActions } from '../../components/row-actions';
import { useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import type { Plan } from '../../../common/schemas/payments';
import { useAdminInterface } from '../../copy/admin-language';
import { memberAdminCopy } from '../../copy/member-admin';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';
import { money } from './money';
import { EMPTY_PLAN, PlanForm, planBodyOf, planDraftOf, type PlanDraft } from './plan-form';

export function PlansSection({ plans }: { plans: Plan[] }) {
  const { lang, say } = useAdminInterface();
  const t = memberAdminCopy[lang].plans;
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<PlanDraft>(EMPTY_PLAN);
  const [failure, setFailure] = useState<string | null>(null);

  const send = (d: PlanDraft) =>
    adminApi<Plan>(d._id ? `/api/plans/${d._id}` : '/api/plans', {
      method: d._id ? 'PUT' : 'POST',
      body: planBodyOf(d),
    });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await send(draft);
      setDraft(EMPTY_PLAN);
      toast.success(t.saved);
      await revalidator.revalidate();
    } catch (error) {
      setFailure(say(saidOf(error)));
    }
  };
  const withdraw = async (plan: Plan) => {
    if (!window.confirm(t.confirmDeactivate(plan.name))) return;
    try {
      await send({ ...planDraftOf(plan), active: false });
      toast.success(t.withdrawn);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
  };

  return (
    <section className="mb-4" aria-labelledby="plans-title">
      <h2 id="plans-title" className="h5">
        {t.title}
      </h2>
      <p className="text-muted">{t.intro}</p>
      <PlanForm
        t={t}
        draft={draft}
        set={(change) => setDraft((d) => ({ ...d, ...change }))}
        onSubmit={save}
        onCancel={() => setDraft(EMPTY_PLAN)}
        failure={failure}
      />
      <PlanList
        plans={plans}
        onEdit={(plan) => setDraft(planDraftOf(plan))}
        onWithdraw={withdraw}
      />
    </section>
  );
}

function PlanList({
  plans,
  onEdit,
  onWithdraw,
}: {
  plans: Plan[];
  onEdit: (plan: Plan) => void;
  onWithdraw: (plan: Plan) => void;
}) {
  const { lang, locale } = useAdminInterface();
  const t = memberAdminCopy[lang].plans;
  if (plans.length === 0) return <p>{t.empty}</p>;
  return (
    <div className="table-responsive">
      <table className="table align-middle" aria-label={t.title}>
        <thead>
          <tr>
            {[t.name, t.price, t.access, t.trialDays, t.state, ''].map((name, i) => (
              <th key={i} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => (
            <tr key={plan._id}>
              <td>{plan.name}</td>
              <td>{`${money(plan.amount, plan.currency, locale)} / ${t.intervals[plan.interval]}`}</td>
              <td>{t.accesses[plan.access]}</td>
              <td>{plan.trialDays.toLocaleString(locale)}</td>
              <td>{plan.active ? t.onOffer : t.withdrawnState}</td>
              <RowActions
                edit={{ label: t.edit, onClick: () => onEdit(plan) }}
                remove={
                  plan.active ? { label: t.deactivate, onClick: () => onWithdraw(plan) } : undefined
                }
              />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
