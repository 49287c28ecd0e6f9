// Import-cycle checks (issue 17 items 1 and 5), run by `npm run depcheck` (part of `npm run lint`).
// The whole source is read; the module rule applies to the folders listed here: add one line per folder.

/** Folders where an import cycle is an error. */
const NO_CYCLES_IN = [
  "apps/web/src/features/trading-room", // the web room feature (issue 17 item 5)
  "apps/server/src/room", // the server's room (issue 17 item 1)
];

/** The server room's parts (room/engine, room/chat, …) and the server's other features (modules/notices, …). */
const ROOM_PART = "^apps/server/src/room/[^/]+$";
const MODULE = "^apps/server/src/modules/[^/]+$";

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
    {
      name: "room-parts-acyclic",
      severity: "error",
      scope: "folder",
      comment:
        "A part of the room (a folder under apps/server/src/room) is in a cycle of folders: the parts build one on another (from the bottom: state and bus, chat, engine, then control, appeals, documents, award, respecify, reader and live), so that each can be read and changed on its own. Break it by moving the type to the part that owns it or by passing a function in (app.ts wires).",
      from: { path: ROOM_PART },
      to: { pathNot: MODULE, circular: true },
    },
    {
      name: "room-modules-acyclic",
      severity: "error",
      scope: "folder",
      comment:
        "The room and a module (apps/server/src/modules/*) import each other: a module may use the room's API, the room may use a module, never both ways. Pass the function in from app.ts instead.",
      from: { path: ROOM_PART },
      to: { path: MODULE, circular: true },
    },
    {
      name: "room-repositories-private",
      severity: "error",
      comment:
        "Only the room reads and writes its tables: outside apps/server/src/room, call the room's services or the function app.ts hands in (e.g. the engine's armNoticeClocks), not a room repository.",
      from: { pathNot: "^apps/server/src/room/" },
      to: { path: "^apps/server/src/room/.+\\.repository\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Tests are left out: nothing imports a test, so it is never in a module cycle, but the test helpers
    // reach app.ts, which imports every folder, and would put all folders in one folder cycle.
    exclude: { path: ["node_modules", "/dist/", "\\.test\\.tsx?$"] },
    // Type-only imports count: a cycle through types still ties the modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
  },
};
