import { useEffect, useState } from 'react';
import type { Plan } from '../../../common/schemas/payments';
import { PAGE_SEGMENTS } from '../../../common/paths';
import { useInterface } from '../../copy/language';
import { readUserInfo } from '../session/user-info';
import { startCheckout } from './checkout';

type Offer = { plans: Plan[]; providers: ('razorpay' | 'stripe')[] };
const PROVIDER_NAMES = { razorpay: 'Razorpay', stripe: 'Stripe' } as const;

/**
 * The plans on offer (issue 39 item 4), read after load from GET /api/plans (a plan's change
 * shows at once). Subscribing asks a reader who is not signed in to sign in first and come back.
 */
export function PlansList() {
  const { t, locale } = useInterface();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetch('/api/plans')
      .then(async (res) => (res.ok ? setOffer((await res.json()) as Offer) : setFailed(true)))
      .catch(() => setFailed(true));
  }, []);
  const subscribe = (plan: Plan, provider: Offer['providers'][number]) => {
    if (!readUserInfo()) {
      const back = encodeURIComponent(`/${PAGE_SEGMENTS.plans}`);
      window.location.assign(`/${PAGE_SEGMENTS.login}?redirect=${back}`);
      return;
    }
    setFailed(false);
    startCheckout(plan, provider).catch(() => setFailed(true));
  };
  if (!offer) return failed ? <p role="alert">{t.plans.failed}</p> : null;
  if (offer.plans.length === 0) return <p>{t.plans.none}</p>;
  return (
    <>
      {failed && <p role="alert">{t.plans.failed}</p>}
      {offer.providers.length === 0 && <p>{t.plans.unavailable}</p>}
      <ul className="list-unstyled row g-3">
        {offer.plans.map((plan) => (
          <li key={plan._id} className="col-md-6">
            <section className="border rounded p-4 h-100" aria-labelledby={`plan-${plan._id}`}>
              <h2 id={`plan-${plan._id}`} className="h4">
                {plan.name}
              </h2>
              <p className="fs-4 mb-1">
                {new Intl.NumberFormat(locale, {
                  style: 'currency',
                  currency: plan.currency,
                }).format(plan.amount / 100)}{' '}
                <span className="fs-6">
                  {plan.interval === 'year' ? t.plans.perYear : t.plans.perMonth}
                </span>
              </p>
              <p>{plan.access === 'paid' ? t.plans.paidAccess : t.plans.membersAccess}</p>
              {plan.trialDays > 0 && <p>{t.plans.trial(plan.trialDays)}</p>}
              {offer.providers.map((provider) => (
                <button
                  key={provider}
                  type="button"
                  className="btn btn-primary me-2 mb-2"
                  onClick={() => subscribe(plan, provider)}
                >
                  {t.plans.subscribeWith(PROVIDER_NAMES[provider])}
                </button>
              ))}
            </section>
          </li>
        ))}
      </ul>
    </>
  );
}
