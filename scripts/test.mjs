#!/usr/bin/env node
// `npm test`: the README's phases in order, each timed, stopping at the first that fails (as `a && b`
// did). Without TEST_DATABASE_URL it starts one embedded PostgreSQL tuned for tests
// (apps/server/test/test-postgres.ts) and hands it to both tiers, instead of one per tier and one per
// browser-test server. At the end: each phase's time, the ten slowest files of each tier, the slowest
// browser tests, the total, and a warning when the total passes its bound or a browser test passes a
// minute (issue 32). Figures also go to test-results/npm-test.json.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "test-results");
const UNIT_JSON = path.join(OUT, "vitest.json");
const E2E_JSON = path.join(OUT, "playwright.json");
/** README's bound for `npm test` on a fresh 2-core machine (issue 32). */
const BOUND_MS = 12 * 60_000;
/** No browser test may take longer (issue 32 item 4). */
const TEST_BOUND_MS = 60_000;

const npx = (...args) => ["npx", ...args];
const PHASES = [
  { name: "typecheck", command: ["node", "scripts/typecheck.mjs"] },
  { name: "lint", command: ["npm", "run", "lint"] },
  {
    name: "unit",
    label: "unitários e integração",
    command: npx("vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${UNIT_JSON}`),
  },
  { name: "build", command: ["npm", "run", "build"] },
  { name: "size", command: ["npm", "run", "size"] },
  {
    name: "e2e",
    label: "navegador",
    command: ["npm", "test", "-w", "@certame/e2e", "--", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: E2E_JSON },
  },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
const relative = (file) => path.relative(ROOT, file);

function run(command, env) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    current = child;
    child.on("close", (code, signal) => {
      current = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** The suite's embedded PostgreSQL, as a child process that stops when our end of its input closes. */
function startTestPostgres() {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "apps/server/test/test-postgres.ts"], {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "inherit"],
    });
    const lines = readline.createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      const match = /^TEST_DATABASE_URL=(.+)$/.exec(line);
      if (match) resolve({ url: match[1], stop: () => stopChild(child) });
    });
    child.on("close", (code) => reject(new Error(`o PostgreSQL dos testes terminou (código ${code})`)));
  });
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on("close", () => resolve());
    child.stdin.end();
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** Vitest's JSON report: each file's wall time (its hooks included). */
function unitFiles() {
  const report = readJson(UNIT_JSON);
  return (report?.testResults ?? []).map((file) => ({
    file: relative(file.name),
    ms: (file.endTime ?? 0) - (file.startTime ?? 0),
  }));
}

/** Playwright's JSON report: each test's time (the first test of a spec also carries its beforeAll). */
function e2eTests() {
  const report = readJson(E2E_JSON);
  const tests = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          tests.push({
            file: suite.file ?? file,
            title: `${spec.title}${test.projectName ? ` [${test.projectName}]` : ""}`,
            ms: result.duration ?? 0,
          });
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return tests;
}

function slowest(rows, n = 10) {
  return [...rows].sort((a, b) => b.ms - a.ms).slice(0, n);
}

function printRanking(title, rows, name) {
  if (rows.length === 0) return;
  console.log(`\n${title}`);
  for (const row of rows) console.log(`  ${seconds(row.ms).padStart(8)}  ${name(row)}`);
}

let current;
let database;
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, async () => {
    current?.kill(signal);
    await database?.stop();
    process.exit(130);
  });

rmSync(UNIT_JSON, { force: true });
rmSync(E2E_JSON, { force: true });
mkdirSync(OUT, { recursive: true });

const started = Date.now();
const databaseKind = process.env.TEST_DATABASE_URL
  ? "TEST_DATABASE_URL"
  : "PostgreSQL embutido (um só, ajustado para testes)";
const env = {};
const pendingDatabase = process.env.TEST_DATABASE_URL ? undefined : startTestPostgres();
const times = [];
let failed;
for (const phase of PHASES) {
  // The database starts beside typecheck and lint, which do not need it.
  if (pendingDatabase && !database && (phase.name === "unit" || phase.name === "e2e")) {
    database = await pendingDatabase;
    env.TEST_DATABASE_URL = database.url;
  }
  console.log(`\n== npm test: ${phase.name}`);
  const phaseStarted = Date.now();
  const code = await run(phase.command, { ...env, ...phase.env });
  times.push({ name: phase.name, ms: Date.now() - phaseStarted });
  if (code !== 0) {
    failed = { phase: phase.name, code };
    break;
  }
}
if (pendingDatabase) await (database ?? (await pendingDatabase.catch(() => undefined)))?.stop();
const total = Date.now() - started;

const units = unitFiles();
const e2e = e2eTests();
const e2eFiles = Object.values(
  e2e.reduce((byFile, test) => {
    byFile[test.file] ??= { file: test.file, ms: 0, tests: 0 };
    byFile[test.file].ms += test.ms;
    byFile[test.file].tests += 1;
    return byFile;
  }, {}),
);

console.log("\n== npm test: tempos");
console.log(`  banco: ${databaseKind}`);
for (const phase of times) console.log(`  ${phase.name.padEnd(10)} ${seconds(phase.ms).padStart(9)}`);
console.log(`  ${"total".padEnd(10)} ${seconds(total).padStart(9)}  (${minutes(total)})`);
printRanking(
  "10 arquivos mais lentos — unitários e integração (tempo de parede)",
  slowest(units),
  (r) => r.file,
);
printRanking(
  "10 arquivos mais lentos — navegador (soma dos testes)",
  slowest(e2eFiles),
  (r) => `${r.file} (${r.tests} testes)`,
);
printRanking("10 testes mais lentos — navegador", slowest(e2e), (r) => `${r.file} › ${r.title}`);

const warnings = [];
if (total > BOUND_MS)
  warnings.push(`npm test levou ${minutes(total)}, acima do limite de ${minutes(BOUND_MS)}`);
for (const test of e2e.filter((t) => t.ms > TEST_BOUND_MS))
  warnings.push(`teste do navegador acima de 1 min: ${test.file} › ${test.title} (${seconds(test.ms)})`);
for (const warning of warnings) console.log(`\n!! AVISO: ${warning}`);

writeFileSync(
  path.join(OUT, "npm-test.json"),
  `${JSON.stringify({ database: databaseKind, totalMs: total, phases: times, failed, unitFiles: units, e2eTests: e2e }, null, 2)}\n`,
);
if (failed) {
  console.log(`\nnpm test: falhou na fase ${failed.phase} (código ${failed.code})`);
  process.exit(failed.code || 1);
}
console.log(`\nnpm test: tudo verde em ${minutes(total)}`);
