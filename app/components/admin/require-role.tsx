import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { hasRole, type Role } from '../../../common/roles';
import type { SessionUser } from '../../../common/services';
import { adminCopy as t } from '../../copy/admin';

/**
 * Shows a back-office screen only to the roles that may use it (DECISIONS.md §2); the server
 * refuses the calls anyway, this keeps the screen honest about it.
 */
export function RequireRole({ min, children }: { min: Role; children: ReactNode }) {
  const me = useOutletContext<SessionUser>();
  if (hasRole(me.role, min)) return <>{children}</>;
  return (
    <div className="alert alert-warning" role="alert">
      <h1 className="h5">{t.noAccess.title}</h1>
      <p className="mb-0">{t.noAccess.role(min)}</p>
    </div>
  );
}
