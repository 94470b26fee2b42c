/*
 * Giving a complimentary membership on /admin/members (issue 39 item 4): the person is found by
 * e-mail through the users list (GET /api/users?email=), then, once confirmed, given one of a
 * plan or none, until a time or until it is ended. Refusals are said by their codes.
 */
import { useState, type FormEvent } from 'react';
import { FormEnd } from '../../components/form-end';
import { Field } from '../../components/field';
import { useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import type { Plan } from '../../../common/schemas/payments';
import type { User } from '../../../common/schemas/users';
import { useAdminInterface } from '../../copy/admin-language';
import { memberAdminCopy, type MemberAdminCopy } from '../../copy/member-admin';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';

interface Draft {
  email: string;
  planId: string;
  until: string;
}
const EMPTY: Draft = { email: '', planId: '', until: '' };

/** The one person with this address, or none. */
const personOf = async (email: string): Promise<User | undefined> =>
  (await adminApi<{ users: User[] }>(`/api/users?email=${encodeURIComponent(email.trim())}`))
    .users[0];

export function GiveComplimentary({ plans }: { plans: Plan[] }) {
  const { lang, say } = useAdminInterface();
  const t = memberAdminCopy[lang].give;
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const give = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const person = await personOf(draft.email);
      if (!person) return setFailure(t.notFound(draft.email.trim()));
      if (!window.confirm(t.confirm(person.name, person.email))) return;
      await adminApi(`/api/members/${person._id}/complimentary`, {
        method: 'POST',
        body: {
          ...(draft.planId ? { planId: draft.planId } : {}),
          ...(draft.until ? { until: new Date(draft.until).toISOString() } : {}),
        },
      });
      setDraft(EMPTY);
      toast.success(t.given(person.name));
      await revalidator.revalidate();
    } catch (error) {
      setFailure(say(saidOf(error)));
    }
  };

  return (
    <form className="card card-body mb-4" onSubmit={give} aria-label={t.title}>
      <h2 className="h5">{t.title}</h2>
      <GiveFields t={t} plans={plans} draft={draft} set={set} />
      <FormEnd failure={failure} save={t.submit} />
    </form>
  );
}

function GiveFields({
  t,
  plans,
  draft,
  set,
}: {
  t: MemberAdminCopy['give'];
  plans: Plan[];
  draft: Draft;
  set: (change: Partial<Draft>) => void;
}) {
  return (
    <div className="row g-3">
      <Field id="give-email" label={t.email} className="col-md-4">
        <input
          id="give-email"
          className="form-control"
          type="email"
          required
          value={draft.email}
          onChange={(e) => set({ email: e.target.value })}
        />
      </Field>
      <Field id="give-plan" label={t.plan} className="col-md-4">
        <select
          id="give-plan"
          className="form-select"
          value={draft.planId}
          onChange={(e) => set({ planId: e.target.value })}
        >
          <option value="">{t.noPlan}</option>
          {plans.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="give-until" label={t.until} className="col-md-4">
        <input
          id="give-until"
          className="form-control"
          type="datetime-local"
          value={draft.until}
          onChange={(e) => set({ until: e.target.value })}
        />
      </Field>
    </div>
  );
}
