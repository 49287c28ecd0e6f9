import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchCluster, CLUSTER_SIZES, REDIS_URL } from "./cluster.bench";
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

// `npm run bench -- room` runs one part (lists, room, pncp, cluster); no argument runs them all.
const only = process.argv.slice(2);
const wanted = (part: string) => only.length === 0 || only.includes(part);

if (wanted("lists")) {
  console.log(
    "Lists: 100,000 notices and 100,000 products, page of 20, sequential HTTP requests over loopback",
  );
  const lists = await benchLists();
  const median = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)] as number;
  const range = (v: number[]) => `${ms(Math.min(...v))}–${ms(Math.max(...v))}`;
  const planLines = (plan: string) =>
    plan
      .split("\n")
      .filter((l) => /Scan|Sort|Limit|Aggregate|Nested Loop|Hash|Execution Time|Buffers: shared/.test(l))
      .slice(0, 12)
      .join("\n");
  await writeSection(
    "Lists (100,000 notices, 100,000 products)",
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}.`,
      `${lists[0]?.p95.length ?? 0} rounds on the same data; in each, 200 sequential \`POST\` requests per row over loopback HTTP after 20 warm-up requests; each returns a page of 20 with the total. The total is exact up to 10,000 and "mais de 10.000" past it (issue 18: a count of 80,000 rows on every page cost more than the page).`,
      "",
      "Figures are absolute (the lists have no bare-SQL counterpart in this run); compare runs on the same machine.",
      "",
      "| call | matching rows | p50 (median) | p95 (median) | p95 range | aim |",
      "| --- | ---: | ---: | ---: | ---: | --- |",
      ...lists.map(
        (r) =>
          `| ${r.name} | ${r.totalIsLowerBound ? "> " : ""}${r.total.toLocaleString("en-US")} | ${ms(median(r.p50))} | ${ms(median(r.p95))} | ${range(r.p95)} | p95 < 50 ms |`,
      ),
      "",
      "### Plans (EXPLAIN ANALYZE, BUFFERS; first round)",
      "",
      ...lists.flatMap((r) => [`**${r.name}**`, "", "```", r.plans.map(planLines).join("\n--\n"), "```", ""]),
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
if (wanted("cluster")) {
  const z = CLUSTER_SIZES;
  console.log(
    `Cluster: ${z.bidders} bidders × ${z.bids} bids and a fan-out to ${z.watchers} clients, on one instance and on two (PostgreSQL bus, Redis bus)`,
  );
  const results = await benchCluster();
  const base = results[0]?.perSecond ?? Number.NaN;
  const cell = (r: (typeof results)[number], text: string) => (r.error ? "not measured" : text);
  const row = (label: string, f: (r: (typeof results)[number]) => string) =>
    `| ${label} | ${results.map((r) => cell(r, f(r))).join(" | ")} |`;
  await writeSection(
    "Cluster (two instances)",
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, Redis at ${REDIS_URL}; instances, clients, PostgreSQL and Redis on one machine.`,
      "",
      `| measure | ${results.map((r) => r.setup.name).join(" | ")} |`,
      `| --- | ${results.map(() => "---:").join(" | ")} |`,
      row(
        `accepted bids/s on one lot, ${z.bidders} bidders × ${z.bids} bids over WebSockets (ratio to one instance)`,
        (r) => `${r.perSecond.toFixed(0)}/s (${(r.perSecond / base).toFixed(2)}×)`,
      ),
      row("cross-instance delivery p50 / p99: ACKNOWLEDGED on A → NEW_BID_PLACED at a client on B", (r) =>
        r.cross ? `${ms(r.cross.p50)} / ${ms(r.cross.p99)}` : "—",
      ),
      row(
        `fan-out p50 / p99: ACKNOWLEDGED → last of ${z.watchers} room clients`,
        (r) => `${ms(r.fanOut.p50)} / ${ms(r.fanOut.p99)}`,
      ),
      row(
        `fan-out p50 / p99: bid sent → last of ${z.watchers} room clients`,
        (r) => `${ms(r.fanOut.sentP50)} / ${ms(r.fanOut.sentP99)}`,
      ),
      "",
      ...results.filter((r) => r.error).flatMap((r) => [`Not measured (${r.setup.name}): ${r.error}`, ""]),
      "What each figure includes:",
      "",
      `- **Instances**: each a process of its own (bench/src/cluster-server.ts: the server's \`buildApp\` with a pool of 10, listening on loopback), on a fresh database seeded as for the room section; two instances share the database and ring each other through \`PgLiveBus\` (LISTEN/NOTIFY) or \`RedisLiveBus\`, as main.ts chooses. Every event goes through the outbox (\`live_event\`) in all three setups; one instance has no bus.`,
      `- **Bids/s**: timed in the clients' process (one process for every client) from the first bid sent to the last acknowledgement, ${z.bidders * z.bids} bids. Bidder k is on instance k mod 2 (half on each); each sends a bid, waits for its \`ACKNOWLEDGED\` and sends the next; values are unique and every bid is accepted. Each bid is committed, delivered to the room's sockets on its own instance and rung on the bus before its acknowledgement; the other instance hears the bell (the event's ids) and renders it to its own sockets, reading the lot and the bids from the database (the outbox itself only when a sequence is missing).`,
      `- **Cross-instance delivery**: during the bid run, one anonymous room client per instance notes when each bid's \`NEW_BID_PLACED\` reaches it (matched by the bid's value); a sample is that instant on the instance that did not take the bid minus the instant its bidder got the \`ACKNOWLEDGED\` (both in the clients' process). It covers the bell (NOTIFY or Redis publish), the other instance's read and render and its socket write, under the full bid load. A bell may overtake the acknowledgement, so a sample can be below zero.${results.some((r) => r.cross?.missing) ? ` Frames never seen: ${results.map((r) => r.cross?.missing ?? 0).join(" / ")}.` : ""}`,
      `- **Fan-out**: after the bid run, ${z.watchers} anonymous room clients (in the clients' process, split evenly over the instances) and ${z.samples} bids, one at a time, from a bidder on the first instance (in the bench's process); each sample ends when the last client has the bid's frame. From the \`ACKNOWLEDGED\`: one instance writes every frame before the acknowledgement, so the figure is close to zero there; with two it is the other instance's lag. From the bid's sending: the whole path, the commit included.`,
    ].join("\n"),
  );
}
console.log(`written to ${path.relative(process.cwd(), docPath)}`);
