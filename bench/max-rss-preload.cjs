/*
 * Preloaded into the WordPress import by bench/wordpress-rate.ts (node --require …): at exit,
 * prints the process's peak resident memory to stderr as "max-rss-mb N", and the CPU time it
 * used as "cpu-s N" (user and system, seconds).
 */
process.on('exit', () => {
  const used = process.resourceUsage();
  process.stderr.write(`max-rss-mb ${Math.round(used.maxRSS / 1024)}\n`);
  process.stderr.write(`cpu-s ${((used.userCPUTime + used.systemCPUTime) / 1e6).toFixed(1)}\n`);
});
