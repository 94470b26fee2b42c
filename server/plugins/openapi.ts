import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../env';
import { ANY_ADDRESS, codesOf, errorSchemaFor, ISSUE_CODES } from '../lib/errors';
import { chooseEncoding, encodedEtag, encodePage, noneMatchHits } from '../caching/http-caching';

/** Where the document is served. */
export const OPENAPI_PATH = '/api/openapi.json';

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * An operation's id from its method and path, `putUsersByIdRole` for PUT /api/users/:id/role:
 * client generators name their functions after it, and method and path are already unique.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .map((segment) =>
      segment.startsWith(':')
        ? `By${capital(segment.slice(1))}`
        : segment
            .split(/[^A-Za-z0-9]+/)
            .map(capital)
            .join(''),
    );
  return method.toLowerCase() + words.join('');
}

/** A name for the shared answers of each status (`components.responses`). */
const SHARED_ANSWER_NAMES: Record<number, string> = {
  400: 'Unreadable',
  404: 'NoSuchCall',
  405: 'MethodNotAllowed',
  408: 'RequestTimeout',
  431: 'HeadersTooLarge',
  500: 'ServerError',
  503: 'DatabaseAway',
};

/**
 * The answers no operation declares but any API address may give (ANY_ADDRESS), with the
 * codes each names, as reusable responses of the document.
 */
function sharedAnswers() {
  const answer = (schema: ReturnType<typeof errorSchemaFor>, description?: string) => ({
    description: description ?? z.globalRegistry.get(schema)?.description ?? '',
    content: {
      // zod writes OpenAPI 3.0's schema objects; the document's types are @fastify/swagger's.
      'application/json': { schema: z.toJSONSchema(schema, { target: 'openapi-3.0' }) as object },
    },
  });
  return {
    ...Object.fromEntries(
      [...codesOf(ANY_ADDRESS)].map(([status, codes]) => [
        SHARED_ANSWER_NAMES[status] ?? `Status${status}`,
        answer(errorSchemaFor(status, codes)),
      ]),
    ),
    // What every operation's 400 `validation.invalid` says of each problem in `errors[]`.
    InvalidInput: answer(
      errorSchemaFor(400, ['validation.invalid'], ISSUE_CODES),
      'Invalid input: each problem in `errors[]` has its own code, one of these, with the params its text is made of.',
    ),
  };
}

/**
 * The OpenAPI document is made from the same zod schemas that validate the routes
 * (`/api/openapi.json`), browsable at `/api/docs`. Each route states its own error answers
 * (`errorResponses` in lib/errors.ts) and its `security` (`[]` for a public call).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Patrika API',
        version: '1.0.0',
        description:
          'The REST API of Patrika: the calls of the original product (SPEC.md §7, wire-compatible) and our additions. ' +
          'Apps sync from the versioned read API under `/api/v1/` (tag `v1`, version 1: its answers only gain fields), public, with ETags; an `X-Api-Key` (POST /api/keys) raises the rate limit to the key’s own. ' +
          'Errors are `{ message, code, params?, errors? }` with the status that names the problem: `message` is the English text, `code` the stable name of the refusal (each operation lists the codes it answers), `params` the parts a translation needs, and `errors` each problem of invalid input with its own code.',
      },
      servers: [{ url: config.publicUrl }],
      tags: [
        {
          name: 'v1',
          description:
            'The read API, version 1 (issue 41 item 2): what an app keeps of the published articles, in sync. SPEC.md’s calls stay unchanged beside it.',
        },
      ],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Apps' and partners' keys (issue 41 item 1): a key's own rate limit.
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
        responses: sharedAnswers(),
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const { method } = input.route;
      if (out.schema && !out.schema.hide && typeof method === 'string')
        out.schema = { operationId: operationIdOf(method, out.url), ...out.schema };
      return out;
    },
  });

  /*
   * The document is the same until the next deploy: made and compressed once, with a strong
   * validator, so a client that asks again gets a 304.
   */
  let document: Promise<{ etag: string; identity: Buffer; br: Buffer; gzip: Buffer }> | undefined;
  const make = async () => {
    const identity = Buffer.from(JSON.stringify(app.swagger()));
    const { etag, br, gzip } = await encodePage({ status: 200, headers: [] }, identity);
    return { etag, identity, br, gzip };
  };
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (request, reply) => {
    const made = await (document ??= make());
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply
      .header('vary', 'Accept-Encoding')
      .header('etag', encodedEtag(made.etag, encoding))
      .header('cache-control', 'no-cache');
    if (noneMatchHits(request.headers['if-none-match'], made.etag)) return reply.status(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(made[encoding]);
  });

  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Its page loads only its own files; let it carry its own Content-Security-Policy.
    staticCSP: true,
    // Swagger UI sets a few inline styles; styles cannot run code.
    transformStaticCSP: (header) =>
      header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
