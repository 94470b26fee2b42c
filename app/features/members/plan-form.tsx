/*
 * A plan's form on /admin/members (issue 39 item 4): one form for a new plan or the one being
 * changed. The price is typed in rupees (the currency's main unit) and sent in paise; the server
 * checks the body with PlanInputSchema and answers what is wrong, by code.
 */
import type { FormEvent } from 'react';
import { Check } from '../../components/check';
import { Field } from '../../components/field';
import { FormEnd } from '../../components/form-end';
import {
  PLAN_ACCESS,
  PLAN_INTERVALS,
  type Plan,
  type PlanInput,
} from '../../../common/schemas/payments';
import type { MemberAdminCopy } from '../../copy/member-admin';
import { toMajor, toMinor } from './money';

/** What the form holds: the wire's fields as the inputs write them. */
export interface PlanDraft {
  _id?: string;
  name: string;
  interval: Plan['interval'];
  amount: string;
  currency: string;
  trialDays: string;
  access: Plan['access'];
  active: boolean;
  /** Whether it includes the e-paper, and how many days back (empty: every issue). */
  epaper: boolean;
  epaperDays: string;
}

export const EMPTY_PLAN: PlanDraft = {
  name: '',
  interval: 'month',
  amount: '',
  currency: 'INR',
  trialDays: '0',
  access: 'members',
  active: true,
  epaper: false,
  epaperDays: '',
};

export const planDraftOf = (plan: Plan): PlanDraft => ({
  _id: plan._id,
  name: plan.name,
  interval: plan.interval,
  amount: toMajor(plan.amount, plan.currency),
  currency: plan.currency,
  trialDays: String(plan.trialDays),
  access: plan.access,
  active: plan.active,
  epaper: plan.includes.includes('epaper'),
  epaperDays: plan.epaperDays === null ? '' : String(plan.epaperDays),
});

export const planBodyOf = (d: PlanDraft): PlanInput => ({
  name: d.name,
  interval: d.interval,
  amount: toMinor(d.amount, d.currency),
  currency: d.currency.trim(),
  trialDays: d.trialDays.trim() === '' ? 0 : Number(d.trialDays),
  access: d.access,
  active: d.active,
  includes: d.epaper ? ['epaper'] : [],
  epaperDays: d.epaperDays.trim() === '' ? null : Number(d.epaperDays),
});

export function PlanForm({
  t,
  draft,
  set,
  onSubmit,
  onCancel,
  failure,
}: {
  t: MemberAdminCopy['plans'];
  draft: PlanDraft;
  set: (change: Partial<PlanDraft>) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  failure: string | null;
}) {
  const field = (
    key: 'name' | 'amount' | 'currency' | 'trialDays' | 'epaperDays',
    type = 'text',
  ) => (
    <Field id={`plan-${key}`} label={t[key]} className="col-md-4">
      <input
        id={`plan-${key}`}
        className="form-control"
        type={type}
        step={type === 'number' ? 'any' : undefined}
        value={draft[key]}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </Field>
  );
  const title = draft._id ? t.editing(draft.name) : t.add;
  return (
    <form className="card card-body mb-3" onSubmit={onSubmit} aria-label={title}>
      <h3 className="h6">{title}</h3>
      <div className="row g-3">
        {field('name')}
        <Choice
          id="plan-interval"
          label={t.interval}
          value={draft.interval}
          options={PLAN_INTERVALS.map((i) => [i, t.intervals[i]])}
          onChange={(interval) => set({ interval })}
        />
        {field('amount', 'number')}
        {field('currency')}
        {field('trialDays', 'number')}
        <Choice
          id="plan-access"
          label={t.access}
          value={draft.access}
          options={PLAN_ACCESS.map((a) => [a, t.accesses[a]])}
          onChange={(access) => set({ access })}
        />
        <Check
          id="plan-active"
          label={t.active}
          checked={draft.active}
          onChange={(active) => set({ active })}
          className="col-md-4 form-check ms-2"
        />
        <Check
          id="plan-epaper"
          label={t.epaper}
          checked={draft.epaper}
          onChange={(epaper) => set({ epaper })}
          className="col-md-4 form-check ms-2"
        />
        {field('epaperDays', 'number')}
      </div>
      <FormEnd
        failure={failure}
        save={t.save}
        cancel={draft._id ? { label: t.cancel, onCancel } : undefined}
      />
    </form>
  );
}

function Choice<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: (readonly [V, string])[];
  onChange: (value: V) => void;
}) {
  return (
    <Field id={id} label={label} className="col-md-4">
      <select
        id={id}
        className="form-select"
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}
