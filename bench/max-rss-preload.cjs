/*
 * Preloaded into the WordPress import by bench/wordpress-rate.ts (node --require …): at exit,
 * prints the process's peak resident memory to stderr as "max-rss-mb N".
 */
process.on('exit', () => {
  process.stderr.write(`max-rss-mb ${Math.round(process.resourceUsage().maxRSS / 1024)}\n`);
});
