// A notice that keeps its reference price secret (Lei 14.133/2021 art. 24; shouldDiscloseReferencePrice
// false) shows it to its own body only, until the auctioneer discloses it in the room.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { auctionNotices } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .update(auctionNotices)
    .set({ shouldDiscloseReferencePrice: false })
    .where(eq(auctionNotices.id, DEMO_IDS.noticeRoom));
});
afterAll(() => t.close());

const prices = (body: { batches: { referencePrice: number | null; totalAmount: number | null }[] }) =>
  body.batches.map((b) => [b.referencePrice, b.totalAmount]);

describe("secret reference price", () => {
  it("is hidden from visitors and suppliers", async () => {
    const visitor = await t.post("/api/public/auction/read", { id: DEMO_IDS.noticeRoom });
    expect(
      prices(visitor.json())
        .flat()
        .every((v) => v === null),
    ).toBe(true);
    const supplier = await t.post(
      "/api/public/auction/read",
      { id: DEMO_IDS.noticeRoom },
      await t.login("fornecedor1@demo.com.br"),
    );
    expect(
      prices(supplier.json())
        .flat()
        .every((v) => v === null),
    ).toBe(true);
  });

  it("is shown to the notice's own body", async () => {
    const buyer = await t.post(
      "/api/public/auction/read",
      { id: DEMO_IDS.noticeRoom },
      await t.login("pregoeiro@demo.gov.br"),
    );
    expect(prices(buyer.json())[0]?.[0]).toBe(2890);
  });

  it("is shown to everyone once disclosed", async () => {
    await t.db
      .update(auctionNotices)
      .set({ isReferencePriceDisclosed: true })
      .where(eq(auctionNotices.id, DEMO_IDS.noticeRoom));
    const visitor = await t.post("/api/public/auction/read", { id: DEMO_IDS.noticeRoom });
    expect(prices(visitor.json())[0]?.[0]).toBe(2890);
  });
});
