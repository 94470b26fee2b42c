import type { FastifyInstance } from 'fastify';
import type { UsersService } from './users-service';
import type { RouteOptions } from './users-route-options';
import { signInRoutes, signOutRoutes } from './sign-in-routes';
import { administrationRoutes, profileRoutes } from './account-routes';
import { invitationRoutes, passwordResetRoutes } from './account-link-routes';
import { sessionRoutes } from './session-routes';
import { secondFactorRoutes, secondStepRoutes } from './second-factor-routes';
import { emailLinkRoutes } from './email-link-routes';
import { passkeyRoutes, passkeySignInRoutes } from './passkey-routes';

/** Accounts (SPEC.md §7 users calls, DECISIONS.md §2). HTTP only: the rules live in the service. */
export function usersRoutes(users: UsersService, opts: RouteOptions) {
  return async function (app: FastifyInstance) {
    await app.register(signInRoutes(users, opts));
    await app.register(signOutRoutes(users, opts));
    await app.register(profileRoutes(users, opts));
    await app.register(administrationRoutes(users));
    await app.register(invitationRoutes(users, opts));
    await app.register(passwordResetRoutes(users, opts));
    await app.register(sessionRoutes(users));
    await app.register(secondFactorRoutes(users, opts));
    await app.register(secondStepRoutes(users, opts));
    await app.register(emailLinkRoutes(users, opts));
    await app.register(passkeyRoutes(users, opts));
    await app.register(passkeySignInRoutes(users, opts));
  };
}
