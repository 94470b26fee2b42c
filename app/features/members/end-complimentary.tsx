import { useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import type { Member } from '../../../common/schemas/payments';
import { useAdminInterface } from '../../copy/admin-language';
import { memberAdminCopy } from '../../copy/member-admin';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';

const RUNNING: readonly Member['status'][] = ['active', 'trialing', 'past_due'];

/**
 * "End" on a running complimentary membership's row of /admin/members (issue 39 item 4): once
 * confirmed, DELETE /api/members/{userId}/complimentary ends it now. Other rows have none.
 */
export function EndComplimentary({ member }: { member: Member }) {
  const { lang, say } = useAdminInterface();
  const t = memberAdminCopy[lang];
  const revalidator = useRevalidator();
  if (member.provider !== 'complimentary' || !RUNNING.includes(member.status)) return null;
  const end = async () => {
    if (!window.confirm(t.confirmEnd(member.name))) return;
    try {
      await adminApi(`/api/members/${member.userId}/complimentary`, { method: 'DELETE' });
      toast.success(t.ended(member.name));
      await revalidator.revalidate();
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
  };
  return (
    <button type="button" className="btn btn-sm btn-outline-danger" onClick={end}>
      {t.end}
    </button>
  );
}
