#!/usr/bin/env node
/**
 * The first load of a route, in the bytes the server sends (issue 18): index.html's entry and its
 * static imports (the modulepreloads), the route's chunk and its static imports, and every CSS file
 * they bring. Reads apps/web/dist after `npm run build -w apps/web` (it builds nothing) and Vite's
 * manifest; a file is counted by its precompressed .gz beside it (what @fastify/static sends for
 * Accept-Encoding: gzip), or by its plain size when the build left it uncompressed (under 1 KiB).
 *
 *   node apps/web/scripts/first-load.mjs            prints the figures
 *   node apps/web/scripts/first-load.mjs --check    and exits 1 when a route passes its limit
 *   node apps/web/scripts/first-load.mjs --json     the same figures as JSON
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");

/** A kB as the issue counts it: 250 kB = 256,000 bytes. */
const KB = 1024;

/**
 * The measured routes: the source modules its first load imports (the page component's, and those
 * that src/app/routes.tsx loads with it: its layout, Mantine's whole stylesheet; the room may show
 * a toast as it opens, which brings the toasts' container) and its limit in gzip bytes (JS + CSS).
 * /editais: the issue's 250 kB; the room: its figure when bounded (issue 18 item 4: 390.4 kB on
 * 2026-11-27) rounded up to the next 25 kB.
 */
const ROUTES = [
  { url: "/editais", modules: ["src/features/public-notices/pages.tsx"], limit: 250 * KB },
  {
    url: "/sala-de-negociacao/{id}",
    modules: [
      "src/app/mantine-styles.ts",
      "src/app/NotificationsHost.tsx",
      "src/features/trading-room/layout/RoomLayout.tsx",
      "src/features/trading-room/layout/TradingRoomPage.tsx",
    ],
    limit: 400 * KB,
  },
];

function readManifest() {
  const file = path.join(dist, ".vite/manifest.json");
  if (!existsSync(file)) {
    console.error(`${file} não existe: rode antes \`npm run build -w apps/web\` (build.manifest ligado).`);
    process.exit(2);
  }
  return JSON.parse(readFileSync(file, "utf8"));
}

/** The bytes sent for a built file: its .gz when the build wrote one, else the file itself. */
function sentBytes(file) {
  const full = path.join(dist, file);
  return existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : statSync(full).size;
}

/** Every manifest key reachable from `keys` by static imports (dynamic imports load later). */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

function firstLoad(manifest, route) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  // A module folded into another chunk has no key of its own: that chunk is counted through it.
  const inEntry = route.modules.filter((module) => !manifest[module] || manifest[module].isEntry);
  const roots = [entry, ...route.modules.filter((module) => !inEntry.includes(module))];
  const keys = staticClosure(manifest, roots);
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    // A module that only imports CSS (src/app/mantine-styles.ts) is a CSS file of its own.
    (manifest[key].file.endsWith(".css") ? css : js).add(manifest[key].file);
    for (const file of manifest[key].css ?? []) css.add(file);
  }
  const sum = (files) => [...files].reduce((total, file) => total + sentBytes(file), 0);
  const jsBytes = sum(js);
  const cssBytes = sum(css);
  return {
    url: route.url,
    inEntry,
    files: js.size + css.size,
    js: jsBytes,
    css: cssBytes,
    html: sentBytes("index.html"),
    total: jsBytes + cssBytes,
    limit: route.limit,
  };
}

const kB = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

const manifest = readManifest();
const results = ROUTES.map((route) => firstLoad(manifest, route));
if (process.argv.includes("--json")) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log("Primeiro carregamento (gzip, JS + CSS; index.html à parte):");
  for (const r of results) {
    const verdict = r.total > r.limit ? "ACIMA DO LIMITE" : "ok";
    console.log(
      `  ${r.url.padEnd(26)} JS ${kB(r.js).padStart(9)}  CSS ${kB(r.css).padStart(8)}  ` +
        `total ${kB(r.total).padStart(9)} (${r.total} B, ${r.files} arquivos)  ` +
        `limite ${kB(r.limit)}  ${verdict}`,
    );
    for (const module of r.inEntry) console.log(`    (${module} está no chunk de entrada)`);
  }
  console.log(`  index.html: ${kB(results[0].html)}`);
}
if (process.argv.includes("--check") && results.some((r) => r.total > r.limit)) {
  console.error("O primeiro carregamento passou do limite (issue 18): veja apps/web/scripts/first-load.mjs.");
  process.exit(1);
}
