import { hasRole } from '../../../common/roles';
import {
  MEDIA_MIME_TYPES,
  MEDIA_TYPES,
  type MediaItem,
  type MediaList,
  type MediaQuery,
  type MediaType,
  type MediaUpdate,
  type MediaUse,
} from '../../../common/schemas/media';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { asUnusedMedia, removeUnusedMedia, usesOfMedia } from './media-prune';
import type { Outbox } from '../../events/outbox';
import {
  findLibraryItem,
  listLibrary,
  saveMediaTexts,
  type LibraryFilters,
  type LibraryRow,
} from './media-repository';
import type { MediaStorage } from './media-storage';
import { mediaUrl } from './media-urls';

/*
 * The media library (issue 26 item 1, docs/decisions/034). Who may do what:
 * - every author, editor and administrator sees every upload (to reuse it);
 * - an author changes the alt text and caption of their own uploads, and deletes their own
 *   unused ones; editors and administrators do both to any upload;
 * - nothing in use is deleted, by the rule of `npm run media:prune` (media-prune.ts): 409;
 *   in use means by an article, a live blog's entry, an earlier version of an article, a
 *   person's photo or a setting (issue 44 item 5).
 */

const typeOfMime = (mimeType: string): MediaType =>
  MEDIA_TYPES.find((type) => MEDIA_MIME_TYPES[type] === mimeType) ?? 'jpeg';

/** The first instant of a `YYYY-MM` month (UTC, as upload folders are named) and of the next. */
function monthRange(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    from: new Date(Date.UTC(year, monthNumber - 1, 1)),
    to: new Date(Date.UTC(year, monthNumber, 1)),
  };
}

/** An upload as the API answers it: allow-listed fields only (STYLE.md §11). */
function toItem(row: LibraryRow, usedBy: MediaUse[]): MediaItem {
  const smallest = [...row.variants].sort((a, b) => a.width - b.width)[0];
  return {
    _id: row.id,
    url: mediaUrl(row.storageKey),
    thumbnailUrl: mediaUrl(smallest?.key ?? row.storageKey),
    width: row.width,
    height: row.height,
    filename: row.filename,
    type: typeOfMime(row.mimeType),
    bytes: row.bytes,
    alt: row.alt,
    caption: row.caption,
    uploadedBy:
      row.uploadedBy && row.uploaderName !== null
        ? { _id: row.uploadedBy, name: row.uploaderName }
        : null,
    createdAt: row.createdAt.toISOString(),
    usedBy,
  };
}

/** Why an upload in use stays: where it is used (how many of each, which settings). */
function inUse(uses: MediaUse[]) {
  const count = (kind: MediaUse['kind']) => uses.filter((u) => u.kind === kind).length;
  const [articles, live, history, people, ads] = (
    ['article', 'live', 'history', 'person', 'ad'] as const
  ).map(count) as [number, number, number, number, number];
  const settings = uses.flatMap((u) => (u.kind === 'setting' ? [u.setting] : []));
  if (uses.length === 0) return conflict('media.came_into_use');
  return conflict('media.in_use', { articles, live, history, people, ads, settings });
}

export function createMediaLibrary({
  db,
  storage,
  outbox,
}: {
  db: Db;
  storage: MediaStorage;
  /** A delete is an event others follow (server/events). */
  outbox?: Outbox;
}) {
  /** The upload `id` and the actor's right to change it: 404, then 403 for someone else's. */
  const ownedOrManaged = async (
    actor: Actor | null,
    id: string,
    notOwn: 'media.edit_not_own' | 'media.delete_not_own',
  ) => {
    const a = requireRole(actor, 'author', 'media.library_forbidden');
    const row = await findLibraryItem(db, id);
    if (!row) throw notFound('media.not_in_library');
    if (!hasRole(a.role, 'editor') && row.uploadedBy !== a.id) throw forbidden(notOwn);
    return row;
  };

  return {
    /** One page of uploads, newest first, each with where it is used. */
    async list(actor: Actor | null, query: MediaQuery): Promise<MediaList> {
      requireRole(actor, 'author', 'media.list_forbidden');
      const { page, limit } = query;
      const filters: LibraryFilters = {
        q: query.q || undefined,
        mimeType: query.type ? MEDIA_MIME_TYPES[query.type] : undefined,
        ...(query.month ? monthRange(query.month) : {}),
        uploadedBy: query.uploadedBy,
      };
      const { rows, total, estimated } = await listLibrary(db, filters, {
        limit,
        offset: (page - 1) * limit,
      });
      const uses = await usesOfMedia(db, rows);
      return {
        media: rows.map((row) => toItem(row, uses.get(row.id) ?? [])),
        currentPage: page,
        totalPages: Math.ceil(total / limit),
        totalMedia: total,
        estimated,
      };
    },

    /** Changes an upload's alt text and caption (only those sent); answers the upload. */
    async update(actor: Actor | null, id: string, texts: MediaUpdate): Promise<MediaItem> {
      await ownedOrManaged(actor, id, 'media.edit_not_own');
      await saveMediaTexts(db, id, texts);
      const row = await findLibraryItem(db, id);
      if (!row) throw notFound('media.not_in_library');
      return toItem(row, (await usesOfMedia(db, [row])).get(row.id) ?? []);
    },

    /**
     * Deletes an upload nothing uses, with all its files. In use (now, or by a save since it
     * was looked at: the delete checks in the same statement) it stays: 409 saying where.
     */
    async remove(actor: Actor | null, id: string): Promise<void> {
      const row = await ownedOrManaged(actor, id, 'media.delete_not_own');
      if (await removeUnusedMedia(db, storage, asUnusedMedia(row), outbox)) return;
      const uses = (await usesOfMedia(db, [row])).get(row.id) ?? [];
      // Gone meanwhile (another delete): nothing uses it and nothing is left to delete.
      if (uses.length === 0 && !(await findLibraryItem(db, id)))
        throw notFound('media.not_in_library');
      throw inUse(uses);
    },
  };
}
export type MediaLibrary = ReturnType<typeof createMediaLibrary>;
