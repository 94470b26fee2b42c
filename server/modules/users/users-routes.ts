import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import {
  AuthorSchema,
  ProfileUpdateSchema,
  RoleChangeSchema,
  SignInSchema,
  SignUpSchema,
  UserInfoSchema,
  UserListQuerySchema,
  UserListSchema,
  UserSchema,
} from '../../../common/schemas/users';
import { clearAuthCookie, setAuthCookie } from '../../plugins/auth';
import type { UsersService } from './users-service';

/** Accounts (SPEC.md §7 users calls, DECISIONS.md §2). HTTP only: the rules live in the service. */
export function usersRoutes(users: UsersService, opts: { secureCookies: boolean }) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['users'];

    app.post(
      '/api/users/signup',
      {
        schema: {
          tags,
          summary: 'Create an account (the first one becomes administrator)',
          body: SignUpSchema,
          response: { 201: UserInfoSchema },
        },
      },
      async (request, reply) => {
        const info = await users.signUp(request.body);
        setAuthCookie(reply, info.token, opts.secureCookies);
        return reply.status(201).send(info);
      },
    );

    app.post(
      '/api/users/signin',
      {
        schema: {
          tags,
          summary: 'Sign in; answers the user info and sets the session cookie',
          body: SignInSchema,
          response: { 200: UserInfoSchema },
        },
      },
      async (request, reply) => {
        const info = await users.signIn(request.body, request.ip);
        setAuthCookie(reply, info.token, opts.secureCookies);
        return info;
      },
    );

    app.post(
      '/api/users/signout',
      { schema: { tags, summary: 'Clear the session cookie', response: { 200: MessageSchema } } },
      async (_request, reply) => {
        clearAuthCookie(reply, opts.secureCookies);
        return { message: 'Signed out.' };
      },
    );

    app.post(
      '/api/users/signout-everywhere',
      {
        schema: {
          tags,
          summary: 'End every session of the signed-in user, on every device',
          security: [{ bearer: [] }],
          response: { 200: MessageSchema },
        },
      },
      async (request, reply) => {
        const answer = await users.signOutEverywhere(await request.actor());
        clearAuthCookie(reply, opts.secureCookies);
        return answer;
      },
    );

    app.get(
      '/api/users/authors',
      {
        schema: {
          tags,
          summary: 'Everyone who can write (author, editor, administrator)',
          response: { 200: z.array(AuthorSchema) },
        },
      },
      async () => users.authors(),
    );

    app.get(
      '/api/users/me',
      {
        schema: {
          tags,
          summary: 'The signed-in user',
          security: [{ bearer: [] }],
          response: { 200: UserSchema },
        },
      },
      async (request) => users.me(await request.actor()),
    );

    app.put(
      '/api/users/me',
      {
        schema: {
          tags,
          summary: 'Change own name and/or password (confirmed with the current password)',
          security: [{ bearer: [] }],
          body: ProfileUpdateSchema,
          response: { 200: UserInfoSchema },
        },
      },
      async (request, reply) => {
        const info = await users.updateMe(await request.actor(), request.body);
        setAuthCookie(reply, info.token, opts.secureCookies);
        return info;
      },
    );

    app.get(
      '/api/users',
      {
        schema: {
          tags,
          summary: 'All users, newest first (administrator)',
          security: [{ bearer: [] }],
          querystring: UserListQuerySchema,
          response: { 200: UserListSchema },
        },
      },
      async (request) => users.list(await request.actor(), request.query.page, request.query.limit),
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
          response: { 200: UserSchema },
        },
      },
      async (request) =>
        users.changeRole(await request.actor(), request.params.id, request.body.role),
    );
  };
}
