/**
 * A progress bar on stderr when it is a terminal (nothing otherwise, so logs and pipes stay
 * clean); the report goes to stdout.
 */
export function progressBar(stream: NodeJS.WriteStream = process.stderr) {
  const tty = stream.isTTY === true;
  let last = '';
  return {
    update(label: string, done: number, total: number) {
      if (!tty) return;
      const width = 30;
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(share * width);
      const line = `${label.padEnd(10)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(share * 100)).padStart(3)}%`;
      if (line === last) return;
      last = line;
      stream.write(`\r${line}`);
    },
    done() {
      if (tty && last) stream.write('\n');
      last = '';
    },
  };
}
