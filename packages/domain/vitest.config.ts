import { defineProject } from "vitest/config";

// Pure functions: the files share one module graph per worker (no state to isolate).
export default defineProject({ test: { name: "domain", include: ["src/**/*.test.ts"], isolate: false } });
