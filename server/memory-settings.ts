/*
 * How much memory a serving process keeps (issue 71 item 6, docs/decisions/083). Both settings
 * are read as the process starts, so they are given by whatever starts it: `npm start`
 * (package.json, the same values: a unit test keeps them in step), the primary for its workers
 * (server/cluster.ts) and the tests' and benchmarks' servers (tests/setup/spawn-server.ts).
 */

/**
 * The C library's allocator. Native work (libvips and libaom encoding AVIF on libuv's threads,
 * zlib and brotli, the PostgreSQL driver's buffers) frees what it allocated, but glibc kept it:
 * each thread had an arena of its own (up to eight per core), and the top of each was given back
 * only past a threshold that grows with the largest block freed. Making twelve images' AVIF
 * variants left a process 190–220 MB larger than it began; with these two settings 12–14 MB.
 * At most two arenas, and free memory past 128 KB at an arena's top given back at once.
 */
export const MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;

/** MALLOC_ENV where `env` does not set a value of its own (an operator's setting wins). */
export function mallocEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(MALLOC_ENV).map(([name, value]) => [name, env[name] ?? value]),
  );
}

/**
 * V8's: a full collection is due once the old generation is half as large again as what the
 * last one kept, instead of V8's own factor of up to 4 (on a machine with memory to spare, the
 * worker's heap grew to 407 MB, 380 MB used, before one ran, and kept 164 MB). Not a limit: a
 * request that needs more heap gets it. On node's command line (NODE_OPTIONS does not take it);
 * a cluster's workers inherit it.
 */
export const NODE_MEMORY_FLAGS = ['--heap-growing-percent=50'] as const;
