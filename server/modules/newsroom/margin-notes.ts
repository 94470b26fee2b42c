/*
 * Notes in the margin (issue 43 item 2): whoever may edit a story writes notes on its passages,
 * replies to them and resolves them; a note or reply that mentions a colleague as `@name` mails
 * them, through a job (the jobs table: leased, once across processes, never on the request's
 * path). Notes live in their own table, which nothing readers get reads.
 */
import { mentionedIn, type Note, type NoteInput } from '../../../common/schemas/notes';
import type { Db } from '../../../db/client';
import { transaction } from '../../../db/transaction';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { mailTextsFor } from '../../lib/mail-texts';
import {
  findNote,
  insertNote,
  listNoteRows,
  newsroomPeople,
  noteById,
  setResolved,
  type NoteRow,
} from './margin-notes-repository';
import type { NewsroomDeps } from './newsroom-deps';

export const NOTE_MENTION_JOB = 'note-mention-mail';

const authorOf = (row: NoteRow) =>
  row.authorId && row.authorName !== null ? { _id: row.authorId, name: row.authorName } : null;

/** An article's rows as its notes, each with its replies, oldest first. */
function notesOf(rows: NoteRow[]): Note[] {
  const replies = new Map<string, Note['replies']>();
  for (const row of rows)
    if (row.parentId)
      replies.set(row.parentId, [
        ...(replies.get(row.parentId) ?? []),
        {
          _id: row.id,
          body: row.body,
          author: authorOf(row),
          createdAt: row.createdAt.toISOString(),
        },
      ]);
  return rows
    .filter((row) => !row.parentId)
    .map((row) => ({
      _id: row.id,
      quote: row.quote,
      body: row.body,
      author: authorOf(row),
      createdAt: row.createdAt.toISOString(),
      resolved: row.resolvedAt !== null,
      replies: replies.get(row.id) ?? [],
    }));
}

export function marginNotes(
  deps: Pick<NewsroomDeps, 'db' | 'clock' | 'articles' | 'jobs' | 'reviewMail'>,
) {
  const { db, clock, articles, jobs } = deps;
  const mail = deps.reviewMail;

  /** Records a note or reply, and its mention mail's job in the same transaction. */
  const record = async (
    actor: Actor,
    articleId: string,
    values: { parentId: string | null; quote: string; body: string },
  ): Promise<Note> => {
    const createdAt = clock.now();
    const id = await transaction(db, async (tx: Db) => {
      const made = await insertNote(tx, { ...values, articleId, authorId: actor.id, createdAt });
      if (mail?.mailer.enabled && values.body.includes('@'))
        await jobs.schedule(
          {
            key: `${NOTE_MENTION_JOB}:${made}`,
            kind: NOTE_MENTION_JOB,
            subjectId: made,
            runAt: createdAt,
          },
          tx,
        );
      return made;
    });
    // A reply answers its note, with every reply.
    const shown = values.parentId ?? id;
    return notesOf(await listNoteRows(db, articleId)).find((n) => n._id === shown)!;
  };

  return {
    /** The story's notes, oldest first, for whoever may edit it. */
    async notes(actor: Actor | null, articleId: string): Promise<Note[]> {
      await articles.editable(actor, articleId);
      return notesOf(await listNoteRows(db, articleId));
    },

    async addNote(actor: Actor | null, articleId: string, input: NoteInput): Promise<Note> {
      const { actor: me } = await articles.editable(actor, articleId);
      return record(me, articleId, { parentId: null, ...input });
    },

    /** A reply: answers the note it replies to, with every reply. */
    async reply(actor: Actor | null, articleId: string, noteId: string, body: string) {
      const { actor: me } = await articles.editable(actor, articleId);
      if (!(await findNote(db, articleId, noteId))) throw notFound('note.not_found');
      return record(me, articleId, { parentId: noteId, quote: '', body });
    },

    async resolve(actor: Actor | null, articleId: string, noteId: string, resolved: boolean) {
      const { actor: me } = await articles.editable(actor, articleId);
      if (!(await findNote(db, articleId, noteId))) throw notFound('note.not_found');
      await setResolved(db, noteId, resolved ? { at: clock.now(), by: me.id } : null);
      return notesOf(await listNoteRows(db, articleId)).find((n) => n._id === noteId)!;
    },

    sendMentionMail: mentionMail(deps),
  };
}

/**
 * The mention job: mails each colleague a note or reply names who may edit the story (never its
 * writer), in the site's language.
 */
function mentionMail(deps: Pick<NewsroomDeps, 'db' | 'articles' | 'reviewMail'>) {
  const { db, articles } = deps;
  const mail = deps.reviewMail;
  return async function sendMentionMail(noteId: string): Promise<void> {
    if (!mail?.mailer.enabled) return;
    const note = await noteById(db, noteId);
    if (!note) return;
    const article = await articles.anyById(note.articleId);
    if (!article) return;
    const people = (await newsroomPeople(db)).filter((p) => p.id !== note.authorId);
    const quote = note.parentId ? ((await noteById(db, note.parentId))?.quote ?? '') : note.quote;
    const site = await mail.site();
    const says = mailTextsFor(site.language).noteMentioned({
      site: site.name,
      by: note.authorName ?? '',
      title: article.name,
      quote,
      body: note.body,
      url: `${site.publicUrl}/admin/edit-article/${article._id}`,
    });
    for (const person of mentionedIn(note.body, people)) {
      const mayEdit = await articles.editable(person, note.articleId).then(
        () => true,
        () => false,
      );
      if (!mayEdit) continue;
      await mail.mailer.send({
        ...says,
        to: person.email,
        language: site.language,
        fromName: site.name,
        kind: NOTE_MENTION_JOB,
      });
    }
  };
}
