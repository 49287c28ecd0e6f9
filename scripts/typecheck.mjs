// Type-checks the workspaces side by side, one tsc per core (they share nothing but the sources they
// read): the checks ran one after the other, half of `npm test`'s first minute on 2 cores. The Node
// workspaces (server, bench, browser tests) are one check, tsconfig.node.json: each reads the server's
// sources, and checked apart they read them three times (issue 32). The domain stays apart: it must
// compile without Node's types, since the browser runs it. tsc is TypeScript 7's native compiler (58 → 17 s).
import { spawn } from "node:child_process";
import os from "node:os";

const projects = ["tsconfig.node.json", "apps/web", "packages/domain"]; // the longest first
const width = Math.max(1, Math.min(projects.length, os.availableParallelism()));
const queue = [...projects];
let failed = false;

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const tsc = spawn(process.execPath, ["node_modules/typescript/bin/tsc", "-p", project], {
      stdio: "inherit",
    });
    tsc.on("close", (code) => {
      if (code !== 0) failed = true;
      console.log(
        `tsc -p ${project}: ${code === 0 ? "ok" : `failed (${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      resolve();
    });
  });
}

async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) await check(project);
}

await Promise.all(Array.from({ length: width }, worker));
process.exit(failed ? 1 : 0);
