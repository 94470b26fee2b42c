import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { PAGE_SEGMENTS } from '../../../common/paths';
import type { Membership } from '../../../common/schemas/payments';
import { formatDate, useInterface } from '../../copy/language';
import { api } from '../api/client';
import { ProfileSection } from './profile-section';

/**
 * A reader's membership on /profile (issue 39 item 4): its plan, status and the end of the
 * period paid for, read after load from GET /api/me/membership (which also sets the member's
 * hint, so their story pages become their class's: docs/decisions/060), and cancelling it at
 * the period's end.
 */
export function MembershipSection() {
  const { t, locale } = useInterface();
  const [membership, setMembership] = useState<Membership | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api<Membership>('/api/me/membership')
      .then(setMembership)
      .catch(() => setFailed(true));
  }, []);
  const cancel = () => {
    if (!window.confirm(t.membership.confirmCancel)) return;
    api<Membership>('/api/me/membership/cancel', { method: 'POST' })
      .then((next) => {
        setMembership(next);
        toast.success(t.membership.cancelled);
      })
      .catch(() => setFailed(true));
  };
  const running = membership && ['active', 'trialing', 'past_due'].includes(membership.status);
  return (
    <ProfileSection
      id="membership"
      heading={t.membership.heading}
      failed={failed ? t.membership.failed : undefined}
    >
      {membership && !running && (
        <p>
          {t.membership.none} <a href={`/${PAGE_SEGMENTS.plans}`}>{t.membership.seePlans}</a>
        </p>
      )}
      {membership && running && (
        <>
          <dl className="row">
            <dt className="col-sm-4">{t.membership.plan}</dt>
            <dd className="col-sm-8">{membership.plan?.name ?? '—'}</dd>
            <dt className="col-sm-4">{t.membership.status}</dt>
            <dd className="col-sm-8">{t.membership.statuses[membership.status]}</dd>
            {membership.currentPeriodEnd && (
              <>
                <dt className="col-sm-4">
                  {membership.cancelAtPeriodEnd ? t.membership.endsAt : t.membership.until}
                </dt>
                <dd className="col-sm-8">{formatDate(membership.currentPeriodEnd, locale)}</dd>
              </>
            )}
          </dl>
          {!membership.cancelAtPeriodEnd && (
            <button type="button" className="btn btn-outline-danger btn-sm" onClick={cancel}>
              {t.membership.cancel}
            </button>
          )}
        </>
      )}
    </ProfileSection>
  );
}
