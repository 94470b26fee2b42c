import { hasRole, type Role } from '../../common/roles';
import { forbidden, unauthorized } from './errors';

/** Who is asking: the signed-in user as the services see them, or nobody. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** The service-layer gate (DECISIONS.md §2): throws 401 for nobody, 403 for too weak a role. */
export function requireRole(
  actor: Actor | null | undefined,
  minimum: Role,
  message?: string,
): Actor {
  if (!actor) throw unauthorized();
  if (!hasRole(actor.role, minimum))
    throw forbidden(message ?? `This needs the ${minimum} role or higher.`);
  return actor;
}
