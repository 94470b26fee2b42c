/*
 * Every status an API call answers in the integration tests is one its route declares in
 * `schema.response` (issue 22 item 4): the OpenAPI document is made from those declarations, so
 * a status a route answers without declaring it is one the document does not tell clients about.
 * `createTestApp` records each answer of a documented route; `close()` fails the test file that
 * saw an undeclared one, naming the call and the status.
 */
import type { FastifyInstance } from 'fastify';

/**
 * Records, on `app`, each answer of a route that documents its responses (a schema with
 * `response` that is not hidden) whose status the route does not declare. A 500 is left out:
 * it is a failure of ours, in no route's contract, and the tests that cause one say so.
 */
export function recordUndeclaredStatuses(app: FastifyInstance): () => string[] {
  const undeclared = new Set<string>();
  app.addHook('onResponse', async (request, reply) => {
    const { url, method, schema } = request.routeOptions;
    const documented = schema as { hide?: boolean; response?: object } | undefined;
    if (!url || !documented?.response || documented.hide) return;
    // The client went away before anything was answered (an upload broken off): no status.
    if (!reply.raw.headersSent) return;
    const status = reply.statusCode;
    if (status === 500 || String(status) in documented.response) return;
    const call = `${String(method)} ${url}`;
    undeclared.add(`${call} answered ${status}`);
  });
  return () => [...undeclared];
}
