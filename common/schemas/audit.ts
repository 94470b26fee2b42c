/*
 * The audit trail (issue 40 item 6): what `GET /api/audit` answers, and the actions it records
 * with what each means. An action's name never changes meaning.
 */
import { z } from 'zod';
import { IdSchema, estimatedField, pageFields, pagination } from './common';

export const AUDIT_ACTIONS = {
  'auth.signin': 'Someone signed in.',
  'auth.signin_failed': 'A sign-in was refused: an unknown address or a wrong password.',
  'auth.signin_locked': 'A sign-in was refused because the account or address is paused.',
  'auth.recovery_code_used': 'Someone signed in with one of their recovery codes.',
  'second_factor.added': 'Someone turned on a second factor (authenticator codes).',
  'second_factor.removed': 'Someone turned off a second factor (authenticator codes).',
  'passkey.added': 'Someone added a passkey to their account (its name in details).',
  'passkey.removed': 'Someone removed one of their passkeys.',
  'session.ended': 'Sessions were ended: one, all but the current, or all of a person’s.',
  'user.role_changed': 'An administrator changed someone’s role.',
  'user.invited': 'An administrator invited someone to the staff.',
  'user.created': 'An account was made (a sign-up, or an invitation accepted).',
  'user.deleted':
    'Someone deleted their own account (its id, name and role are kept here; its e-mail is not).',
  'user.password_set': 'An administrator set someone’s password.',
  'user.password_reset':
    'Someone chose a new password from a reset link (details.secondStep: their second factor was still to come).',
  'user.password_changed': 'Someone changed their own password.',
  'user.editions_changed':
    'An administrator limited someone’s desk to editions, or lifted the limit (the editions in details; none: every edition).',
  'settings.changed': 'The site settings changed (the keys are named, never values).',
  'article.published': 'An article became public.',
  'article.unpublished': 'A public article left readers.',
  'article.deleted': 'An article was deleted.',
  'article.corrected': 'A published story was corrected on the record.',
  'article.editions_changed':
    'A story was put in or taken out of editions, or given another primary edition (added, removed and the primary in details).',
  'category.deleted': 'A category was deleted.',
  'media.deleted': 'An uploaded image was deleted.',
  'edition.deleted': 'An administrator deleted an edition.',
  'api_key.created': 'An administrator made a key for an app or partner.',
  'api_key.revoked': 'An administrator revoked a key.',
  'webhook.created': 'An administrator added a webhook.',
  'webhook.changed': 'An administrator changed a webhook.',
  'webhook.deleted': 'An administrator deleted a webhook.',
  'plan.created': 'An administrator made a membership plan.',
  'plan.changed':
    'An administrator changed a membership plan (its price, period, access or offer).',
  'member.complimentary': 'An administrator gave someone a complimentary membership.',
  'member.complimentary_ended': 'An administrator ended someone’s complimentary membership.',
  'epaper.trace_looked_up':
    'An administrator looked up the reader behind an e-paper download’s trace (the trace in details; the reader as subject when found).',
  'subscribers.imported':
    'An administrator imported newsletter subscribers from CSV (how many rows went in, how many were refused).',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AuditActionSchema = z
  .enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]])
  .meta({
    description: Object.entries(AUDIT_ACTIONS)
      .map(([action, meaning]) => `\`${action}\`: ${meaning}`)
      .join('\n'),
  });

export const AuditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** Who did it; null when nobody was signed in (a refused sign-in, a job). */
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  action: AuditActionSchema,
  subject: z.object({ kind: z.string(), id: z.string(), name: z.string() }),
  /** The address truncated: /24 of IPv4, /48 of IPv6. */
  ip: z.string(),
  userAgent: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = pagination(50, 200).extend({
  actor: IdSchema.optional(),
  action: AuditActionSchema.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  ...pageFields,
  ...estimatedField,
});
