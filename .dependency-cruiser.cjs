// Import-cycle check (issue 17 item 5), run by `npm run depcheck` (part of `npm run lint`).
// The whole source is read; the rule applies to the folders listed here: add one line per folder.

/** Folders where an import cycle is an error. */
const NO_CYCLES_IN = [
  "apps/web/src/features/trading-room", // the web room feature (issue 17 item 5)
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A module here is part of an import cycle: the modules of a feature depend one way (shared → sub-folders → page), so that each can be read, tested and moved on its own.",
      from: { path: NO_CYCLES_IN.map((folder) => `^${folder}/`) },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "/dist/"] },
    // Type-only imports count: a cycle through types still ties the modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
  },
};
