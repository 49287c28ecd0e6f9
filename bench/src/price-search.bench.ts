import { buildApp } from "@certame/server/src/app";
import { loadConfig } from "@certame/server/src/config";
import { connect, runMigrations } from "@certame/server/src/db/client";
import { DEMO_PASSWORD, loadDemoData } from "@certame/server/src/demo/demo-data";
import { seedReferenceData } from "@certame/server/src/demo/reference-data";
import { HttpPncpPortal } from "@certame/server/src/integrations/pncp/pncp-client";
import { startFakePncp } from "@certame/server/test/fake-pncp";
import { benchDatabase } from "./database";
import { ms, percentile } from "./stats";

const REQUESTS = 200;
const WARMUP = 20;

export interface PriceSearchResult {
  name: string;
  p50: number;
  p95: number;
}

/**
 * The price search through the server (planning §7 "Price search") against the local fake portal
 * (apps/server/test/fake-pncp.ts) over loopback: what the server adds to the portal's own time.
 */
export async function benchPriceSearch(): Promise<PriceSearchResult[]> {
  const database = await benchDatabase("certame_bench_pncp");
  const { db, close } = connect(database.url, 10);
  const fake = await startFakePncp();
  try {
    await runMigrations(db);
    await seedReferenceData(db);
    await loadDemoData(db);
    const config = loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: "/tmp/certame-bench-data",
      APP_ENV: "test",
      PNCP_BASE_URL: fake.baseUrl,
    });
    const results: PriceSearchResult[] = [];
    const notice = fake.catalogue[0];
    if (!notice) throw new Error("empty fake catalogue");
    const purchase = {
      cnpj: notice.orgao_cnpj,
      purchaseYear: notice.ano,
      purchaseSequence: notice.numero_sequencial,
    };
    const search = {
      modalities: [4, 6, 8, 12],
      states: ["Selecionar Todos"],
      objectOfInterest: "papel",
      page: 1,
      limitPerPage: 10,
    };
    const scenarios: { name: string; path: string; body: object; cache: boolean }[] = [
      {
        name: "search, portal called every time (cache off)",
        path: "/api/app/pncp/search",
        body: search,
        cache: false,
      },
      { name: "search, answered from the cache", path: "/api/app/pncp/search", body: search, cache: true },
      {
        name: "items + item count, portal called every time (cache off)",
        path: "/api/app/pncp/items",
        body: { ...purchase, page: 1, limitPerPage: 10 },
        cache: false,
      },
      {
        name: "item results, sequential (50 ms spacing, cache off)",
        path: "/api/app/pncp/itemResults",
        body: { ...purchase, itemNumber: 1 },
        cache: false,
      },
    ];
    for (const s of scenarios) {
      const pncpPortal = new HttpPncpPortal(fake.baseUrl, s.cache ? {} : { cacheEntries: 0 });
      const app = await buildApp({ config, db, pncpPortal });
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const login = await fetch(`${base}/api/public/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login: "planejamento@demo.gov.br", password: DEMO_PASSWORD }),
      });
      const token = ((await login.json()) as { token: string }).token;
      const call = async () => {
        const started = performance.now();
        const res = await fetch(`${base}${s.path}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify(s.body),
        });
        const json = (await res.json()) as { list?: unknown[] };
        if (res.status !== 200 || !json.list?.length) throw new Error(`${s.name}: ${res.status}`);
        return performance.now() - started;
      };
      for (let i = 0; i < WARMUP; i++) await call();
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i++) samples.push(await call());
      await app.close();
      results.push({ name: s.name, p50: percentile(samples, 50), p95: percentile(samples, 95) });
      console.log(
        `  ${s.name.padEnd(58)} p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}`,
      );
    }
    return results;
  } finally {
    await fake.close();
    await close();
    await database.drop();
  }
}
