import { existsSync } from 'node:fs';

const found = (candidates: (string | undefined)[]) =>
  candidates.find((p): p is string => !!p && existsSync(p));

/** Debian's Chromium (never a downloaded browser): CHROME_PATH, else /usr/bin/chromium. */
export function chromiumPath(): string | undefined {
  return found([process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']);
}

/**
 * The browser the journeys drive: Debian's old headless shell (package chromium-headless-shell,
 * the build Playwright itself uses for headless runs) when installed, else Chromium. Chromium's
 * `--headless` is the whole browser without a window: it still draws its own tab strip and
 * toolbar in a WebUI renderer, which was half of Chromium's CPU in the gate (docs/testing.md).
 * HEADLESS_SHELL_PATH names another; CHROME_PATH alone keeps the full browser.
 */
export function journeyBrowserPath(): string | undefined {
  if (process.env.CHROME_PATH && !process.env.HEADLESS_SHELL_PATH) return chromiumPath();
  return (
    found([process.env.HEADLESS_SHELL_PATH, '/usr/bin/chromium-headless-shell']) ?? chromiumPath()
  );
}

/**
 * Chromium's flags for the journeys: without the network ones it keeps calling home, which this
 * closed network refuses. Without a GPU it composites in software; `--disable-software-rasterizer`
 * keeps it from also starting SwiftShader (a GPU emulated on the CPU), which nothing here draws
 * with: four journey files took 206 s of the machine's CPU with it, 225 s without (stop 57).
 */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-software-rasterizer',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
