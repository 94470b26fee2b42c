/** The `?page=N` of a list address: a whole number from 1, anything else is page 1. */
export function pageFromUrl(url: string): number {
  const n = Number(new URL(url).searchParams.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
