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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Why an upload in use stays: where it is used, in a sentence. */
function inUseMessage(uses: MediaUse[]): string {
  const count = (kind: MediaUse['kind']) => uses.filter((u) => u.kind === kind).length;
  const [articles, live, history, people] = (['article', 'live', 'history', 'person'] as const).map(
    count,
  ) as [number, number, number, number];
  const settings = uses.flatMap((u) => (u.kind === 'setting' ? [u.setting] : []));
  const where = [
    articles > 0 ? plural(articles, 'article') : '',
    live > 0 ? `the live updates of ${plural(live, 'article')}` : '',
    history > 0 ? `earlier versions of ${plural(history, 'article')}` : '',
    people > 0 ? `the photo of ${plural(people, 'person', 'people')}` : '',
    settings.length > 0 ? `the site settings (${settings.join(', ')})` : '',
  ].filter(Boolean);
  if (where.length === 0)
    return 'This image came into use while it was being deleted, so it was kept.';
  const last = where.pop();
  const said = where.length > 0 ? `${where.join(', ')} and ${last}` : last;
  return `This image is in use (${said}), so it was not deleted. Replace it there first.`;
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
  const ownedOrManaged = async (actor: Actor | null, id: string, what: string) => {
    const a = requireRole(actor, 'author', 'Only authors, editors and administrators can do this.');
    const row = await findLibraryItem(db, id);
    if (!row) throw notFound('No such image in the media library.');
    if (!hasRole(a.role, 'editor') && row.uploadedBy !== a.id)
      throw forbidden(`Authors can ${what} only images they uploaded themselves.`);
    return row;
  };

  return {
    /** One page of uploads, newest first, each with where it is used. */
    async list(actor: Actor | null, query: MediaQuery): Promise<MediaList> {
      requireRole(actor, 'author', 'Only authors, editors and administrators can see the media.');
      const { page, limit } = query;
      const filters: LibraryFilters = {
        q: query.q || undefined,
        mimeType: query.type ? MEDIA_MIME_TYPES[query.type] : undefined,
        ...(query.month ? monthRange(query.month) : {}),
        uploadedBy: query.uploadedBy,
      };
      const { rows, total } = await listLibrary(db, filters, {
        limit,
        offset: (page - 1) * limit,
      });
      const uses = await usesOfMedia(db, rows);
      return {
        media: rows.map((row) => toItem(row, uses.get(row.id) ?? [])),
        currentPage: page,
        totalPages: Math.ceil(total / limit),
        totalMedia: total,
      };
    },

    /** Changes an upload's alt text and caption (only those sent); answers the upload. */
    async update(actor: Actor | null, id: string, texts: MediaUpdate): Promise<MediaItem> {
      await ownedOrManaged(actor, id, 'change the texts of');
      await saveMediaTexts(db, id, texts);
      const row = await findLibraryItem(db, id);
      if (!row) throw notFound('No such image in the media library.');
      return toItem(row, (await usesOfMedia(db, [row])).get(row.id) ?? []);
    },

    /**
     * Deletes an upload nothing uses, with all its files. In use (now, or by a save since it
     * was looked at: the delete checks in the same statement) it stays: 409 saying where.
     */
    async remove(actor: Actor | null, id: string): Promise<void> {
      const row = await ownedOrManaged(actor, id, 'delete');
      if (await removeUnusedMedia(db, storage, asUnusedMedia(row), outbox)) return;
      const uses = (await usesOfMedia(db, [row])).get(row.id) ?? [];
      // Gone meanwhile (another delete): nothing uses it and nothing is left to delete.
      if (uses.length === 0 && !(await findLibraryItem(db, id)))
        throw notFound('No such image in the media library.');
      throw conflict(inUseMessage(uses));
    },
  };
}
export type MediaLibrary = ReturnType<typeof createMediaLibrary>;
