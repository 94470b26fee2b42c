/**
 * The `?page=N` of a list address (public and back-office lists alike): a whole number from 1
 * up to the API's page limit (common/schemas/common.ts); anything else reads as page 1.
 */
export function pageParam(url: string | URL): number {
  const raw = new URL(url).searchParams.get('page');
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}
