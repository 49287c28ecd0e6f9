import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { LIVE_EVENTS } from "@certame/domain";
import { connect, runMigrations } from "@certame/server/src/db/client";
import { DEMO_PASSWORD, loadDemoData } from "@certame/server/src/demo/demo-data";
import { seedReferenceData } from "@certame/server/src/demo/reference-data";
import { sql } from "drizzle-orm";
import { benchDatabase } from "./database";
import { BASE, Client, ClientsProcess, ROOM, seedSuppliers, tokenOf } from "./room.bench";
import { now } from "./room-ipc";
import { percentile } from "./stats";

// Issue 22: the bid path and the fan-out with the room's clients split over two instances (each a
// process of its own, cluster-server.ts) joined by the PostgreSQL bus or by Redis, against one
// instance, in the same run. Sizes come from the environment, the by default.

function size(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} inválido: ${process.env[name]}`);
  return value;
}

export const CLUSTER_SIZES = {
  /** Bidders, split evenly over the instances. */
  bidders: size("CLUSTER_BIDDERS", 200),
  /** Bids per bidder, each sent once the previous one was acknowledged. */
  bids: size("CLUSTER_BIDS", 10),
  /** Anonymous room clients of the fan-out, split evenly over the instances. */
  watchers: size("CLUSTER_WATCHERS", 1000),
  /** Fan-out samples (one bid each). */
  samples: size("CLUSTER_SAMPLES", 50),
};

/** The machine's Redis (a bench kills nothing, so it may use the machine's services). */
export const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

export interface ClusterSetup {
  name: string;
  instances: number;
  bus: "local" | "postgres" | "redis";
}

export const CLUSTER_SETUPS: ClusterSetup[] = [
  { name: "one instance", instances: 1, bus: "local" },
  { name: "two instances, PostgreSQL bus", instances: 2, bus: "postgres" },
  { name: "two instances, Redis bus", instances: 2, bus: "redis" },
];

export interface ClusterResult {
  setup: ClusterSetup;
  /** Why the setup was not measured (e.g. no Redis); the figures are then NaN. */
  error?: string;
  bids: number;
  perSecond: number;
  /** ACKNOWLEDGED on the bidder's instance → NEW_BID_PLACED at a client of the other one. */
  cross: { p50: number; p99: number; samples: number; missing: number } | null;
  /** ACKNOWLEDGED → the last of the watchers; and the bid's sending → the last of the watchers. */
  fanOut: { p50: number; p99: number; sentP50: number; sentP99: number };
}

/** A frame that never comes must fail the run, not hang it. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nada em ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Forks one instance on the database with the given bus; resolves once it listens. */
function startInstance(databaseUrl: string, bus: ClusterSetup["bus"]) {
  const child = fork(fileURLToPath(new URL("./cluster-server.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_BUS: bus, REDIS_URL: REDIS_URL },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.send("stop");
      await within(exited, 10_000, "parada da instância").catch(() => child.kill("SIGKILL"));
    }
  };
  const started = new Promise<{ url: string; stop: () => Promise<void> }>((resolve, reject) => {
    child.once("message", (m: { port: number }) => resolve({ url: `ws://127.0.0.1:${m.port}/api/ws`, stop }));
    child.once("exit", (code) =>
      reject(new Error(`a instância (${bus}) terminou ao iniciar (código ${code})`)),
    );
  });
  // A bus that cannot connect (no Redis) may retry forever: give up and end the instance.
  return within(started, 60_000, `início da instância (${bus})`).catch((error: Error) => {
    child.kill("SIGKILL");
    throw error;
  });
}

async function measure(setup: ClusterSetup, sizes: typeof CLUSTER_SIZES): Promise<ClusterResult> {
  const database = await benchDatabase("certame_bench_cluster");
  const { db, close } = connect(database.url, 2);
  const instances: { url: string; stop: () => Promise<void> }[] = [];
  const sockets: Client[] = [];
  let clients: ClientsProcess | undefined;
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
    await seedSuppliers(db, lotId, sizes.bidders);
    await db.execute(sql`ANALYZE`);
    for (let i = 0; i < setup.instances; i++) instances.push(await startInstance(database.url, setup.bus));
    const urls = instances.map((i) => i.url);
    const first = urls[0] as string;

    // The lot in BIDDING, moved by the auctioneer on the first instance.
    const login = await fetch(
      first.replace("ws://", "http://").replace("/api/ws", "/api/public/auth/login"),
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login: "pregoeiro@demo.gov.br", password: DEMO_PASSWORD }),
      },
    );
    const auctioneerToken = ((await login.json()) as { token: string }).token;
    const auctioneer = await Client.open(first);
    sockets.push(auctioneer);
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

    // ---- bid path: the bidders split over the instances, one observer per instance ----
    clients = new ClientsProcess();
    await clients.call({
      cmd: "bidders",
      url: first,
      urls,
      tokens: Array.from({ length: sizes.bidders }, (_, k) => tokenOf(k + 1)),
      noticeId: ROOM,
    });
    if (urls.length > 1) await clients.call({ cmd: "observers", urls, noticeId: ROOM });
    const run = await clients.call<{
      accepted: number;
      seconds: number;
      refused: string;
      cross: number[];
      missing: number;
    }>({ cmd: "bid", batchId: lotId, rounds: sizes.bids, base: BASE, step: 100 });
    if (run.accepted !== sizes.bidders * sizes.bids) throw new Error(`lances recusados: ${run.refused}`);
    await clients.call({ cmd: "closeAll" });

    // ---- fan-out: a bid from the first instance → the last of the watchers (split over the instances) ----
    await clients.call({ cmd: "watchers", url: first, urls, n: sizes.watchers, noticeId: ROOM });
    const bidder = await Client.open(first);
    sockets.push(bidder);
    await bidder.request(LIVE_EVENTS.register, { token: tokenOf(1), auctionNoticeId: ROOM }, "REGISTERED");
    const fromAck: number[] = [];
    const fromSent: number[] = [];
    for (let s = 0; s < sizes.samples; s++) {
      // Below every bid so far: each sample is the lot's new best bid.
      const value = BASE - (sizes.bids + 1 + s) * sizes.bidders * 100;
      const done = clients.expect(`"unitPrice":${value},`);
      await clients.armed();
      const sent = now();
      const r = await bidder.request(LIVE_EVENTS.placeNewBid, { batchId: lotId, value }, "ACKNOWLEDGED");
      const acked = now();
      if (!r.id) throw new Error(`lance recusado: ${JSON.stringify(r)}`);
      const got = await within(done, 30_000, "fan-out");
      fromAck.push(got.lastAt - acked);
      fromSent.push(got.lastAt - sent);
    }
    await clients.call({ cmd: "closeAll" });
    return {
      setup,
      bids: run.accepted,
      perSecond: run.accepted / run.seconds,
      cross:
        urls.length > 1
          ? {
              p50: percentile(run.cross, 50),
              p99: percentile(run.cross, 99),
              samples: run.cross.length,
              missing: run.missing,
            }
          : null,
      fanOut: {
        p50: percentile(fromAck, 50),
        p99: percentile(fromAck, 99),
        sentP50: percentile(fromSent, 50),
        sentP99: percentile(fromSent, 99),
      },
    };
  } finally {
    for (const s of sockets) s.close();
    clients?.stop();
    for (const i of instances) await i.stop();
    await close();
    await database.drop();
  }
}

/** The three setups in turn, each on a fresh database; a setup that cannot start (no Redis) is reported. */
export async function benchCluster(sizes = CLUSTER_SIZES): Promise<ClusterResult[]> {
  const results: ClusterResult[] = [];
  for (const setup of CLUSTER_SETUPS) {
    console.log(`Cluster: ${setup.name}`);
    try {
      results.push(await measure(setup, sizes));
    } catch (error) {
      if (setup.bus !== "redis") throw error;
      // Redis is optional on a machine; PostgreSQL is not.
      results.push({
        setup,
        error: (error as Error).message,
        bids: 0,
        perSecond: Number.NaN,
        cross: null,
        fanOut: { p50: Number.NaN, p99: Number.NaN, sentP50: Number.NaN, sentP99: Number.NaN },
      });
    }
    console.log(results.at(-1));
  }
  return results;
}
