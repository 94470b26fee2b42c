import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../common/schemas/common';
import {
  NoteInputSchema,
  NoteListSchema,
  NoteParamsSchema,
  NoteReplyInputSchema,
  NoteResolveInputSchema,
  NoteSchema,
} from '../../../common/schemas/notes';
import { errorResponses, JSON_BODY } from '../../lib/errors';
import { EDITABLE } from '../articles/article-refusals';
import type { NewsroomService } from './newsroom-service';

/**
 * Notes in the margin (issue 43 item 2), for staff who may edit the story; never cached by any
 * shared cache (they are the newsroom's own words).
 */
export function marginNotesRoutes(newsroom: NewsroomService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['articles'];
    const security = [{ bearer: [] }];
    const NOTE_REFUSALS = [...EDITABLE, ...JSON_BODY, 'note.not_found'] as const;
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/api/articles/:id/notes',
      {
        schema: {
          tags,
          summary: "The story's notes in the margin with their replies, oldest first",
          security,
          params: IdParamsSchema,
          response: { 200: NoteListSchema, ...errorResponses(...EDITABLE) },
        },
      },
      async (request) => newsroom.notes(await request.actor(), request.params.id),
    );

    app.post(
      '/api/articles/:id/notes',
      {
        schema: {
          tags,
          summary:
            'Add a note on a passage (`quote`); `@name` in its body mails that colleague. Never published',
          security,
          params: IdParamsSchema,
          body: NoteInputSchema,
          response: { 201: NoteSchema, ...errorResponses(...EDITABLE, ...JSON_BODY) },
        },
      },
      async (request, reply) => {
        const note = await newsroom.addNote(await request.actor(), request.params.id, request.body);
        return reply.code(201).send(note);
      },
    );

    app.post(
      '/api/articles/:id/notes/:noteId/replies',
      {
        schema: {
          tags,
          summary: 'Reply to a note; answers the note with every reply',
          security,
          params: NoteParamsSchema,
          body: NoteReplyInputSchema,
          response: { 201: NoteSchema, ...errorResponses(...NOTE_REFUSALS) },
        },
      },
      async (request, reply) => {
        const { id, noteId } = request.params;
        const note = await newsroom.reply(await request.actor(), id, noteId, request.body.body);
        return reply.code(201).send(note);
      },
    );

    app.put(
      '/api/articles/:id/notes/:noteId',
      {
        schema: {
          tags,
          summary: 'Resolve a note (`resolved: true`) or open it again',
          security,
          params: NoteParamsSchema,
          body: NoteResolveInputSchema,
          response: { 200: NoteSchema, ...errorResponses(...NOTE_REFUSALS) },
        },
      },
      async (request) => {
        const { id, noteId } = request.params;
        return newsroom.resolve(await request.actor(), id, noteId, request.body.resolved);
      },
    );
  };
}
