/*
 * Every status an API call answers in the integration tests is one its route declares in
 * `schema.response` (issue 22 item 4), and every error code it answers is one that status
 * declares (issue 36 item 2): the OpenAPI document is made from those declarations, so a status
 * or a code a route answers without declaring it is one the document does not tell clients
 * about. `createTestApp` records each answer of a documented route; `close()` fails the test
 * file that saw an undeclared one, naming the call, the status and the code.
 */
import type { FastifyInstance } from 'fastify';

/** The codes a declared error response names (`errorResponses`, server/lib/errors.ts). */
function declaredCodes(schema: unknown): readonly string[] | undefined {
  const code = (schema as { shape?: { code?: { meta?: () => unknown } } } | undefined)?.shape?.code;
  const named = (code?.meta?.() as { enum?: unknown } | undefined)?.enum;
  return Array.isArray(named) ? (named as string[]) : undefined;
}

/** The `code` of an error answer's JSON body, if it has one. */
function answeredCode(payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const code = (JSON.parse(payload) as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records, on `app`, each answer of a route that documents its responses (a schema with
 * `response` that is not hidden) whose status the route does not declare, or whose error code
 * that status does not name. A 500 is left out: it is a failure of ours, in no route's
 * contract, and the tests that cause one say so.
 */
export function recordUndeclaredStatuses(app: FastifyInstance): () => string[] {
  const undeclared = new Set<string>();
  const documentedOf = (request: { routeOptions: { schema?: unknown } }) => {
    const documented = request.routeOptions.schema as
      { hide?: boolean; response?: Record<string, unknown> } | undefined;
    return documented?.response && !documented.hide ? documented.response : undefined;
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const response = documentedOf(request);
    const status = reply.statusCode;
    if (!response || status < 400 || status === 500) return payload;
    const codes = declaredCodes(response[String(status)]);
    const code = answeredCode(payload);
    if (codes && code !== undefined && !codes.includes(code)) {
      const { url, method } = request.routeOptions;
      undeclared.add(`${String(method)} ${url} answered ${status} with code ${code}`);
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const { url, method } = request.routeOptions;
    const response = documentedOf(request);
    if (!url || !response) return;
    // The client went away before anything was answered (an upload broken off): no status.
    if (!reply.raw.headersSent) return;
    const status = reply.statusCode;
    if (status === 500 || String(status) in response) return;
    const call = `${String(method)} ${url}`;
    undeclared.add(`${call} answered ${status}`);
  });
  return () => [...undeclared];
}
