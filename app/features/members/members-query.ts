import { MEMBERSHIP_STATUSES } from '../../../common/schemas/payments';

/*
 * Kept out of the route module: with split route modules (react-router.config.ts) the
 * clientLoader's chunk cannot use a function the route module exports beside it.
 */

/** The API's query for the screen's address: its status filter, if a known one. */
export function membersQuery(url: string, format?: 'csv'): string {
  const query = new URLSearchParams();
  const status = new URL(url).searchParams.get('status');
  if (status && (MEMBERSHIP_STATUSES as readonly string[]).includes(status))
    query.set('status', status);
  if (format) query.set('format', format);
  return query.toString();
}
