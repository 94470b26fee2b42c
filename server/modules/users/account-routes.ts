/* A person's own profile, and administrators' list and changes of accounts. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import {
  AuthorProfileUpdateSchema,
  AuthorSchema,
  MeSchema,
  PasswordSetSchema,
  ProfileUpdateSchema,
  RoleChangeSchema,
  UserInfoSchema,
  UserListQuerySchema,
  UserListSchema,
  UserSchema,
} from '../../../common/schemas/users';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import { setAuthCookie } from '../../plugins/auth';
import { type UsersService } from './users-service';
import { ADMINISTRATION, PROFILE_REFUSALS, tags, type RouteOptions } from './users-route-options';

/** The authors' list, and the signed-in user's own account. */
export function profileRoutes(users: UsersService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/users/authors',
      {
        schema: {
          tags,
          summary:
            'Everyone who can write (author, editor, administrator), with their author page slug, bio and photo',
          security: [],
          response: { 200: z.array(AuthorSchema), ...errorResponses() },
        },
      },
      async () => users.authors(),
    );

    app.get(
      '/api/users/me',
      {
        schema: {
          tags,
          summary: 'The signed-in user, with whether review mail reaches them (reviewMail)',
          security: [{ bearer: [] }],
          response: { 200: MeSchema, ...errorResponses('auth.signed_out') },
        },
      },
      async (request) => users.me(await request.actor()),
    );

    app.put(
      '/api/users/me',
      {
        schema: {
          tags,
          summary:
            'Change own name, author-page slug, bio, photo and/or password (a new password needs the current one)',
          security: [{ bearer: [] }],
          body: ProfileUpdateSchema,
          response: {
            200: UserInfoSchema,
            ...errorResponses(...SIGNED_IN, ...PROFILE_REFUSALS, 'user.wrong_password'),
          },
        },
      },
      async (request, reply) => {
        const info = await users.updateMe(await request.actor(), request.body);
        setAuthCookie(reply, info, opts.secureCookies);
        return info;
      },
    );
  };
}

/** An administrator's calls on other users: the list, roles, profiles, passwords. */
export function administrationRoutes(users: UsersService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/users',
      {
        schema: {
          tags,
          summary: 'All users, newest first, or the one with an e-mail address (administrator)',
          security: [{ bearer: [] }],
          querystring: UserListQuerySchema,
          response: {
            200: UserListSchema,
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request) => {
        const { page, limit, email } = request.query;
        return users.list(await request.actor(), page, limit, email);
      },
    );

    app.put(
      '/api/users/:id/role',
      {
        schema: {
          tags,
          summary: "Change a user's role (administrator; the last administrator stays)",
          security: [{ bearer: [] }],
          params: IdParamsSchema,
          body: RoleChangeSchema,
          response: {
            200: UserSchema,
            ...errorResponses(...ADMINISTRATION, ...JSON_BODY, 'user.not_found', 'user.last_admin'),
          },
        },
      },
      async (request) =>
        users.changeRole(await request.actor(), request.params.id, request.body.role),
    );

    app.put(
      '/api/users/:id/profile',
      {
        schema: {
          tags,
          summary: "Change a user's name, author-page slug, bio or photo (administrator)",
          security: [{ bearer: [] }],
          params: IdParamsSchema,
          body: AuthorProfileUpdateSchema,
          response: {
            200: UserSchema,
            ...errorResponses(...ADMINISTRATION, ...PROFILE_REFUSALS, 'user.not_found'),
          },
        },
      },
      async (request) =>
        users.updateProfile(await request.actor(), request.params.id, request.body),
    );

    app.put(
      '/api/users/:id/password',
      {
        schema: {
          tags,
          summary:
            "Set a user's password (administrator), e.g. for an imported author who has none; ends the user's sessions",
          security: [{ bearer: [] }],
          params: IdParamsSchema,
          body: PasswordSetSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(...ADMINISTRATION, ...JSON_BODY, 'user.not_found'),
          },
        },
      },
      async (request) =>
        users.setPassword(await request.actor(), request.params.id, request.body.password),
    );
  };
}
