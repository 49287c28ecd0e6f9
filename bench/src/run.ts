import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchLists } from "./lists.bench";
import { ms } from "./stats";

const docPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/benchmarks.md");

/** Replaces (or appends) one `## title` section of docs/benchmarks.md. */
async function writeSection(title: string, body: string) {
  const current = await readFile(docPath, "utf8").catch(
    () => "# Benchmarks\n\nWritten by `npm run bench`.\n",
  );
  const header = `## ${title}`;
  const start = current.indexOf(header);
  const section = `${header}\n\n${body.trim()}\n`;
  if (start === -1) return writeFile(docPath, `${current.trimEnd()}\n\n${section}`);
  const next = current.indexOf("\n## ", start + header.length);
  await writeFile(docPath, current.slice(0, start) + section + (next === -1 ? "" : current.slice(next + 1)));
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, ${
  process.env.TEST_DATABASE_URL ? "external PostgreSQL (TEST_DATABASE_URL)" : "embedded PostgreSQL 17"
}`;

console.log(
  "Lists: 100,000 notices and 100,000 products, page of 20, sequential HTTP requests over loopback",
);
const lists = await benchLists();
await writeSection(
  "Lists (100,000 notices, 100,000 products)",
  [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}.`,
    "200 sequential `POST` requests per row over loopback HTTP after 20 warm-up requests; each returns a page of 20 with the total count.",
    "",
    "Figures are absolute (the lists have no bare-SQL counterpart in this run); compare runs on the same machine.",
    "",
    "| call | matching rows | p50 | p95 |",
    "| --- | ---: | ---: | ---: |",
    ...lists.map((r) => `| ${r.name} | ${r.total.toLocaleString("en-US")} | ${ms(r.p50)} | ${ms(r.p95)} |`),
  ].join("\n"),
);
console.log(`written to ${path.relative(process.cwd(), docPath)}`);
