/*
 * Co-editing rights that end (issue 66 item 6): a socket's right to write into a shared document
 * is the session's and the role's of now, not of when it joined. Sessions are rows in the
 * database, so the check is the database's answer in whichever process holds the socket: every
 * incoming message is held until the session and the article's edit check are asked again (one
 * question at a time per connection, shared by the messages that arrive while it is asked), and
 * every open connection is asked again every RECHECK_MS, for those who only watch.
 */
import type { Extension, Hocuspocus, beforeHandleMessagePayload } from '@hocuspocus/server';
import { secondFactorRequired } from '../../../common/settings';
import type { TwoFactorPolicy } from '../../../common/settings';
import type { Actor } from '../../lib/actor';
import { AppError, forbidden } from '../../lib/errors';

/**
 * The context a connection carries: who opened it (by cookie or header) and the token that says
 * so, asked again while the connection lasts.
 */
export interface CollabContext {
  actor?: Actor | null;
  token?: string;
}

/** How often a connection that sends nothing is asked again (a demoted author who only reads). */
export const RECHECK_MS = 30_000;

/** The close code a connection whose rights ended is closed with (Hocuspocus's Forbidden). */
const FORBIDDEN_CLOSE = 4403;

/** What asking needs (CollabDeps has each of them). */
interface RightsDeps {
  authenticate(token: string): Promise<Actor | null>;
  editable(actor: Actor | null, id: string): Promise<unknown>;
  policy(): Promise<TwoFactorPolicy>;
}

/**
 * Whose the connection is now and whether they may edit `documentName`: the token it came with
 * (the upgrade's cookie or header, else the provider's) asked again, never an actor kept from
 * before. Throws the refusal (an AppError) when they may not.
 */
export async function rightsOf(
  deps: RightsDeps,
  token: string | undefined,
  documentName: string,
): Promise<{ actor: Actor | null; token?: string }> {
  const actor = token ? await deps.authenticate(token) : null;
  await deps.editable(actor, documentName);
  if (actor && !actor.secondFactor && secondFactorRequired(await deps.policy(), actor.role))
    throw forbidden('auth.second_factor_required');
  return { actor, token };
}

/** The part of a Hocuspocus connection this file touches. */
interface ConnectionLike {
  readOnly: boolean;
  context: unknown;
  webSocket: { close(code?: number, reason?: string): void };
}

/**
 * Ends a connection whose rights ended: nothing it sent still waiting is applied (read-only),
 * and its socket is closed, so the provider joins again and is refused with the refusal's code.
 * Quietly: a thrown hook would be logged by Hocuspocus as an exception.
 */
function end(connection: ConnectionLike, reason: string) {
  connection.readOnly = true;
  connection.webSocket.close(FORBIDDEN_CLOSE, reason);
}

/** Asks a connection's rights again; answers the refusal's code, or undefined when they hold. */
async function refusalOf(
  deps: RightsDeps,
  context: CollabContext | undefined,
  documentName: string,
): Promise<string | undefined> {
  try {
    const { actor } = await rightsOf(deps, context?.token, documentName);
    if (context) context.actor = actor;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

/**
 * The extension that asks again: before each incoming message of a connection, and for every
 * connection every RECHECK_MS. A database that is away is not a refusal: the message waits for
 * the answer, and a failed sweep leaves the connection to the next.
 */
export function rights(
  deps: RightsDeps & { log: { error(details: object, message: string): void } },
) {
  const asking = new WeakMap<object, Promise<string | undefined>>();
  const ask = (connection: ConnectionLike, documentName: string) => {
    const under = asking.get(connection);
    if (under) return under;
    const question = refusalOf(deps, connection.context as CollabContext, documentName).finally(
      () => asking.delete(connection),
    );
    asking.set(connection, question);
    return question;
  };
  let timer: NodeJS.Timeout | undefined;

  const extension: Extension = {
    async beforeHandleMessage({ connection, documentName }: beforeHandleMessagePayload) {
      const refusal = await ask(connection as unknown as ConnectionLike, documentName);
      if (refusal !== undefined) end(connection as unknown as ConnectionLike, refusal);
    },
  };

  return {
    extension,
    /** Starts asking every open connection again every RECHECK_MS. */
    start(hocuspocus: Hocuspocus) {
      timer = setInterval(() => {
        for (const document of hocuspocus.documents.values())
          for (const connection of document.getConnections()) {
            const held = connection as unknown as ConnectionLike;
            ask(held, document.name)
              .then((refusal) => refusal !== undefined && end(held, refusal))
              .catch((error: unknown) =>
                deps.log.error({ err: error, document: document.name }, 'asking rights failed'),
              );
          }
      }, RECHECK_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
