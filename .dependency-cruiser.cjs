/*
 * `npm run lint` refuses any import circle in server/, app/, common/ and db/ (issue 36 item 1),
 * `import type` included: ESLint's import/no-cycle does not see type-only imports, which is where
 * every circle we had came from. tests/unit/import-circles.test.ts shows the rule failing.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle: two files that need each other are one room, or a type belongs in a file of its own that both import (STYLE.md, "Deps types beside the module").',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports count: a circle of types is still a circle of files.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|\\.react-router)/' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
