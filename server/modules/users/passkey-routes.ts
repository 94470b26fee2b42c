/*
 * Passkeys (WebAuthn; issue 40 item 2, docs/decisions/052c): the signed-in person adds, lists
 * and removes their own; anyone signs in with a discoverable passkey alone, and a sign-in's
 * second step takes one (`POST /api/users/signin/2fa { token, response }`, second-factor-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { IdParamsSchema } from '../../../common/schemas/common';
import {
  AddPasskeySchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  PasskeySignInOptionsSchema,
  PasskeySignInSchema,
} from '../../../common/schemas/passkeys';
import { UserInfoSchema } from '../../../common/schemas/users';
import { ReauthSchema } from '../../../common/schemas/second-factors';
import { PASSKEYS_PATH } from '../../../common/paths';
import { errorResponses, JSON_BODY, notice, noticeSchema, SIGNED_IN } from '../../lib/errors';
import { setAuthCookie } from '../../plugins/auth';
import type { UsersService } from './users-service';
import {
  clientOf,
  REAUTH_REFUSALS,
  reauthenticated,
  noBodyIsEmpty,
  tags,
  type RouteOptions,
} from './users-route-options';

/** The signed-in person's own passkeys. */
export function passkeyRoutes(users: UsersService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

    app.get(
      PASSKEYS_PATH,
      {
        schema: {
          tags,
          summary: 'The signed-in person’s passkeys, the oldest first',
          security,
          response: { 200: z.array(PasskeySchema), ...errorResponses('auth.signed_out') },
        },
      },
      async (request) => users.myPasskeys(await request.actor()),
    );

    app.post(
      `${PASSKEYS_PATH}/options`,
      {
        preValidation: noBodyIsEmpty,
        schema: {
          tags,
          summary:
            'Options for the browser to make a new passkey (WebAuthn’s PublicKeyCredentialCreationOptionsJSON); its challenge is good once, for 5 minutes. Asks for `{ password }` or `{ code }` (one the authenticator app shows now); an account with neither: a sign-in of the last 10 minutes. Wrong ones count as wrong sign-ins',
          security,
          body: ReauthSchema,
          response: {
            200: PasskeyOptionsSchema,
            ...errorResponses(...REAUTH_REFUSALS),
          },
        },
      },
      reauthenticated(opts, async (actor, proof) => ({
        ...(await users.passkeyOptions(actor, proof)),
      })),
    );

    app.post(
      PASSKEYS_PATH,
      {
        schema: {
          tags,
          summary:
            'Add the passkey the browser made for the options: `{ name, response }`, the response being WebAuthn’s RegistrationResponseJSON',
          security,
          body: AddPasskeySchema,
          response: {
            201: PasskeySchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'passkey.refused',
              'passkey.already_added',
            ),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await users.addPasskey(await request.actor(), request.body)),
    );

    app.delete(
      `${PASSKEYS_PATH}/:id`,
      {
        schema: {
          tags,
          summary: 'Remove one of the signed-in person’s passkeys',
          security,
          params: IdParamsSchema,
          response: {
            200: noticeSchema('passkey.removed'),
            ...errorResponses(...SIGNED_IN, 'passkey.not_found'),
          },
        },
      },
      async (request) => {
        await users.removePasskey(await request.actor(), request.params.id);
        return notice('passkey.removed');
      },
    );
  };
}

/** Signing in with a passkey alone, and the options of a second step's. */
export function passkeySignInRoutes(users: UsersService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/users/signin/passkey/options',
      {
        schema: {
          tags,
          summary:
            'Options for signing in with a passkey (PublicKeyCredentialRequestOptionsJSON): without a body, any discoverable passkey of this site; with the `token` a password answered in `twoFactor`, that person’s passkeys, for POST /api/users/signin/2fa `{ token, response }`',
          security: [],
          body: PasskeySignInOptionsSchema.optional(),
          response: {
            200: PasskeyOptionsSchema,
            ...errorResponses(...JSON_BODY, 'auth.second_step_expired'),
          },
        },
      },
      async (request) => ({ ...(await users.passkeySignInOptions(request.body?.token)) }),
    );

    app.post(
      '/api/users/signin/passkey',
      {
        schema: {
          tags,
          summary:
            'Sign in with a passkey alone, no password: `{ response }`, WebAuthn’s AuthenticationResponseJSON for the options above. Answers the user info and sets the session cookie',
          security: [],
          body: PasskeySignInSchema,
          response: {
            200: UserInfoSchema,
            ...errorResponses(...JSON_BODY, 'auth.passkey_refused'),
          },
        },
      },
      async (request, reply) => {
        const response = request.body.response as unknown as AuthenticationResponseJSON;
        const info = await users.signInWithPasskey(response, clientOf(request));
        setAuthCookie(reply, info, opts.secureCookies);
        return info;
      },
    );
  };
}
