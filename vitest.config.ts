import os from "node:os";
import { defineConfig } from "vitest/config";

// One run, three projects: pure domain rules, the server against real PostgreSQL, the web components.
export default defineConfig({
  test: {
    // One worker per core (vitest's default keeps one core free: a single worker on a 2-core
    // machine, while the server's files mostly wait on PostgreSQL).
    maxWorkers: Math.max(1, os.availableParallelism()),
    projects: ["packages/domain", "apps/server", "apps/web"],
  },
});
