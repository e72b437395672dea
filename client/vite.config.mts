import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import purgeCss from '@fullhuman/postcss-purgecss';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import type { Plugin as CssPlugin, Rule } from 'postcss';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed answer saves less than its headers and the decoding cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `.br` and `.gz` beside every text asset of the client build, at the strongest settings:
 * compressed once here, they cost the server nothing per request (@fastify/static `preCompressed`).
 * SSR builds are skipped: the server imports those, nobody downloads them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'portico-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      const jobs: Promise<void>[] = [];
      for await (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
        jobs.push(
          readFile(path).then(async (source) => {
            const [br, gzipped] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gz(source, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
          }),
        );
      }
      await Promise.all(jobs);
    },
  };
}

/**
 * Bootstrap's dark theme hangs on `[data-bs-theme=dark]`. The page carries that attribute (or
 * `light`) only when the visitor chose a theme; without it, "system", these copies of every dark
 * rule apply whenever the system prefers dark. CSS alone decides, so a server-rendered page shows
 * the right theme before any script runs.
 */
const DARK = /^\[data-bs-theme=(['"]?)dark\1\]/;
function systemDarkTheme(): CssPlugin {
  return {
    postcssPlugin: 'portico-system-dark-theme',
    OnceExit(root, { AtRule }) {
      const copies: Rule[] = [];
      root.each((rule) => {
        if (rule.type !== 'rule') return;
        const selectors = rule.selectors
          .filter((selector) => DARK.test(selector))
          .map((selector) => selector.replace(DARK, ':root:not([data-bs-theme])'));
        if (selectors.length) copies.push(rule.clone({ selectors }));
      });
      if (copies.length === 0) return;
      const media = new AtRule({ name: 'media', params: '(prefers-color-scheme: dark)' });
      media.append(copies);
      root.append(media);
    },
  };
}

/**
 * The stylesheet keeps only the Bootstrap rules whose classes appear in the client's source, or in
 * the react-bootstrap components it uses (their class names are string literals there). Variants
 * that react-bootstrap composes from props (`btn-${variant}`, `col-md-6`, …) are kept by prefix.
 */
const purge = () =>
  purgeCss({
    content: [
      'index.html',
      'src/**/*.{ts,tsx}',
      '../node_modules/react-bootstrap/esm/{Alert,AlertHeading,AlertLink,Badge,Button,Card,Card*,CloseButton,Col,Container,Fade,Feedback,Form,Form*,InputGroup,Modal*,AbstractModalHeader,Nav,NavLink,NavItem,Navbar,Navbar*,Row,Spinner,Switch,Table}.js',
    ],
    safelist: {
      standard: [
        /^(btn|alert|bg|text-bg|badge|spinner|table|col|row-cols|modal|form-control|form-select|navbar-expand|g|gx|gy)-/,
        /^(fade|show|showing|collapse|collapsing|modal-open|was-validated)$/,
        // The admin navbar's classes that react-bootstrap composes from its prefix.
        /^(navbar-nav|navbar-toggler-icon)$/,
        // A Badge's `text` prop (dark text on a yellow badge): without it the text is white.
        /^text-(dark|light)$/,
      ],
    },
    dynamicAttributes: ['data-bs-theme', 'aria-current', 'aria-disabled', 'aria-expanded'],
  });

const server = process.env.PORTICO_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), precompress()],
  css: {
    postcss: { plugins: [...(command === 'build' ? [purge()] : []), systemDarkTheme()] },
  },
  // The wire format is written once, beside the server's mappers (DESIGN.md §2, "One contract").
  resolve: {
    alias: { '@contracts': fileURLToPath(new URL('../server/src/contracts', import.meta.url)) },
  },
  // The manifest (dist/.vite/manifest.json) tells the server which chunk an on-demand page is.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
  // `vite build --ssr src/entry-server.tsx` (npm run build): one self-contained CommonJS file the
  // server requires at start-up, outside dist/ so it is never served.
  ...(isSsrBuild && {
    publicDir: false,
    build: {
      outDir: 'dist-ssr',
      sourcemap: false,
      rollupOptions: { output: { format: 'cjs', entryFileNames: 'entry-server.cjs' } },
    },
    ssr: { noExternal: true },
  }),
  server: {
    port: 5173,
    proxy: { '/api': server, '/apis': server, '/healthz': server },
  },
}));
