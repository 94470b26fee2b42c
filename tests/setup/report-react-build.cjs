/*
 * Preloaded into a server process (NODE_OPTIONS=--require …) by a test: prints the file name
 * of every React build file the process loads, so the test can tell the development build from
 * the production one. Prints to stderr, once per file.
 */
const Module = require('node:module');
const seen = new Set();
const load = Module._load;
Module._load = function (request, parent, isMain) {
  const exported = load.apply(this, arguments);
  try {
    const file = Module._resolveFilename(request, parent, isMain);
    if (/[\\/]react(-dom)?[\\/]cjs[\\/]/.test(file) && !seen.has(file)) {
      seen.add(file);
      process.stderr.write(`react-build-file: ${file}\n`);
    }
  } catch {
    // a built-in or unresolvable request: not React
  }
  return exported;
};
