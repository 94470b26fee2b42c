import { existsSync } from 'node:fs';

/** Debian's Chromium (never a downloaded browser): CHROME_PATH, else /usr/bin/chromium. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}
