import { defineConfig } from "vitest/config";

// One run, three projects: pure domain rules, the server against real PostgreSQL, the web components.
export default defineConfig({
  test: {
    projects: ["packages/domain", "apps/server", "apps/web"],
  },
});
