import { buildApp } from "@certame/server/src/app";
import { loadConfig } from "@certame/server/src/config";
import { connect, runMigrations } from "@certame/server/src/db/client";
import { DEMO_IDS, DEMO_PASSWORD, loadDemoData } from "@certame/server/src/demo/demo-data";
import { seedReferenceData } from "@certame/server/src/demo/reference-data";
import { sql } from "drizzle-orm";
import pg from "pg";
import { benchDatabase } from "./database";
import { ms, percentile } from "./stats";

const ROWS = 100_000;
const REQUESTS = 200;
const WARMUP = 20;
/** Rounds of every scenario on the same data: the table gives the median p95 and its range. */
const ROUNDS = Number(process.env.LIST_ROUNDS ?? 5);

/** 100,000 notices and 100,000 products; notices spread over statuses, modalities, both demo bodies and two years of sessions. */
async function seedNotices(db: ReturnType<typeof connect>["db"]) {
  await db.execute(sql`
    INSERT INTO auction_notices (buyer_id, status, modality, sub_modality, notice_number, process_number,
      object_of_interest, start_date_time, created_date)
    SELECT
      CASE WHEN i % 5 = 0 THEN ${DEMO_IDS.otherBuyer}::uuid ELSE ${DEMO_IDS.buyer}::uuid END,
      (ARRAY['PENDING','PUBLISHED','ONGOING','FINISHED','SUSPENDED'])[1 + i % 5],
      (ARRAY['NEW_ELECTRONIC_REVERSED_AUCTION','ELECTRONIC_DISPENSER','ELECTRONIC_AUCTION','ELECTRONIC_COMPETITION','DIRECT_ACCREDITATION'])[1 + (i / 5) % 5],
      'GOODS_ACQUISITION',
      'PE ' || i || '/' || (2020 + i % 7),
      'PA ' || lpad(i::text, 6, '0'),
      (ARRAY['Aquisição de material de expediente','Contratação de serviço de limpeza','Aquisição de equipamentos de informática','Fornecimento de gêneros alimentícios','Manutenção predial preventiva'])[1 + i % 5] || ' lote ' || i,
      now() - interval '365 days' + (i % 730) * interval '1 day',
      now() - (i * interval '1 minute')
    FROM generate_series(1, ${ROWS}) AS i`);
  await db.execute(sql`
    INSERT INTO auction_notice_secretary_offices (auction_notice_id, secretary_office_id)
    SELECT n.id, CASE WHEN n.buyer_id = ${DEMO_IDS.buyer}::uuid THEN ${DEMO_IDS.officeAdmin}::uuid ELSE ${DEMO_IDS.officeOther}::uuid END
    FROM auction_notices n ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO products (buyer_id, name, technical_description, created_date)
    SELECT CASE WHEN i % 2 = 0 THEN ${DEMO_IDS.buyer}::uuid ELSE NULL END,
      (ARRAY['Papel A4','Caneta esferográfica','Notebook','Cadeira giratória','Álcool 70%'])[1 + i % 5] || ' modelo ' || i,
      'Especificação técnica do item ' || i || ', conforme termo de referência.',
      now() - (i * interval '1 minute')
    FROM generate_series(1, ${ROWS}) AS i`);
  await db.execute(sql`ANALYZE`);
}

export interface ListResult {
  name: string;
  /** Per round. */
  p50: number[];
  p95: number[];
  total: number;
  totalIsLowerBound: boolean;
  /** EXPLAIN (ANALYZE, BUFFERS) of each statement one request of the scenario ran. */
  plans: string[];
}

/** The SQL statements the pg clients of this process send while `work` runs (text with its values). */
async function captureStatements(
  work: () => Promise<unknown>,
): Promise<{ text: string; values: unknown[] }[]> {
  const captured: { text: string; values: unknown[] }[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as { text?: string; values?: unknown[] } | string;
    if (typeof q === "string") captured.push({ text: q, values: Array.isArray(args[1]) ? args[1] : [] });
    else if (q && typeof q.text === "string")
      captured.push({ text: q.text, values: q.values ?? (Array.isArray(args[1]) ? args[1] : []) });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto.query = original;
  }
  return captured;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a captured statement, its values written in as literals. */
async function explain(client: pg.Client, q: { text: string; values: unknown[] }): Promise<string> {
  const literal = (v: unknown): string =>
    v === null || v === undefined
      ? "NULL"
      : typeof v === "number" || typeof v === "boolean"
        ? String(v)
        : v instanceof Date
          ? client.escapeLiteral(v.toISOString())
          : Array.isArray(v)
            ? client.escapeLiteral(`{${v.map((x) => `"${String(x)}"`).join(",")}}`)
            : client.escapeLiteral(String(v));
  const text = q.text.replace(/\$(\d+)/g, (_m, n: string) => literal(q.values[Number(n) - 1]));
  const plan = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`);
  return plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
}

export async function benchLists(): Promise<ListResult[]> {
  const database = await benchDatabase("certame_bench_lists");
  const { db, close } = connect(database.url, 10);
  try {
    await runMigrations(db);
    await seedReferenceData(db);
    await loadDemoData(db);
    await seedNotices(db);
    const config = loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: "/tmp/certame-bench-data",
      APP_ENV: "test",
    });
    const app = await buildApp({ config, db });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const login = await fetch(`${base}/api/public/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: "pregoeiro@demo.gov.br", password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { token: string }).token;

    const scenarios: { name: string; path: string; body: object; auth?: boolean }[] = [
      { name: "public list, newest session first", path: "/api/public/auction/list", body: {} },
      {
        name: "public list, modality + status filter, by notice number",
        path: "/api/public/auction/list",
        body: {
          modalities: ["ELECTRONIC_DISPENSER"],
          statuses: ["PUBLISHED"],
          orderByColumn: "noticeNumber",
          sortOrder: "ASC",
        },
      },
      {
        name: "public list, text search",
        path: "/api/public/auction/list",
        body: { searchParameters: "informatica" },
      },
      { name: "public list, page 1000", path: "/api/public/auction/list", body: { page: 1000 } },
      { name: "buyer list (app), newest created first", path: "/api/app/auction/list", body: {}, auth: true },
      {
        name: "buyer list (app), by secretariat names",
        path: "/api/app/auction/list",
        body: { orderByColumn: "secretariesNames", sortOrder: "ASC" },
        auth: true,
      },
      { name: "product catalogue (app), by code", path: "/api/app/product/list", body: {}, auth: true },
      {
        name: "product catalogue (app), text search, newest first",
        path: "/api/app/product/list",
        body: { searchParameters: "caneta", orderByColumn: "createdDate", sortOrder: "DESC" },
        auth: true,
      },
    ];
    const results: ListResult[] = scenarios.map((s) => ({
      name: s.name,
      p50: [],
      p95: [],
      total: 0,
      totalIsLowerBound: false,
      plans: [],
    }));
    for (let round = 0; round < ROUNDS; round++)
      for (const [index, s] of scenarios.entries()) {
        const result = results[index] as ListResult;
        const call = async () => {
          const started = performance.now();
          const res = await fetch(`${base}${s.path}`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              ...(s.auth ? { authorization: `Bearer ${token}` } : {}),
            },
            body: JSON.stringify(s.body),
          });
          const json = (await res.json()) as {
            total: number;
            totalIsLowerBound?: boolean;
            auctionNotices?: unknown[];
            products?: unknown[];
          };
          const rows = json.auctionNotices ?? json.products ?? [];
          if (res.status !== 200 || rows.length === 0) throw new Error(`${s.name}: ${res.status}`);
          return {
            elapsed: performance.now() - started,
            total: json.total,
            lowerBound: json.totalIsLowerBound ?? false,
          };
        };
        for (let i = 0; i < WARMUP; i++) await call();
        const samples: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const r = await call();
          samples.push(r.elapsed);
          result.total = r.total;
          result.totalIsLowerBound = r.lowerBound;
        }
        result.p50.push(percentile(samples, 50));
        result.p95.push(percentile(samples, 95));
        console.log(
          `  round ${round + 1} ${s.name.padEnd(58)} p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}`,
        );
        if (round === 0) {
          // The plans of one request: its page and its count (the session's lookups left out).
          const statements = await captureStatements(call);
          const explainer = new pg.Client({ connectionString: database.url });
          await explainer.connect();
          try {
            for (const q of statements.filter((c) =>
              /^\s*select .* from "?(auction_notices|products)"?/is.test(c.text),
            ))
              result.plans.push(await explain(explainer, q));
          } finally {
            await explainer.end();
          }
        }
      }
    await app.close();
    return results;
  } finally {
    await close();
    await database.drop();
  }
}
