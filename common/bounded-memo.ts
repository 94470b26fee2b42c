/**
 * `compute`, remembered by its argument: for pure work whose inputs repeat (a newsroom's words,
 * the same cards on every page), where a lookup costs less than computing again. At most `max`
 * answers are kept, all forgotten at once when full, so odd input cannot grow it.
 */
export function boundedMemo<K, V>(max: number, compute: (key: K) => V): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    const found = kept.get(key);
    if (found !== undefined || kept.has(key)) return found as V;
    const value = compute(key);
    if (kept.size >= max) kept.clear();
    kept.set(key, value);
    return value;
  };
}
