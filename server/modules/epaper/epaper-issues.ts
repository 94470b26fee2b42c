/*
 * E-paper issues at the desk (issue 67 item 1): one per edition and date, made by editors and
 * up (a desk limited to editions, on its own), listed and read with their pages' progress.
 * Their status and removal: epaper-status.ts.
 */
import type { EpaperIssueInput } from '../../../common/schemas/epaper';
import { requireRole, type Actor } from '../../lib/actor';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict } from '../../lib/errors';
import type { EpaperDeps } from './epaper-deps';
import { issueChanged, type EpaperDesk } from './epaper-desk';
import { insertIssue, listIssues } from './epaper-repository';
import { issueHead } from './epaper-views';

const LIST_LIMIT = 200;

export function epaperIssues(deps: EpaperDeps, desk: EpaperDesk) {
  const { db, clock, outbox, editions } = deps;
  const { editionOf } = desk;

  return {
    async create(actor: Actor | null, input: EpaperIssueInput) {
      const edition = await editionOf(input.edition);
      const editor = await desk.mayWork(actor, edition);
      try {
        const made = await outbox.transaction(async (tx, record) => {
          const row = await insertIssue(tx, {
            editionId: edition._id,
            date: input.date,
            title: input.title || null,
            language: input.language ?? 'hi',
            createdBy: editor.id,
          });
          const issue = { ...row, editionSlug: edition.slug };
          record(issueChanged(issue, { change: 'created', status: row.status }));
          return row;
        });
        return desk.answer(made.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('epaper.issue_exists', { date: input.date });
        throw error;
      }
    },

    /** The issue with its pages and their progress (the desk's screen polls it). */
    async get(actor: Actor | null, id: string) {
      await desk.deskIssue(actor, id);
      return desk.answer(id);
    },

    async list(actor: Actor | null, query: { edition?: string; from?: string; to?: string }) {
      const editor = requireRole(actor, 'editor');
      const edition = query.edition ? await editionOf(query.edition) : undefined;
      if (edition) await desk.mayWork(editor, edition);
      // Without an edition named, a desk limited to editions lists its own editions' issues.
      const limited = await editions.deskOf(editor.id);
      const rows = await listIssues(db, { editionId: edition?._id, ...query, limit: LIST_LIMIT });
      const now = clock.now();
      return {
        issues: rows
          .filter((r) => limited.length === 0 || limited.includes(r.editionId))
          .map((r) => ({ ...issueHead(r, now), pageCount: r.pageCount })),
      };
    },
  };
}
