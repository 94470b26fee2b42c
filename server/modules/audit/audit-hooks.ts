/*
 * What the audit trail records of HTTP calls (issue 40 item 6): after a call answered, a rule
 * keyed by its route and method says which action it was, if any, from its status, its
 * parameters, its body and its answer. Recorded after the answer went out, so no call waits on
 * it; a failure to record is logged (audit-service.ts). Secrets never reach an entry: rules
 * copy named fields only (an e-mail, a role, the settings' keys), never a body whole.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditNoteOf } from '../../lib/audit-note';
import type { AuditService } from './audit-service';
import { AUDITED_CALLS } from './audit-calls';

const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The answer of an audited call, kept for its rule (JSON only). */
const ANSWER = Symbol('audit answer');
type WithAnswer = FastifyRequest & { [ANSWER]?: unknown };

const ruleOf = (request: FastifyRequest) =>
  AUDITED_CALLS[`${request.method} ${request.routeOptions.url ?? ''}`];

export function registerAuditHooks(app: FastifyInstance, audit: AuditService) {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (ruleOf(request) && typeof payload === 'string') {
      try {
        (request as WithAnswer)[ANSWER] = JSON.parse(payload);
      } catch {
        // Not JSON: the rule reads nothing from it.
      }
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const rule = ruleOf(request);
    if (!rule) return;
    const actor = await request.actor().catch(() => null);
    const entries = rule({
      status: reply.statusCode,
      params: asRecord(request.params) as Record<string, string>,
      body: asRecord(request.body),
      answer: asRecord((request as WithAnswer)[ANSWER] ?? auditNoteOf(request)),
      note: asRecord(auditNoteOf(request)),
      actor,
    });
    if (!entries) return;
    const agent = request.headers['user-agent'];
    for (const entry of Array.isArray(entries) ? entries : [entries])
      await audit.record({
        ...entry,
        ip: request.ip,
        userAgent: typeof agent === 'string' ? agent : '',
      });
  });
}
