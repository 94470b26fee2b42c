/*
 * Changes as events (DECISIONS.md §22, server/events/README.md): what `GET /api/events` answers,
 * and the catalogue of event types with what each means. Webhooks, newsletters, the fediverse
 * and analytics of this wave subscribe to these names: a name never changes meaning.
 */
import { z } from 'zod';

/** Every event type, with what it says happened (the OpenAPI document lists them). */
export const EVENT_TYPES = {
  'article.created': 'An article was written for the first time (any status).',
  'article.updated':
    'An article was saved, restored or moved without readers gaining or losing it (its words, its draft, its review).',
  'article.published': 'An article became public: published now, or its scheduled time came.',
  'article.scheduled': 'An article was set to go out at a time still to come.',
  'article.unpublished':
    'A public article left readers: sent back to draft or review, or moved to a later time.',
  'article.deleted': 'An article was deleted.',
  'article.corrected':
    'A published story was saved as a correction: its public note (`note`) is on the record.',
  'live.entry.created': 'A live blog got an update.',
  'live.entry.updated': 'A live blog update was changed (its text, pinned, key event).',
  'live.entry.deleted': 'A live blog update was taken down.',
  'comment.created':
    'A reader commented on a story (shown at once, or held for a moderator: its status says which).',
  'comment.updated': 'A reader changed their comment (it may be held again).',
  'comment.deleted': 'A comment was deleted by its reader or a moderator.',
  'comment.moderated': 'A moderator approved, held, refused or marked a comment as spam.',
  'comment.reported':
    'Readers’ reports (three) held a shown comment for a moderator (status pending, reason reports).',
  'breaking.set': 'The breaking-news band was set (replacing any before it).',
  'breaking.cleared': 'The breaking-news band was removed, or its time ran out.',
  'category.created': 'A category was made.',
  'category.updated': 'A category was renamed, moved or changed.',
  'category.deleted': 'A category was deleted.',
  'tag.updated': 'A tag’s display name was corrected.',
  'settings.updated': 'The site settings changed (the keys changed are named, never values).',
  'page.updated': 'A static page’s text (about us, contact, …) changed.',
  'author.updated': 'A person with a public author page changed their name, photo, bio or address.',
  'media.created': 'An image was uploaded.',
  'media.deleted': 'An uploaded image was deleted.',
  'newsletter.changed':
    'A newsletter was made, changed or archived (every page’s sign-up form lists the active ones).',
  'newsletter.sent':
    'A newsletter issue finished sending: every recipient was sent it, skipped or given up on (its counts).',
  'member.updated':
    'A reader’s membership began, renewed, fell behind, was cancelled or given (its status, plan and provider).',
  'most-read.changed':
    'Readers’ “Most read” list changed (at most once a minute); its data names the stories in order.',
  'edition.created': 'An administrator added an edition (a place) to the tree.',
  'edition.updated':
    'An administrator changed an edition: its names, spellings, slug, place in the tree, location or whether it is active.',
  'edition.deleted': 'An administrator deleted an edition.',
  'edition.home_changed':
    'An edition’s desk curated its home: its lead story and its sections (data: lead, sections).',
  'most-read.editions-changed':
    'One or more editions’ “Most read” lists changed (at most once a minute); its data names every edition’s stories in order (`editions`: edition id → article ids).',
  'election.result':
    'A seat’s result was saved (at the desk, by an import or from ECI); its data names the seat, the party and the status.',
  'election.changed':
    'An election’s own choices changed (the desk’s key contests, a rehearsal begun); its data names what.',
  'election.imported':
    'An election’s data came in from a file (its seats, parties, candidates, previous results or results); its data names the kind and the count.',
  'epaper.issue':
    'An e-paper issue was made, changed (its pages added, replaced, reordered or removed), scheduled, published, pulled back or deleted; its data names the edition, the date and the status.',
  'epaper.page':
    'A stage of an e-paper page’s processing finished, once per page (`views`: its views and tiles are readable; `ocr`: its machine-read text is searchable).',
  'epaper.zone':
    'A box on an e-paper page was drawn, changed (its place, kind, linked story or corrected text) or removed; its data names the page, the issue and the linked stories.',
  'epaper.clip':
    'A reader cut a clip out of an e-paper page, or an editor removed one; its data names the clip, the page and the issue.',
  'site.imported': 'Content came in at once (a WordPress import or a site archive).',
} as const;

export type EventType = keyof typeof EVENT_TYPES;
export const EventTypeSchema = z
  .enum(Object.keys(EVENT_TYPES) as [EventType, ...EventType[]])
  .meta({
    description: Object.entries(EVENT_TYPES)
      .map(([type, meaning]) => `\`${type}\`: ${meaning}`)
      .join('\n'),
  });

/** What a change is about: `{ kind: 'article', id }`. */
export const EventSubjectSchema = z.object({ kind: z.string(), id: z.string() });

export const EventSchema = z.object({
  id: z.number().int(),
  type: EventTypeSchema,
  subject: EventSubjectSchema,
  at: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
});
export type ChangeEvent = z.infer<typeof EventSchema>;

/** The settings' keys a `settings.updated` event names (never their values); none for any other. */
export function settingsKeysOf(event: { type: string; data: Record<string, unknown> }): string[] {
  if (event.type !== 'settings.updated' || !Array.isArray(event.data.keys)) return [];
  return event.data.keys.filter((key): key is string => typeof key === 'string');
}

export const EventsQuerySchema = z.object({
  after: z.coerce
    .number({ error: 'after must be a number' })
    .int('after must be a whole number')
    .min(0, 'after must be 0 or more')
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(1000, 'limit must be at most 1000')
    .default(100),
});

export const EventsPageSchema = z.object({
  events: z.array(EventSchema),
  /** The `after` to ask with next: the last event's id, or the same `after` when none came. */
  next: z.number().int(),
});
