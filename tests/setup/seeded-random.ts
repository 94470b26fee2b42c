/**
 * Numbers in [0, 1) from a seed, the same every run, so a generated input that fails a test
 * comes back on the next run.
 */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** A text of `count` pieces, each drawn from `pieces` by `random`. */
export function piecesText(random: () => number, pieces: readonly string[], count: number): string {
  return Array.from({ length: count }, () => pieces[Math.floor(random() * pieces.length)]).join('');
}
