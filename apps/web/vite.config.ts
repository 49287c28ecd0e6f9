import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Writes a .br and a .gz beside every compressible file of the build (source maps aside), once and
 * at the highest levels, so that the server sends them as they are (@fastify/static preCompressed)
 * instead of ~1 MiB of plain JS and CSS. Files under 1 KiB gain nothing and are left alone.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "certame:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            promisify(gzip)(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

// The API server (apps/server) listens on 3000 and serves the built app in production;
// in development Vite serves the app and forwards /api (HTTP and the /api/ws WebSocket) to it.
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: "hidden",
    // Read by scripts/first-load.mjs (the size check of `npm test`) to follow each route's static imports.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @certame/domain is pure rules (DESIGN §1), but its package does not say so: without this
        // the zod schemas (and zod) it re-exports end up in the browser bundle though unused here.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
        // Building a zod schema has no effect but its value: a public page that takes one constant
        // from a schema module (the session hint's cookie name) does not pull zod into the first load.
        manualPureFunctions: ["z"],
      },
    },
  },
});
