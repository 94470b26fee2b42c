import { reactRouter } from '@react-router/dev/vite';
import { purgeCSSPlugin } from '@fullhuman/postcss-purgecss';
import type { AcceptedPlugin, Root } from 'postcss';
import { build, defineConfig, type Plugin } from 'vite';

// The same names as common/reader-build.ts, which the server reads (a config that imports
// project files without an extension is on its way out of Vite, so they are written twice).
const READER_SCRIPT_SOURCE = 'app/reader/main.ts';
const READER_MANIFEST = 'reader-manifest.json';
const SERVICE_WORKER_SOURCE = 'app/reader/service-worker.ts';
const SERVICE_WORKER_FILE = 'sw.js';

/** The reading pages' stylesheet (purged below): the server inlines it into their documents. */
const READER_STYLES_SOURCE = 'app/styles/reader.css';

/**
 * `input` built on its own, minified, sharing nothing with the app: its entry file, and the
 * files it loads only when asked (`import()`, issue 36 item 8), under assets/reader-*. The
 * entry imports nothing up front: a page fetches one script, never a chain.
 */
async function bundleAlone(input: string) {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      // A library build: its `import()` stays a plain import, without Vite's preload helper
      // (1.4 KB that the parts, which import nothing more, have no use for); minified whole.
      lib: { entry: input, formats: ['es'] },
      rolldownOptions: {
        // What the parts share with the entry stays in the entry: one file up front.
        preserveEntrySignatures: false,
        output: {
          entryFileNames: 'assets/reader-[hash].js',
          chunkFileNames: 'assets/reader-[name]-[hash].js',
          minify: true,
          comments: false,
        },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) =>
    'output' in r ? r.output : [],
  );
  const chunks = outputs.filter((o) => o.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  if (!entry || entry.imports.length > 0)
    throw new Error(`${input} must build to one file up front, not ${chunks.length}`);
  return { entry, lazy: chunks.filter((c) => c !== entry) };
}

/**
 * Reading pages are documents without client-side React (DECISIONS.md §13): they load one
 * small script of their own. This bundles it on its own, into one file with nothing shared with
 * the app's chunks (so a phone fetches one script, not a chain of imports; what only some pages
 * need comes later, when asked), adds it to the client build under a hashed name, and writes
 * where it went, with the built reading-page stylesheet the server inlines, to
 * build/client/reader-manifest.json (docs/decisions/028).
 */
function readerScript(): Plugin {
  let building = false;
  return {
    name: 'patrika-reader-script',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      building = this.environment.mode === 'build';
    },
    async generateBundle(_options, bundle) {
      if (!building) return;
      const { entry, lazy } = await bundleAlone(READER_SCRIPT_SOURCE);
      // The push alerts' service worker, bundled the same way, under the name the server serves.
      const worker = await bundleAlone(SERVICE_WORKER_SOURCE);
      if (worker.lazy.length > 0) throw new Error(`${SERVICE_WORKER_SOURCE} must be one file`);
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: worker.entry.code });
      for (const chunk of [entry, ...lazy])
        this.emitFile({ type: 'asset', fileName: chunk.fileName, source: chunk.code });
      const file = entry.fileName;
      const styles = Object.values(bundle).find(
        (o) =>
          o.type === 'asset' &&
          o.fileName.endsWith('.css') &&
          o.originalFileNames.some((name) => name.endsWith(READER_STYLES_SOURCE)),
      );
      if (!styles) throw new Error(`${READER_STYLES_SOURCE} is not in the client build`);
      this.emitFile({
        type: 'asset',
        fileName: READER_MANIFEST,
        source: JSON.stringify({ file: `/${file}`, styles: `/${styles.fileName}` }),
      });
    },
  };
}

/** Where the reading pages' markup comes from: what PurgeCSS reads for the selectors in use. */
const READING_PAGE_SOURCES = [
  'app/root.tsx',
  'app/routes/public/!(profile).tsx',
  'app/routes/not-found.tsx',
  'app/routes/redirects/*.tsx',
  'app/components/*.{ts,tsx}',
  'app/copy/*.{ts,tsx}',
  'app/features/elections/*.{ts,tsx}',
  'app/reader/*.ts',
  // Election blocks are written as HTML here for the story's page and the live poll alike.
  'common/election-embed-html.ts',
];

/**
 * Only the reading pages' stylesheet (app/styles/reader.css) loses the rules its pages never
 * use; the back office keeps all of Bootstrap. Article bodies are stored HTML: every element
 * the sanitiser allows keeps its rules, whatever the sources say.
 */
function purgeReaderStyles(): AcceptedPlugin {
  const purge = purgeCSSPlugin({
    content: READING_PAGE_SOURCES,
    // Words of JSX and TS, class names with colons, slashes and dots included.
    defaultExtractor: (content) => content.match(/[\w-/:.%@]+(?<!:)/g) ?? [],
    safelist: {
      standard: [
        /^(h[1-6]|p|br|hr|div|span|strong|b|em|i|u|s|del|ins|mark|sub|sup|small)$/,
        /^(blockquote|pre|code|ul|ol|li|a|img|figure|figcaption|iframe)$/,
        /^(table|thead|tbody|tfoot|tr|th|td|caption|colgroup|col|html|body|main)$/,
        /^:root/,
      ],
      // Set by the browser: open menus, :lang(). Data attributes stay when the sources name them
      // (ours, set by the reader script too); Bootstrap's for its own scripts (popovers,
      // tooltips, carousels) and its dark theme go, as no reading page runs or sets them.
      greedy: [/open/, /lang/],
    },
    variables: true,
    fontFace: false,
    keyframes: true,
  });
  return {
    postcssPlugin: 'patrika-purge-reader-styles',
    async OnceExit(root: Root, helpers) {
      // Vite names the file with a query (`?transform-only`, `?url`).
      const file = root.source?.input.file?.replace(/\?.*$/, '') ?? '';
      if (!file.endsWith(READER_STYLES_SOURCE)) return;
      const run = (purge as { OnceExit?: (root: Root, helpers: unknown) => unknown }).OnceExit;
      if (run) await run(root, helpers);
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), readerScript()],
  css: { postcss: { plugins: [purgeReaderStyles()] } },
  build: {
    // Hashed files land in build/client/assets and are served with immutable caching.
    assetsDir: 'assets',
    // The back office's article editor (TipTap and ProseMirror, ~500 KB, ~160 KB gzipped) is
    // one chunk on purpose: it loads only on the editor's screens, never on a reading page
    // (DECISIONS.md §13), and split further it would be the same bytes in more requests.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Rolldown's note on how long plugins took is for profiling a slow build, not for every
      // build's output (issue 45 item 6: a first start shows a progress line, not build notes).
      checks: { bundlerTimings: false },
    },
    // Fonts stay files: inlined into the reading pages' stylesheet, the site name's small face
    // would ride along on every page, Hindi ones too, instead of being fetched only where used.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
  },
});
