/*
 * The compiled server (issue 36 item 4): server/index.ts and the project files it imports, as
 * JavaScript that plain `node` runs (`npm start`: no TypeScript loader at run time). Packages
 * stay in node_modules, imported as they are (native ones such as @node-rs/argon2 and sharp,
 * PGlite's WASM files), so only our own code is compiled (and drizzle-orm, below), by esbuild
 * (the compiler tsx and Vite already use: one more version in the tree would be a second
 * download).
 *
 *   node --import tsx scripts/build-server.ts     (npm run build runs it after React Router's build)
 */
import { build, type Plugin } from 'esbuild';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { OPERATOR_COMMANDS, ROOT, SERVER_OUT_DIR } from './build-state';

/**
 * Entry points: the server, the sanitiser's worker thread, which the pool starts from the file
 * beside the bundle (server/modules/articles/sanitize-pool.ts), and the operator's commands
 * (command-<name>.js, beside the server: a path a file names beside it is rewritten from this
 * folder, so every entry sits in it).
 */
const ENTRY_POINTS = {
  server: 'server/index.ts',
  'sanitize-worker': 'server/modules/articles/sanitize-worker.ts',
  ...Object.fromEntries(OPERATOR_COMMANDS.map((name) => [`command-${name}`, `scripts/${name}.ts`])),
};

/** `new URL('<relative path>', import.meta.url)`, the way our files name a file beside them. */
const FILE_BESIDE = /new URL\((['"])([^'"\n]+)\1,\s*import\.meta\.url\)/g;

const posix = (path: string) => path.split(sep).join('/');

/**
 * A file that names a file or folder of the sources beside it (the migrations, the demo images,
 * the project's root) keeps naming it from the bundle: the path is rewritten relative to the
 * output folder. A path with nothing at it in the sources (the compiled worker) is left to mean
 * "beside the bundle".
 */
function sourcePaths(outDir: string): Plugin {
  return {
    name: 'patrika-source-paths',
    setup(builder) {
      builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        const contents = source.replace(FILE_BESIDE, (whole, quote: string, path: string) => {
          if (!path.startsWith('.')) return whole;
          const target = resolve(dirname(args.path), path);
          if (!existsSync(target)) return whole;
          const fromBundle = posix(relative(outDir, target)) || '.';
          const kept =
            path.endsWith('/') && !fromBundle.endsWith('/') ? `${fromBundle}/` : fromBundle;
          return `new URL(${quote}${kept}${quote}, import.meta.url)`;
        });
        return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * Packages compiled into the bundle rather than imported from node_modules: pure JavaScript in
 * many small ES modules under a large package.json. For every file it imports, Node reads the
 * package's package.json again and parses its `exports` (drizzle-orm's is 179 KB, for 112
 * files): 0.9 of the 5.7 CPU-seconds an embedded site took to start (ADR 048).
 */
const COMPILED_PACKAGES = ['drizzle-orm'];

const packageOf = (path: string) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

/** Every other package stays in node_modules, imported as it is. */
const packagesBeside: Plugin = {
  name: 'patrika-packages-beside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (COMPILED_PACKAGES.includes(packageOf(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Builds the server into SERVER_OUT_DIR, anew; throws with esbuild's messages when it cannot.
 * Built beside it, then swapped in, so a process starting meanwhile finds a whole build.
 */
async function buildServer(): Promise<void> {
  const next = `${SERVER_OUT_DIR}.next-${process.pid}`;
  const old = `${SERVER_OUT_DIR}.old-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRY_POINTS,
    outdir: next,
    bundle: true,
    // Shared code and what loads late (the demo seed) in chunks beside the entries.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: 'linked',
    // Stack traces name our sources (npm start runs node --enable-source-maps).
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'silent',
    // `next` sits beside SERVER_OUT_DIR: the same paths lead from either to the sources.
    plugins: [packagesBeside, sourcePaths(SERVER_OUT_DIR)],
  });
  // Chunks are named by their content: the old folder goes whole, not file by file.
  if (existsSync(SERVER_OUT_DIR)) renameSync(SERVER_OUT_DIR, old);
  renameSync(next, SERVER_OUT_DIR);
  rmSync(old, { recursive: true, force: true });
}

const started = Date.now();
await buildServer();
console.log(
  `✓ compiled the server into ${posix(relative(ROOT, SERVER_OUT_DIR))}/ in ${Date.now() - started} ms`,
);
