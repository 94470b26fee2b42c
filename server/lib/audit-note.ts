/*
 * What a call that answers no JSON (a browser's navigation, such as single sign-on's way back)
 * tells the audit trail's rule for it (server/modules/audit/audit-hooks.ts reads it as the
 * call's answer). Named fields only, never a token or a secret.
 */
import type { FastifyRequest } from 'fastify';

const notes = new WeakMap<FastifyRequest, Record<string, unknown>>();

export const noteForAudit = (request: FastifyRequest, note: Record<string, unknown>) =>
  notes.set(request, note);

export const auditNoteOf = (request: FastifyRequest) => notes.get(request);
