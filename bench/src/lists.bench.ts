import { buildApp } from "@certame/server/src/app";
import { loadConfig } from "@certame/server/src/config";
import { connect, runMigrations } from "@certame/server/src/db/client";
import { DEMO_IDS, DEMO_PASSWORD, loadDemoData } from "@certame/server/src/demo/demo-data";
import { seedReferenceData } from "@certame/server/src/demo/reference-data";
import { sql } from "drizzle-orm";
import { benchDatabase } from "./database";
import { ms, percentile } from "./stats";

const ROWS = 100_000;
const REQUESTS = 200;
const WARMUP = 20;

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
  p50: number;
  p95: number;
  total: number;
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
    const results: ListResult[] = [];
    for (const s of scenarios) {
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
          auctionNotices?: unknown[];
          products?: unknown[];
        };
        const rows = json.auctionNotices ?? json.products ?? [];
        if (res.status !== 200 || rows.length === 0) throw new Error(`${s.name}: ${res.status}`);
        return { elapsed: performance.now() - started, total: json.total };
      };
      for (let i = 0; i < WARMUP; i++) await call();
      const samples: number[] = [];
      let total = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const r = await call();
        samples.push(r.elapsed);
        total = r.total;
      }
      results.push({ name: s.name, p50: percentile(samples, 50), p95: percentile(samples, 95), total });
      console.log(
        `  ${s.name.padEnd(58)} p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}`,
      );
    }
    await app.close();
    return results;
  } finally {
    await close();
    await database.drop();
  }
}
