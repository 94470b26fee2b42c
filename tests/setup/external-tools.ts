/*
 * Tools from Debian's packages that some tests run as outside judges of what the server
 * writes: xmllint (libxml2-utils) validates sitemaps against the published XSDs, and Python's
 * feedparser (python3-feedparser) reads the feeds as feed readers do. .ci/run installs both.
 * Outside CI a missing tool skips those tests with one line; with CI=true it is a failure, as
 * scripts/test.ts treats Chromium.
 */
import { spawnSync } from 'node:child_process';

export const IN_CI = process.env.CI === 'true' || process.env.CI === '1';

/**
 * The Python that has feedparser: Debian's (/usr/bin/python3, where apt-get puts the module),
 * else whichever `python3` comes first on the PATH (a pyenv shim may come first and lack it).
 */
export const PYTHON =
  ['/usr/bin/python3', 'python3'].find(
    (python) => spawnSync(python, ['-c', 'import feedparser'], { stdio: 'ignore' }).status === 0,
  ) ?? 'python3';

const TOOLS = {
  xmllint: {
    present: () => spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status === 0,
    install: 'apt-get install -y libxml2-utils',
  },
  feedparser: {
    present: () => spawnSync(PYTHON, ['-c', 'import feedparser'], { stdio: 'ignore' }).status === 0,
    install: 'apt-get install -y python3-feedparser',
  },
} as const;

export type Tool = keyof typeof TOOLS;

/**
 * Whether the tests that need `tool` run here. Missing outside CI: false, after one line that
 * says what was skipped and how to get the tool. Missing in CI: true, so that those tests run
 * and fail on `requireTool`.
 */
export function runsWith(tool: Tool, what: string): boolean {
  if (TOOLS[tool].present()) return true;
  if (IN_CI) return true;
  console.log(`– Skipping ${what}: ${tool} is not installed (${TOOLS[tool].install}).`);
  return false;
}

/** Fails (in CI) when `tool` is missing; call it in the beforeAll of tests that need it. */
export function requireTool(tool: Tool): void {
  if (!TOOLS[tool].present())
    throw new Error(
      `CI=true but ${tool} is not installed (${TOOLS[tool].install}): these tests cannot be skipped in CI.`,
    );
}
