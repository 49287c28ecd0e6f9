import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { buyerSecretaryOffices, buyers } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";

let t: TestApp;
type Item = { id: string; noticeNumber: string; status: string; modality: string; buyer: { state: string } };
const ids = (res: { json(): { auctionNotices: Item[] } }) => res.json().auctionNotices.map((n) => n.id);
const numbers = (res: { json(): { auctionNotices: Item[] } }) =>
  res.json().auctionNotices.map((n) => n.noticeNumber);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("public/auction/list (notices-and-accounts §7)", () => {
  it("lists every notice past the draft, of every body, with the list fields", async () => {
    const res = await t.post("/api/public/auction/list", {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.limitResult).toBe(20);
    expect(body.total).toBe(8);
    expect(ids(res)).not.toContain(DEMO_IDS.noticeDraft);
    expect(ids(res)).not.toContain(DEMO_IDS.noticeOtherBuyerDraft);
    expect(ids(res)).toContain(DEMO_IDS.noticeOtherBuyer);
    const room = body.auctionNotices.find((n: Item) => n.id === DEMO_IDS.noticeRoom);
    expect(room).toMatchObject({
      noticeNumber: "PE 08/2026",
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      status: "PUBLISHED",
      buyer: { corporateName: "Prefeitura Municipal de Exemplo", state: "SP", city: "Exemplo" },
      secretariesNames: "Secretaria Municipal de Administração",
    });
    expect(new Date(room.startDateTime).toString()).not.toBe("Invalid Date");
  });

  it("never shows drafts, even when asked for them", async () => {
    const res = await t.post("/api/public/auction/list", { statuses: ["PENDING"] });
    expect(res.json()).toMatchObject({ total: 0, auctionNotices: [] });
  });

  it("filters by modality, status, state, buyer name and notice number", async () => {
    const byModality = await t.post("/api/public/auction/list", {
      modalities: ["ELECTRONIC_AUCTION", "ELECTRONIC_DISPENSER"],
    });
    expect(numbers(byModality).sort()).toEqual(["DE 05/2026", "LE 02/2026"]);
    const byStatus = await t.post("/api/public/auction/list", { statuses: ["FINISHED"] });
    expect(numbers(byStatus)).toEqual(["DL 03/2026"]);
    const byState = await t.post("/api/public/auction/list", { state: "MG" });
    expect(numbers(byState)).toEqual(["PE 21/2026"]);
    const byBuyer = await t.post("/api/public/auction/list", { buyerName: "vila nova" });
    expect(numbers(byBuyer)).toEqual(["PE 21/2026"]);
    const byNumber = await t.post("/api/public/auction/list", { noticeNumber: "pe 10" });
    expect(numbers(byNumber)).toEqual(["PE 10/2026"]);
  });

  it("searches the object ignoring case and accents", async () => {
    const res = await t.post("/api/public/auction/list", { searchParameters: "ALCOOL" });
    expect(numbers(res)).toEqual(["DE 05/2026"]);
    const none = await t.post("/api/public/auction/list", { searchParameters: "helicóptero" });
    expect(none.json()).toMatchObject({ total: 0, auctionNotices: [] });
  });

  it("filters by the session start date", async () => {
    const all = (await t.post("/api/public/auction/list", { limit: 100 })).json().auctionNotices as {
      startDateTime: string;
    }[];
    const cut = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.post("/api/public/auction/list", { startDate: cut });
    const expected = all.filter((n) => n.startDateTime.slice(0, 10) >= cut).length;
    expect(res.json().total).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(all.length);
  });

  it("sorts both ways and pages", async () => {
    const asc = numbers(
      await t.post("/api/public/auction/list", { orderByColumn: "noticeNumber", sortOrder: "ASC" }),
    );
    const desc = numbers(
      await t.post("/api/public/auction/list", { orderByColumn: "noticeNumber", sortOrder: "DESC" }),
    );
    expect(asc).toEqual([...asc].sort());
    expect(desc).toEqual([...asc].reverse());
    const page2 = await t.post("/api/public/auction/list", {
      orderByColumn: "noticeNumber",
      sortOrder: "ASC",
      limit: 3,
      page: 2,
    });
    expect(page2.json()).toMatchObject({ total: 8, limitResult: 3 });
    expect(numbers(page2)).toEqual(asc.slice(3, 6));
    const page3 = await t.post("/api/public/auction/list", {
      orderByColumn: "noticeNumber",
      sortOrder: "ASC",
      limit: 3,
      page: 3,
    });
    expect(numbers(page3)).toEqual(asc.slice(6));
  });

  it("refuses bad filters with the properties shape", async () => {
    const res = await t.post("/api/public/auction/list", {
      modalities: ["NOPE"],
      page: 0,
      orderByColumn: "password",
    });
    expect(res.statusCode).toBe(400);
    const props = res
      .json()
      .properties.map((p: { property: string }) => p.property)
      .sort();
    expect(props).toEqual(["modalities.0", "orderByColumn", "page"]);
  });
});

describe("app/auction/list", () => {
  it("gives a buyer every notice of its own body, drafts included, and nothing of another body", async () => {
    const token = await t.login("pregoeiro@demo.gov.br");
    const res = await t.post("/api/app/auction/list", {}, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(8);
    expect(ids(res)).toContain(DEMO_IDS.noticeDraft);
    expect(ids(res)).not.toContain(DEMO_IDS.noticeOtherBuyer);
    expect(ids(res)).not.toContain(DEMO_IDS.noticeOtherBuyerDraft);

    const other = await t.post("/api/app/auction/list", {}, await t.login("compras@vilanova.demo.gov.br"));
    expect(ids(other).sort()).toEqual([DEMO_IDS.noticeOtherBuyer, DEMO_IDS.noticeOtherBuyerDraft].sort());
  });

  it("refuses a buyer asking for another body's notices (403)", async () => {
    const token = await t.login("pregoeiro@demo.gov.br");
    const res = await t.post("/api/app/auction/list", { buyerId: DEMO_IDS.otherBuyer }, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTypeOf("string");
  });

  it("filters a buyer's list by status, secretariat and created-date cursor, newest first", async () => {
    const token = await t.login("pregoeiro@demo.gov.br");
    const drafts = await t.post("/api/app/auction/list", { statuses: ["PENDING"] }, token);
    expect(ids(drafts)).toEqual([DEMO_IDS.noticeDraft]);
    const health = await t.post("/api/app/auction/list", { secretaryName: "saude" }, token);
    expect(numbers(health).sort()).toEqual(["CR 01/2026", "DE 05/2026"]);
    const first = (await t.post("/api/app/auction/list", { limit: 3 }, token)).json().auctionNotices;
    const created = first.map((n: { createdDate: string }) => n.createdDate);
    expect(created).toEqual([...created].sort().reverse());
    const next = await t.post(
      "/api/app/auction/list",
      { lastAuctionNoticeCreatedDate: first[2].createdDate, limit: 20 },
      token,
    );
    for (const n of next.json().auctionNotices) expect(n.createdDate < first[2].createdDate).toBe(true);
  });

  it("gives suppliers and citizens only published notices", async () => {
    const res = await t.post(
      "/api/app/auction/list",
      { statuses: ["PENDING", "PUBLISHED"] },
      await t.login("fornecedor1@demo.com.br"),
    );
    expect(res.json().auctionNotices.every((n: Item) => n.status === "PUBLISHED")).toBe(true);
    const forged = await t.post(
      "/api/app/auction/list",
      { supplierId: DEMO_IDS.supplier2 },
      await t.login("fornecedor1@demo.com.br"),
    );
    expect(forged.statusCode).toBe(403);
  });
});

describe("auction/read", () => {
  it("reads a published notice publicly with its lots", async () => {
    const res = await t.post(`/api/public/auction/read?id=${DEMO_IDS.noticeRoom}`);
    expect(res.statusCode).toBe(200);
    const n = res.json();
    expect(n).toMatchObject({
      id: DEMO_IDS.noticeRoom,
      closingKind: "OPEN",
      dispensationForm: "LOWEST_PRICE",
    });
    expect(n.batches).toHaveLength(3);
    expect(n.batches[2]).toMatchObject({
      number: 3,
      batchItemParticipation: "EXCLUSIVE",
      phase: "CLOSED_FOR_OFFERS",
    });
    expect(n.batches[0].measurementUnit).toEqual({ code: "RESMA", description: expect.any(String) });
    expect(n.auctioneers[0].user.name).toBe("Marina Albuquerque");
    expect(n).not.toHaveProperty("createdByUserId");
  });

  it("hides drafts from everyone but their own body", async () => {
    expect((await t.post("/api/public/auction/read", { id: DEMO_IDS.noticeDraft })).statusCode).toBe(404);
    const own = await t.post(
      "/api/app/auction/read",
      { id: DEMO_IDS.noticeDraft },
      await t.login("apoio@demo.gov.br"),
    );
    expect(own.statusCode).toBe(200);
    const other = await t.post(
      "/api/app/auction/read",
      { id: DEMO_IDS.noticeDraft },
      await t.login("compras@vilanova.demo.gov.br"),
    );
    expect(other.statusCode).toBe(404);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expect(
      (await t.post("/api/public/auction/read", { id: "00000000-0000-4000-8000-999999999999" })).statusCode,
    ).toBe(404);
    const bad = await t.post("/api/public/auction/read", { id: "1 OR 1=1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().properties[0].property).toBe("id");
  });
});

describe("denormalised list columns stay true to their sources", () => {
  it("follows a secretariat rename and a buyer rename", async () => {
    await t.db
      .update(buyerSecretaryOffices)
      .set({ name: "Secretaria Municipal de Gestão" })
      .where(eq(buyerSecretaryOffices.id, DEMO_IDS.officeOther));
    await t.db
      .update(buyers)
      .set({ corporateName: "Município de Vila Nova das Flores" })
      .where(eq(buyers.id, DEMO_IDS.otherBuyer));
    const res = await t.post("/api/public/auction/list", { searchParameters: "flores" });
    expect(numbers(res)).toEqual(["PE 21/2026"]);
    expect(res.json().auctionNotices[0].secretariesNames).toBe("Secretaria Municipal de Gestão");
  });
});
