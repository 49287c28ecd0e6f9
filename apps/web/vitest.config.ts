import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    name: "web",
    // happy-dom, not jsdom: the same 742 tests pass on both, with 28 % less CPU (5.7 → 4.1 min on 2
    // cores; docs/decisions.md "The test suite's time").
    environment: "happy-dom",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    // Component tests type into a DOM without layout; on a loaded 2-core machine a long form takes seconds, not
    // the default 5 s bound (a bound, not a timing assertion).
    testTimeout: 30_000,
    // One module graph per worker instead of one per file: importing React, Mantine and the DOM again
    // for each of the ~50 files was half of the tier's time. setup.ts leaves a clean document after
    // every test.
    isolate: false,
  },
});
