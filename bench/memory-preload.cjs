/*
 * Preloaded into the server by `BENCH_MEMORY_LOG=<file> npm run bench -- --scale=N`
 * (NODE_OPTIONS=--require …): samples process.memoryUsage() every 20 ms, and at each SIGUSR2
 * (the scale bench sends one after each phase) appends a line of JSON to $BENCH_MEMORY_LOG: the
 * figures now, their peaks since the last line (MB), the peak RSS so far (VmHWM) and the size of
 * each of V8's heap spaces. What grows in a phase, and whether it is V8's heap or memory outside
 * it (buffers, native libraries).
 */
const { appendFileSync, readFileSync } = require('node:fs');
const v8 = require('node:v8');

const MB = 1024 * 1024;
let peak = {};
const sample = () => {
  const now = process.memoryUsage();
  for (const [name, bytes] of Object.entries(now)) peak[name] = Math.max(peak[name] ?? 0, bytes);
};
setInterval(sample, 20).unref();

const inMb = (figures) =>
  Object.fromEntries(
    Object.entries(figures).map(([name, bytes]) => [name, Math.round(bytes / MB)]),
  );
let line = 0;
process.on('SIGUSR2', () => {
  sample();
  const status = readFileSync('/proc/self/status', 'utf8');
  const hwm = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, Math.round(s.space_size / MB)]),
  );
  const figures = { line: line++, hwm, now: inMb(process.memoryUsage()), peak: inMb(peak), spaces };
  appendFileSync(process.env.BENCH_MEMORY_LOG, `${JSON.stringify(figures)}\n`);
  peak = {};
});
