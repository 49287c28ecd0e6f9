import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { DEMO_IDS } from "../../demo/demo-data";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("app/buyer/read (notices-and-accounts §3 Buyer, §7)", () => {
  it("gives a buyer user its own body with secretariats, staff and competent authority", async () => {
    const res = await t.post(
      "/api/app/buyer/read",
      { buyerId: DEMO_IDS.buyer },
      await t.login("apoio@demo.gov.br"),
    );
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({
      id: DEMO_IDS.buyer,
      corporateName: "Prefeitura Municipal de Exemplo",
      cnpj: "12345678000195",
    });
    expect(b.secretaries.map((s: { name: string }) => s.name)).toEqual([
      "Secretaria Municipal de Administração",
      "Secretaria Municipal de Saúde",
    ]);
    const auctioneer = b.staffMembers.find((s: { id: string }) => s.id === DEMO_IDS.staffAuctioneer);
    expect(auctioneer).toMatchObject({ role: ["AUCTIONEER"], user: { name: "Marina Albuquerque" } });
    expect(b.competentAuthority.user).toMatchObject({
      name: "Roberto Nogueira",
      email: "autoridade@demo.gov.br",
    });
    expect(JSON.stringify(b)).not.toContain("passwordHash");
  });

  it("defaults to the active user's body", async () => {
    const res = await t.post("/api/app/buyer/read", {}, await t.login("compras@vilanova.demo.gov.br"));
    expect(res.json().id).toBe(DEMO_IDS.otherBuyer);
  });

  it("refuses another body (403), suppliers (403) and anonymous calls (401)", async () => {
    const other = await t.post(
      "/api/app/buyer/read",
      { buyerId: DEMO_IDS.otherBuyer },
      await t.login("pregoeiro@demo.gov.br"),
    );
    expect(other.statusCode).toBe(403);
    const supplier = await t.post(
      "/api/app/buyer/read",
      { buyerId: DEMO_IDS.buyer },
      await t.login("fornecedor1@demo.com.br"),
    );
    expect(supplier.statusCode).toBe(403);
    expect((await t.post("/api/app/buyer/read", { buyerId: DEMO_IDS.buyer })).statusCode).toBe(401);
  });

  it("lets platform staff read any body, and answers 404 for an unknown one", async () => {
    const admin = await t.login("admin@certame.local");
    expect((await t.post("/api/app/buyer/read", { buyerId: DEMO_IDS.otherBuyer }, admin)).statusCode).toBe(
      200,
    );
    const unknown = await t.post(
      "/api/app/buyer/read",
      { buyerId: "00000000-0000-4000-8000-999999999999" },
      admin,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe("public/buyer/read", () => {
  it("shows only public fields", async () => {
    const res = await t.post("/api/public/buyer/read", { id: DEMO_IDS.buyer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: DEMO_IDS.buyer,
      corporateName: "Prefeitura Municipal de Exemplo",
      cnpj: "12345678000195",
      website: "https://www.exemplo.sp.gov.br",
      city: "Exemplo",
      state: "SP",
    });
  });
});
