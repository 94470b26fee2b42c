/*
 * What the audit trail records from events (issue 40 item 6): an article published (by a save
 * or by its scheduled time), unpublished or deleted, and the settings changed (the keys that
 * changed), with who did it when the event says (`data.by`). Read once across processes, at least once: an entry names its event, and an
 * event heard again finds its entry there.
 */
import type { AuditAction } from '../../../common/schemas/audit';
import { settingsKeysOf } from '../../../common/schemas/events';
import type { EventBus } from '../../events/event-bus';
import type { AuditService } from './audit-service';

const FROM_EVENTS: Partial<Record<string, AuditAction>> = {
  'settings.updated': 'settings.changed',
  'article.published': 'article.published',
  'article.unpublished': 'article.unpublished',
  'article.deleted': 'article.deleted',
  'article.corrected': 'article.corrected',
};

/** The editions change an article event carries (article-events.ts `editionsChanged`). */
function editionsChangeOf(data: Record<string, unknown>): Record<string, unknown> | undefined {
  const change = data.editionsChanged;
  return change && typeof change === 'object' ? (change as Record<string, unknown>) : undefined;
}

export function auditEvents(
  events: Pick<EventBus, 'once'>,
  audit: AuditService,
  nameOf: (userId: string) => Promise<string | undefined>,
) {
  events.once('audit', async (batch) => {
    for (const event of batch) {
      // A story's editions changed (issue 65 item 5): said on the entry its event makes, or,
      // for an edit readers see no other news in, on an entry of its own (one per event).
      const editions = editionsChangeOf(event.data);
      const action =
        FROM_EVENTS[event.type] ??
        (editions && event.type.startsWith('article.') ? 'article.editions_changed' : undefined);
      if (!action) continue;
      const by = typeof event.data.by === 'string' ? event.data.by : undefined;
      const title = typeof event.data.title === 'string' ? event.data.title : '';
      // Settings: which keys changed (the event never carries values).
      const keys = settingsKeysOf(event);
      await audit.append({
        action,
        actor: by ? { id: by, name: (await nameOf(by)) ?? '' } : null,
        subject: { kind: event.subject.kind, id: event.subject.id, name: title },
        ...(keys.length > 0 ? { details: { keys } } : {}),
        ...(editions ? { details: { editions } } : {}),
        at: event.at,
        eventId: event.id,
      });
    }
  });
}
