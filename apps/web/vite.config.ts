import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API server (apps/server) listens on 3000 and serves the built app in production;
// in development Vite serves the app and forwards /api (HTTP and the /api/ws WebSocket) to it.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // @certame/domain is pure rules (DESIGN §1), but its package does not say so: without this
        // the zod schemas (and zod) it re-exports end up in the browser bundle though unused here.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
