import type { CodeWithStatus } from '../../common/refusals/catalogue';
import { hasRole, mayModerate, type Role } from '../../common/roles';
import { forbidden, unauthorized } from './errors';

/** Who is asking: the signed-in user as the services see them, or nobody. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The session the request came with (a `user_sessions` row), when it came with a token. */
  sessionId?: string;
  /** Whether they have a second factor on (known for a session's actor: issue 40 item 3). */
  secondFactor?: boolean;
  /** Whether their address is proved by a mailed link (`emailConfirmedAt`; a session's actor). */
  emailConfirmed?: boolean;
}

/** A 403 of the catalogue that takes no params: what a gate may say instead of the role. */
export type Refusal403 = {
  [C in CodeWithStatus<403>]: C extends 'auth.role_required' ? never : C;
}[CodeWithStatus<403>];

/**
 * The service-layer gate (DECISIONS.md §2): throws 401 for nobody, 403 for too weak a role
 * (`auth.role_required`, or the refusal given, which says what the role would allow).
 */
export function requireRole(
  actor: Actor | null | undefined,
  minimum: Role,
  refusal?: Refusal403,
): Actor {
  if (!actor) throw unauthorized();
  if (!hasRole(actor.role, minimum))
    throw refusal ? forbidden(refusal) : forbidden('auth.role_required', { role: minimum });
  return actor;
}

/**
 * The moderators' gate (issue 42 item 2): moderators, editors and administrators moderate
 * readers' comments; authors do not (common/roles.ts `mayModerate`).
 */
export function requireModerator(actor: Actor | null | undefined): Actor {
  if (!actor) throw unauthorized();
  if (!mayModerate(actor.role)) throw forbidden('auth.role_required', { role: 'moderator' });
  return actor;
}
