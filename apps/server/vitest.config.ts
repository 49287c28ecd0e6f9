import { defineProject } from "vitest/config";

// Integration tests run against real PostgreSQL: one migrated template per run, one database per file.
export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
