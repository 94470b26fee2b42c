/*
 * The rows the database answered while some work ran: the driver's `query` wrapped on the one
 * client drizzle calls on either engine (`$client`: the PGlite instance, or node-postgres's
 * pool), so a test can say what a read touched and how much of it. Work of other parts of the
 * process in the same moments (the events' poll) is counted too: assert on what they never
 * answer.
 */
import type { Db } from '../../db/client';

type Answer = { rows?: unknown[] } | undefined;
type Client = { query: (...args: unknown[]) => Promise<Answer> };

export interface RowsRead<T> {
  result: T;
  /** Every row answered, as its values (drizzle asks most queries for arrays). */
  rows: unknown[][];
  queries: number;
}

export async function rowsReadDuring<T>(db: Db, work: () => Promise<T>): Promise<RowsRead<T>> {
  const client = (db as unknown as { $client: Client }).$client;
  const own = Object.hasOwn(client, 'query');
  const original = client.query;
  const rows: unknown[][] = [];
  let queries = 0;
  client.query = async (...args: unknown[]) => {
    const answer = await original.apply(client, args);
    queries++;
    for (const row of answer?.rows ?? []) rows.push(Object.values(row as object));
    return answer;
  };
  try {
    return { result: await work(), rows, queries };
  } finally {
    if (own) client.query = original;
    else delete (client as Partial<Client>).query;
  }
}
