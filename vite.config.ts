/**
 * Builds the web app into dist/web. Tailwind runs through PostCSS here; the offline shell's service
 * worker gets the list of built files to precache; after the build every text asset gets a .br and
 * a .gz twin, which the server sends as is (@fastify/static preCompressed).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import autoprefixer from 'autoprefixer';
import tailwindcss from 'tailwindcss';
import { defineConfig, type Plugin } from 'vite';
import tailwindConfig from './tailwind.config.js';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this size the compressed twin saves less than a packet. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'coinfront:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** Never precached: install icons are fetched by the browser when it installs the app, not offline. */
// .vite/ holds the build manifest (read by npm run bench), which the server does not serve.
const NOT_PRECACHED = /(\.(br|gz|map)$)|^sw\.js$|^\.vite\/|^icons\/(maskable|apple-touch)/;
const SW_BUILD_MARKER = /^const BUILD = .*\/\/ BUILD: replaced by vite\.config\.ts$/m;

/**
 * Writes dist/web/sw.js from src/web/service-worker.js with the build's files and a version that
 * changes whenever any of them does, so browsers install the new shell after a deploy.
 */
function serviceWorker(): Plugin {
  let root = '';
  let outDir = '';
  let publicDir = '';
  return {
    name: 'coinfront:service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    writeBundle(_options, bundle) {
      const publicFiles = publicDir ? filesUnder(publicDir).map((f) => path.relative(publicDir, f)) : [];
      const files = [...new Set([...Object.keys(bundle), ...publicFiles])]
        .map((f) => f.split(path.sep).join('/'))
        .filter((f) => !NOT_PRECACHED.test(f))
        .sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update(readFileSync(path.join(outDir, file)));
      const build = { version: hash.digest('hex').slice(0, 16), files: files.map((f) => `/${f}`) };
      const source = readFileSync(path.join(root, 'service-worker.js'), 'utf8');
      if (!SW_BUILD_MARKER.test(source)) throw new Error('service-worker.js lost its BUILD marker line');
      writeFileSync(
        path.join(outDir, 'sw.js'),
        source.replace(SW_BUILD_MARKER, `const BUILD = ${JSON.stringify(build)};`),
      );
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), serviceWorker(), precompress()],
  css: { postcss: { plugins: [tailwindcss(tailwindConfig), autoprefixer()] } },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // dist/web/.vite/manifest.json: which chunks each page needs (npm run bench measures them).
    manifest: true,
    rolldownOptions: {
      // Keeps each lazily loaded feature (routes.tsx) a chunk of its own, named after its module in
      // the manifest: merged into a shared chunk, the server could not tell which files a page
      // needs (its modulepreload hints) and npm run bench could not size the page.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        // Libraries in chunks of their own: they change less often than app code, so stay cached.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/api-v1': 'http://127.0.0.1:3000',
      '/api-v2': 'http://127.0.0.1:3000',
      '/api-v3': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
