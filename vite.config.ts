import { reactRouter } from '@react-router/dev/vite';
import { purgeCSSPlugin } from '@fullhuman/postcss-purgecss';
import type { AcceptedPlugin, Root } from 'postcss';
import { defineConfig, type Plugin } from 'vite';

// The same names as common/reader-build.ts, which the server reads (a config that imports
// project files without an extension is on its way out of Vite, so they are written twice).
const READER_SCRIPT_SOURCE = 'app/reader/main.ts';
const READER_MANIFEST = 'reader-manifest.json';

/**
 * Reading pages are documents without client-side React (DECISIONS.md §13): they load one
 * small script of their own. This adds it to the client build as a chunk of its own and writes
 * where it went (a hashed name under /assets/) to build/client/reader-manifest.json.
 */
function readerScript(): Plugin {
  let referenceId = '';
  return {
    name: 'patrika-reader-script',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      if (this.environment.mode !== 'build') return;
      referenceId = this.emitFile({
        type: 'chunk',
        id: `/${READER_SCRIPT_SOURCE}`,
        name: 'reader',
        preserveSignature: false,
      });
    },
    generateBundle() {
      if (!referenceId) return;
      this.emitFile({
        type: 'asset',
        fileName: READER_MANIFEST,
        source: JSON.stringify({ file: `/${this.getFileName(referenceId)}` }),
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
  'app/reader/*.ts',
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
        /^(:root|\[data-bs-theme)/,
      ],
      // Set by scripts or the browser: open menus, hydration and sign-in markers, :lang().
      greedy: [/open/, /data-/, /lang/],
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
      if (!file.endsWith('app/styles/reader.css')) return;
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
  },
});
