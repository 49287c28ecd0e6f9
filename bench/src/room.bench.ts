import { type ChildProcess, fork } from "node:child_process";
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { LiveEventName, LiveEventPayload } from "@certame/domain";
import { LIVE_EVENTS } from "@certame/domain";
import { buildApp } from "@certame/server/src/app";
import { loadConfig } from "@certame/server/src/config";
import { connect, runMigrations } from "@certame/server/src/db/client";
import { DEMO_IDS, DEMO_PASSWORD, loadDemoData } from "@certame/server/src/demo/demo-data";
import { seedReferenceData } from "@certame/server/src/demo/reference-data";
import type { LiveNotice } from "@certame/server/src/room/bus/live-notice";
import { sql } from "drizzle-orm";
import WebSocket, { WebSocketServer } from "ws";
import { benchDatabase } from "./database";
import { type Command, now } from "./room-ipc";
import { machineBusyMs, percentile, postgresCpuMs, postgresCpuSince, processCpuMs } from "./stats";

// DESIGN §6: the bid path, the fan-out and the room start, each measured against its limit in the
// same run (bare INSERT transactions; a bare `ws` broadcast of the same bytes).

const SUPPLIERS = 200;
const BIDS_PER_SUPPLIER = 10;
const ROOM_CLIENTS = 1000;
const FANOUT_SAMPLES = 50;
const START_LOTS = 1000;
const START_SAMPLES = 20;
const POOL = 10;
export const BASE = 100_000_000;
export const ROOM = DEMO_IDS.noticeRoom;
const START_NOTICE = "00000000-0000-4000-8000-00000000b000";

export type Db = ReturnType<typeof connect>["db"];
export const tokenOf = (i: number) => `bench-supplier-token-${i}`;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** `count` (200) supplier accounts with sessions, each with an initial proposal in the room's lot 2. */
export async function seedSuppliers(db: Db, lotId: string, count = SUPPLIERS) {
  await db.execute(sql`
    INSERT INTO users (id, kind, name, email, password_hash)
    SELECT ('00000000-0000-4000-9000-' || lpad(i::text, 12, '0'))::uuid, 'SUPPLIER', 'Fornecedor ' || i,
      'bench' || i || '@fornecedor.test', 'x'
    FROM generate_series(1, ${count}) AS i`);
  await db.execute(sql`
    INSERT INTO suppliers (id, user_id, credential_kind, document_number, corporate_name, subscription_end_date)
    SELECT ('00000000-0000-4000-9100-' || lpad(i::text, 12, '0'))::uuid,
      ('00000000-0000-4000-9000-' || lpad(i::text, 12, '0'))::uuid, 'LEGAL_PERSON',
      lpad((90000000000000 + i)::text, 14, '0'), 'Fornecedor Bench ' || i || ' Ltda', now() + interval '1 year'
    FROM generate_series(1, ${count}) AS i`);
  for (let i = 1; i <= count; i++) {
    await db.execute(sql`
      INSERT INTO sessions (user_id, token_hash, expires_at)
      VALUES (${`00000000-0000-4000-9000-${String(i).padStart(12, "0")}`}::uuid, ${hashToken(tokenOf(i))}, now() + interval '1 day')`);
  }
  await db.execute(sql`
    INSERT INTO notice_participants (auction_notice_id, supplier_id, anonymous_number)
    SELECT ${ROOM}::uuid, ('00000000-0000-4000-9100-' || lpad(i::text, 12, '0'))::uuid, 100 + i
    FROM generate_series(1, ${count}) AS i`);
  await db.execute(sql`
    INSERT INTO bids (auction_notice_id, batch_id, supplier_id, kind, unit_price, quantity, created_date)
    SELECT ${ROOM}::uuid, ${lotId}::uuid, ('00000000-0000-4000-9100-' || lpad(i::text, 12, '0'))::uuid,
      'INITIAL', ${BASE} + i, 1, now() - interval '1 day'
    FROM generate_series(1, ${count}) AS i`);
}

/** A published notice with 1,000 lots, for the room start. */
async function seedLargeNotice(db: Db) {
  await db.execute(sql`
    INSERT INTO auction_notices (id, buyer_id, status, modality, sub_modality, notice_number, process_number,
      object_of_interest, closing_kind, dispensation_form, auction_license_phase, start_date_time)
    VALUES (${START_NOTICE}::uuid, ${DEMO_IDS.buyer}::uuid, 'PUBLISHED', 'NEW_ELECTRONIC_REVERSED_AUCTION',
      'GOODS_ACQUISITION', 'PE 1000/2026', 'PA 1000/2026', 'Registro de preços com 1.000 lotes', 'OPEN',
      'LOWEST_PRICE', 'AFTER_BID', now())`);
  await db.execute(sql`
    INSERT INTO auction_batches (auction_notice_id, number, item, quantity, reference_price, phase)
    SELECT ${START_NOTICE}::uuid, i, 1, 10, 1000 + i, 'CLOSED_FOR_OFFERS' FROM generate_series(1, ${START_LOTS}) AS i`);
}

/** A client in this process (the auctioneer, the room-start and fan-out bidders). */
export class Client {
  private waiting = new Map<string, (data: Record<string, unknown>) => void>();
  onFrame: ((raw: string) => void) | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      // The auctioneer runs in the server's process: decode only when an answer is awaited.
      if (!this.onFrame && this.waiting.size === 0) return;
      const raw = data.toString();
      this.onFrame?.(raw);
      const frame = JSON.parse(raw) as { action: string; data: Record<string, unknown> };
      const w =
        this.waiting.get(frame.action) ??
        (frame.action === "ERROR" ? this.waiting.get("ACKNOWLEDGED") : undefined);
      if (w) {
        this.waiting.delete(frame.action === "ERROR" ? "ACKNOWLEDGED" : frame.action);
        w(frame.data);
      }
    });
  }
  static async open(url: string) {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return new Client(ws);
  }
  /** Sends and waits for the answer meant for the sender. */
  request<E extends LiveEventName>(
    event: E,
    data: LiveEventPayload<E>,
    answer: string,
  ): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      this.waiting.set(answer, resolve);
      this.ws.send(JSON.stringify({ event, data }));
    });
  }
  close() {
    this.ws.terminate();
  }
}

/**
 * CPU milliseconds per bid (or per bare INSERT): this process (the server; the bare writers), the
 * clients' process, the PostgreSQL backends of the bench's database, and the rest of the machine
 * (shared PostgreSQL processes such as the WAL writer, the kernel's share, and whatever else runs).
 */
export interface CpuSplit {
  server: number;
  clients: number;
  database: number;
  rest: number;
}

/** Starts measuring; the function returned splits the CPU since then over `n` units of work. */
function cpuMeter(database: string) {
  const own = process.cpuUsage();
  const machine = machineBusyMs();
  const pg = postgresCpuMs(database);
  return (n: number, clientsMs = 0): CpuSplit => {
    const server = processCpuMs(own);
    const db = postgresCpuSince(pg, postgresCpuMs(database));
    const total = machineBusyMs(machine);
    return {
      server: server / n,
      clients: clientsMs / n,
      database: db / n,
      rest: (total - server - clientsMs - (Number.isNaN(db) ? 0 : db)) / n,
    };
  };
}

export interface RoomResults {
  bidPath: {
    bids: number;
    perSecond: number;
    bareInsertsPerSecond: number;
    /** The transactions (batches) the bids were judged in. */
    transactions: number;
    /** The connections of the pool the server and the bare writers share. */
    pool: number;
    cpu: CpuSplit;
    bareCpu: CpuSplit;
  };
  fanOut: { clients: number; p50: number; p99: number; bareP50: number; bareP99: number; frameBytes: number };
  roomStart: { lots: number; p50: number; p95: number };
}

async function bareInsertRate(
  db: Db,
  database: string,
  total: number,
): Promise<{ perSecond: number; cpu: CpuSplit }> {
  await db.execute(
    sql`CREATE TABLE bench_bare (id bigserial PRIMARY KEY, batch_id uuid, value bigint, created_date timestamptz DEFAULT now())`,
  );
  let next = 0;
  const meter = cpuMeter(database);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SUPPLIERS }, async () => {
      while (next < total) {
        next += 1;
        await db.execute(sql`INSERT INTO bench_bare (batch_id, value) VALUES (${ROOM}::uuid, ${next})`);
      }
    }),
  );
  const perSecond = total / ((performance.now() - started) / 1000);
  return { perSecond, cpu: meter(total) };
}

/** A bare `ws` broadcast of `bytes` to `n` sockets (in the clients' process): send → last receipt. */
async function bareBroadcast(
  clients: ClientsProcess,
  bytes: string,
  marker: string,
  n: number,
  samples: number,
) {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  const port = (wss.address() as AddressInfo).port;
  await clients.call({ cmd: "watchers", url: `ws://127.0.0.1:${port}`, n });
  const out: number[] = [];
  for (let s = 0; s < samples; s++) {
    const done = clients.expect(marker);
    await clients.armed();
    const started = now();
    for (const ws of wss.clients) ws.send(bytes);
    out.push((await done).lastAt - started);
  }
  await clients.call({ cmd: "closeAll" });
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  return out;
}

/** The forked clients' process and its IPC calls. */
export class ClientsProcess {
  private readonly child: ChildProcess;
  private seq = 0;
  private readonly pending = new Map<number, (m: { result?: unknown; error?: string }) => void>();
  private armedWaiter: (() => void) | null = null;

  constructor() {
    this.child = fork(fileURLToPath(new URL("./room-clients.ts", import.meta.url)), [], {
      execArgv: ["--import", "tsx"],
    });
    this.child.on("message", (m: { id?: number; armed?: boolean; result?: unknown; error?: string }) => {
      if (m.armed) {
        this.armedWaiter?.();
        this.armedWaiter = null;
        return;
      }
      if (m.id !== undefined) this.pending.get(m.id)?.(m);
    });
  }

  call<T = Record<string, unknown>>(command: Command): Promise<T> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (m) => {
        this.pending.delete(id);
        if (m.error) reject(new Error(m.error));
        else resolve(m.result as T);
      });
      this.child.send({ ...command, id });
    });
  }

  expect(marker: string) {
    return this.call<{ lastAt: number; frame: string }>({ cmd: "expect", marker });
  }

  armed(): Promise<void> {
    return new Promise((resolve) => {
      this.armedWaiter = resolve;
    });
  }

  stop() {
    this.child.kill();
  }
}

export async function benchRoom(): Promise<RoomResults> {
  const database = await benchDatabase("certame_bench_room");
  const { db, close } = connect(database.url, POOL);
  const databaseName = new URL(database.url).pathname.slice(1);
  try {
    await runMigrations(db);
    await seedReferenceData(db);
    await loadDemoData(db);
    const [lot] = (
      await db.execute<{ id: string }>(
        sql`SELECT id FROM auction_batches WHERE auction_notice_id = ${ROOM} AND number = 2 AND item = 1`,
      )
    ).rows;
    const lotId = (lot as { id: string }).id;
    await seedSuppliers(db, lotId);
    await seedLargeNotice(db);
    await db.execute(sql`ANALYZE`);
    const config = loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: "/tmp/certame-bench-data",
      APP_ENV: "test",
    });
    const app = await buildApp({ config, db });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`;
    const login = await fetch(url.replace("ws://", "http://").replace("/api/ws", "/api/public/auth/login"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: "pregoeiro@demo.gov.br", password: DEMO_PASSWORD }),
    });
    const auctioneerToken = ((await login.json()) as { token: string }).token;

    // ---- room start: register → REGISTERED for a notice with 1,000 lots ----
    const startSamples: number[] = [];
    for (let i = 0; i < START_SAMPLES; i++) {
      const c = await Client.open(url);
      const started = performance.now();
      await c.request(
        LIVE_EVENTS.register,
        { token: tokenOf(1 + (i % SUPPLIERS)), auctionNoticeId: START_NOTICE },
        "REGISTERED",
      );
      startSamples.push(performance.now() - started);
      c.close();
    }

    let bidPath: RoomResults["bidPath"];
    let fanOut: RoomResults["fanOut"];

    // ---- the lot in BIDDING ----
    const auctioneer = await Client.open(url);
    await auctioneer.request(
      LIVE_EVENTS.register,
      { token: auctioneerToken, auctionNoticeId: ROOM },
      "REGISTERED",
    );
    for (const nextPhase of ["PUBLIC_SESSION", "BIDDING"]) {
      const r = await auctioneer.request(
        LIVE_EVENTS.goToNextPhase,
        { nextPhase, batchesIds: [lotId], auctionNoticeId: ROOM },
        "ACKNOWLEDGED",
      );
      if (!r.newPhase) throw new Error(`fase ${nextPhase}: ${JSON.stringify(r)}`);
    }

    // ---- bid path: 200 suppliers (in the clients' process), each bid acknowledged after its commit ----
    const clients = new ClientsProcess();
    try {
      await clients.call({
        cmd: "bidders",
        url,
        tokens: Array.from({ length: SUPPLIERS }, (_, k) => tokenOf(k + 1)),
        noticeId: ROOM,
      });
      const bare = await bareInsertRate(db, databaseName, SUPPLIERS * BIDS_PER_SUPPLIER);
      const meter = cpuMeter(databaseName);
      const run = await clients.call<{ accepted: number; seconds: number; refused: string; cpuMs: number }>({
        cmd: "bid",
        batchId: lotId,
        rounds: BIDS_PER_SUPPLIER,
        base: BASE,
        step: 100,
      });
      const cpu = meter(run.accepted, run.cpuMs);
      // A batch's event-log entries share one occurred_at: one per transaction.
      const [batches] = (
        await db.execute<{ n: number }>(
          sql`SELECT count(DISTINCT occurred_at)::int AS n FROM event_log
              WHERE auction_notice_id = ${ROOM} AND event_type = 'BID_PLACED'`,
        )
      ).rows;
      if (run.accepted !== SUPPLIERS * BIDS_PER_SUPPLIER) throw new Error(`lances recusados: ${run.refused}`);
      await clients.call({ cmd: "closeAll" });

      // ---- fan-out: commit → the last of 1,000 room clients ----
      await clients.call({ cmd: "watchers", url, n: ROOM_CLIENTS, noticeId: ROOM });
      const bidder = await Client.open(url);
      await bidder.request(LIVE_EVENTS.register, { token: tokenOf(1), auctionNoticeId: ROOM }, "REGISTERED");
      let committedAt = 0;
      const live = app.live;
      const publish = live.publish.bind(live);
      live.publish = async (notice: LiveNotice, hint) => {
        if (notice.t === "bid") committedAt = now();
        return publish(notice, hint);
      };
      const fanSamples: number[] = [];
      let frame = "";
      let marker = "";
      for (let s = 0; s < FANOUT_SAMPLES; s++) {
        const value = BASE - (BIDS_PER_SUPPLIER + 1 + s) * SUPPLIERS * 100;
        marker = `"unitPrice":${value},`;
        const done = clients.expect(marker);
        await clients.armed();
        const r = await bidder.request(LIVE_EVENTS.placeNewBid, { batchId: lotId, value }, "ACKNOWLEDGED");
        if (!r.id) throw new Error(`lance recusado: ${JSON.stringify(r)}`);
        const got = await done;
        frame = got.frame;
        fanSamples.push(got.lastAt - committedAt);
      }
      await clients.call({ cmd: "closeAll" });
      bidder.close();
      auctioneer.close();
      await app.close();
      const bareFan = await bareBroadcast(clients, frame, marker, ROOM_CLIENTS, FANOUT_SAMPLES);
      bidPath = {
        bids: run.accepted,
        perSecond: run.accepted / run.seconds,
        bareInsertsPerSecond: bare.perSecond,
        transactions: batches?.n ?? 0,
        pool: POOL,
        cpu,
        bareCpu: bare.cpu,
      };
      fanOut = {
        clients: ROOM_CLIENTS,
        p50: percentile(fanSamples, 50),
        p99: percentile(fanSamples, 99),
        bareP50: percentile(bareFan, 50),
        bareP99: percentile(bareFan, 99),
        frameBytes: Buffer.byteLength(frame),
      };
    } finally {
      clients.stop();
    }

    return {
      bidPath,
      fanOut,
      roomStart: { lots: START_LOTS, p50: percentile(startSamples, 50), p95: percentile(startSamples, 95) },
    };
  } finally {
    await close();
    await database.drop();
  }
}
