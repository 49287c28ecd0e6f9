import { defineProject } from "vitest/config";

// Integration tests run against real PostgreSQL: one migrated template per run, one database per file.
export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One module graph per worker: every file builds its own app on its own database, so nothing
    // is shared but the imported code, and re-importing the whole server per file was two thirds of
    // the tier's time (176 → 90 s on 2 cores).
    isolate: false,
  },
});
