/** House ads' choice among the running creatives of a position (issue 39 item 1). */

/** One of `fills` by weight (`random` in [0, 1)). */
export function pickByWeight<T extends { weight: number }>(fills: T[], random = Math.random()) {
  const total = fills.reduce((n, f) => n + f.weight, 0);
  let left = random * total;
  for (const fill of fills) {
    left -= fill.weight;
    if (left < 0) return fill;
  }
  return fills.at(-1);
}
