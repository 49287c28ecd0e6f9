import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchLists } from "./lists.bench";
import { benchPriceSearch } from "./price-search.bench";
import { benchRoom } from "./room.bench";
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

// `npm run bench -- room` runs one part; no argument runs them all.
const only = process.argv.slice(2);
const wanted = (part: string) => only.length === 0 || only.includes(part);

if (wanted("lists")) {
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
}

if (wanted("room")) {
  console.log("Room: bid path (200 suppliers), fan-out (1,000 clients), room start (1,000 lots)");
  const r = await benchRoom();
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  const cpu = (n: number) => (Number.isNaN(n) ? "n/a" : `${n.toFixed(2)} ms`);
  const b = r.bidPath;
  console.log(r);
  await writeSection(
    "Trading room (DESIGN §6)",
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; server, clients and database on one machine.`,
      "",
      "| measure | Certame | limit (same run) | ratio | aim |",
      "| --- | ---: | ---: | ---: | --- |",
      `| bid path: accepted bids/s on one lot, ${r.bidPath.bids} bids from 200 suppliers over WebSockets, each committed before its acknowledgement | ${r.bidPath.perSecond.toFixed(0)}/s | ${r.bidPath.bareInsertsPerSecond.toFixed(0)}/s bare single-row INSERT transactions | ${ratio(r.bidPath.perSecond, r.bidPath.bareInsertsPerSecond)} | ≥ 0.5× |`,
      `| bid path, CPU per bid: server process / bidders' process / PostgreSQL backends | ${cpu(b.cpu.server)} / ${cpu(b.cpu.clients)} / ${cpu(b.cpu.database)} | ${cpu(b.bareCpu.server)} writers' process / ${cpu(b.bareCpu.database)} PostgreSQL backends per INSERT | — | — |`,
      `| fan-out p50: commit → last of ${r.fanOut.clients} room clients | ${ms(r.fanOut.p50)} | ${ms(r.fanOut.bareP50)} bare \`ws\` broadcast of the same bytes | ${ratio(r.fanOut.p50, r.fanOut.bareP50)} | — |`,
      `| fan-out p99 | ${ms(r.fanOut.p99)} | ${ms(r.fanOut.bareP99)} | ${ratio(r.fanOut.p99, r.fanOut.bareP99)} | ≤ 2× |`,
      `| room start: register → REGISTERED, notice with ${r.roomStart.lots} lots (p50 / p95) | ${ms(r.roomStart.p50)} / ${ms(r.roomStart.p95)} | — | — | — |`,
      "",
      "What each figure includes:",
      "",
      `- **Bid path**: timed in the bidders' process from the first bid sent to the last acknowledgement received. Each of the 200 suppliers (one WebSocket each, registered in the room) sends a bid, waits for its \`ACKNOWLEDGED\` and sends the next, ${b.bids / 200} bids each; values are unique and every bid is accepted. On the server each bid is received and validated, queued on its lot, judged in arrival order in a batch transaction (lot row lock; one read of the senders' sessions; best bid, the senders' bids and the bidder flags read once; the acceptance rules per bid; one insert of the batch's bids; their hash-chained event-log entries under the notice's lock; the moved deadline) and committed; then the bid is rendered once per audience and sent to every socket of the room (the 200 bidders and the auctioneer: ${r.fanOut.frameBytes.toLocaleString("en-US")}-byte \`NEW_BID_PLACED\` frames), and only then acknowledged. This run judged the ${b.bids} bids in ${b.transactions} transactions.`,
      `- **Bare INSERT**: 200 concurrent loops, each awaiting \`INSERT INTO bench_bare (batch_id, value) VALUES (…)\` (autocommit: one statement, one commit) on the same pool (${b.pool} connections) and database, before the bid path, while the 200 bidders are connected and idle. No WebSocket, no rules, no event log, no fan-out.`,
      "- **CPU per bid**: user + system CPU of the server's process (the bench process; its driver is idle meanwhile), of the bidders' process (sending the bids and receiving every frame; it decodes only the answers, not the other bids), and of the PostgreSQL backends of the bench's database (from /proc; shared PostgreSQL processes such as the WAL writer are not counted), divided by the bids (or the bare INSERTs). The three share the machine's cores during the run, with whatever else runs on it.",
      "- **Fan-out**: the time from the commit of one bid (sent by a 1,001st client) until the last of 1,000 anonymous room clients (in the clients' process) has its frame, 50 samples; the bare broadcast sends the same bytes to 1,000 sockets of a plain `ws` server in the bench process.",
      "- **Room start**: a supplier's `register` answered with `REGISTERED` (the room state with all 1,000 lots), 20 samples.",
    ].join("\n"),
  );
}
if (wanted("pncp")) {
  console.log("Price search: the three PNCP routes through the server against the local fake portal");
  const rows = await benchPriceSearch();
  await writeSection(
    "Price search through the server (PNCP, issue 16)",
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; the portal is apps/server/test/fake-pncp.ts on loopback.`,
      "200 sequential authenticated `POST` requests per row over loopback HTTP after 20 warm-up requests. The fake answers from memory, so the figures are the server's share (session, validation, portal client, mapping) plus the fake and loopback; against the real portal its latency adds to every uncached row. The item-results row is set by the 50 ms spacing between award-result calls (§9), as the requests follow one another.",
      "",
      "| call | p50 | p95 |",
      "| --- | ---: | ---: |",
      ...rows.map((r) => `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} |`),
    ].join("\n"),
  );
}
console.log(`written to ${path.relative(process.cwd(), docPath)}`);
