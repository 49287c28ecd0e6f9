import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attach,
  createNotice,
  inDays,
  insertLot,
  reversedAuctionPayload,
  setNotice,
} from "../../../test/notice-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { auctionBatches, auctionNotices, lawClauses, lotTimers } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents, verifyChain } from "../../events/event-log.repository";

let t: TestApp;
let buyer: string; // pregoeiro@demo.gov.br, Prefeitura Municipal de Exemplo
let other: string; // compras@vilanova.demo.gov.br, another body
let restricted: string; // planejamento@demo.gov.br, PLANNING_TEAM only
let supplier: string;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, other, restricted, supplier] = await Promise.all([
    t.login("pregoeiro@demo.gov.br"),
    t.login("compras@vilanova.demo.gov.br"),
    t.login("planejamento@demo.gov.br"),
    t.login("fornecedor1@demo.com.br"),
  ]);
});
afterAll(() => t.close());

const props = (res: { json(): { properties?: { property: string }[] } }) =>
  (res.json().properties ?? []).map((p) => p.property).sort();
const read = async (id: string, token = buyer) =>
  (await t.post("/api/app/auction/read", { id }, token)).json();
const events = async (id: string) => (await listEvents(t.db, id)).map((e) => e.eventType);

describe("app/auction/create (notices-and-accounts §7)", () => {
  it("creates a PENDING notice of the buyer's body with the modality defaults and logs it", async () => {
    const res = await t.post("/api/app/auction/create", reversedAuctionPayload(), buyer);
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    expect(Object.keys(res.json())).toEqual(["id"]);
    const n = await read(id);
    expect(n).toMatchObject({
      status: "PENDING",
      buyer: { id: DEMO_IDS.buyer },
      noticeNumber: "PE 40/2026",
      purchaseYear: 2026,
      dispensationForm: "LOWEST_PRICE",
      closingKind: "OPEN",
      canApplyTiebreaker: true,
      isInitialProposalsRequired: true,
      daysDue: 365,
      isTechnicalDataSheetAttachmentRequired: 0,
      qualificationDocumentRequired: "[]",
      secretaryOffice: [{ id: DEMO_IDS.officeAdmin }],
      actions: ["EDIT", "PUBLISH", "DUPLICATE", "DELETE"],
    });
    expect(n.auctioneers.map((a: { id: string }) => a.id)).toEqual([DEMO_IDS.staffAuctioneer]);
    expect(n.supportingStaff.map((a: { id: string }) => a.id)).toEqual([DEMO_IDS.staffSupport]);
    expect(await events(id)).toEqual(["NOTICE_CREATED"]);
  });

  it("refuses suppliers and restricted staff profiles (403), and anonymous calls (401)", async () => {
    expect((await t.post("/api/app/auction/create", reversedAuctionPayload(), supplier)).statusCode).toBe(
      403,
    );
    const r = await t.post("/api/app/auction/create", reversedAuctionPayload(), restricted);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBeTypeOf("string");
    expect((await t.post("/api/app/auction/create", reversedAuctionPayload())).statusCode).toBe(401);
  });

  it("checks the §5 limits: purchaseYear 4 characters, agreementNumber 6–30, reason ≤ 5120", async () => {
    const res = await t.post(
      "/api/app/auction/create",
      reversedAuctionPayload({
        purchaseYear: "26",
        agreementNumber: "12345",
        reasonOfInPersonModality: "x".repeat(5121),
      }),
      buyer,
    );
    expect(res.statusCode).toBe(400);
    expect(props(res)).toEqual(["agreementNumber", "purchaseYear", "reasonOfInPersonModality"]);
    const ok = await t.post(
      "/api/app/auction/create",
      reversedAuctionPayload({
        purchaseYear: "2027",
        agreementNumber: "123456",
        reasonOfInPersonModality: "x".repeat(5120),
      }),
      buyer,
    );
    expect(ok.statusCode).toBe(200);
    expect((await read(ok.json().id)).agreementNumber).toBe("123456");
  });

  it("requires the fields of the modality", async () => {
    const res = await t.post(
      "/api/app/auction/create",
      reversedAuctionPayload({
        auctioneers: [],
        secretaryOffice: [],
        proposalsEndDateTime: null,
        purchaseYear: null,
      }),
      buyer,
    );
    expect(res.statusCode).toBe(400);
    expect(props(res)).toEqual(["auctioneers", "proposalsEndDateTime", "purchaseYear", "secretaryOffice"]);
    expect(res.json().properties[0].errorMessages).toEqual(["Campo obrigatório"]);
    // A formalization needs a law clause but no proposal period nor auctioneer.
    const formalization = await t.post(
      "/api/app/auction/create",
      {
        ...reversedAuctionPayload({ modality: "WAIVER_FORMALIZATION", subModality: "HIRING_SERVICES" }),
        auctioneers: [],
        proposalsStartDateTime: null,
        proposalsEndDateTime: null,
      },
      buyer,
    );
    expect(props(formalization)).toEqual(["lawClause"]);
  });

  it("accepts only the criteria, closing kinds and license phases the modality offers (§9)", async () => {
    const criterion = await t.post(
      "/api/app/auction/create",
      reversedAuctionPayload({ dispensationForm: "TECHNIQUE_AND_PRICE", closingKind: "TIMED" }),
      buyer,
    );
    expect(props(criterion)).toEqual(["closingKind", "dispensationForm"]);
    const auction = await t.post(
      "/api/app/auction/create",
      reversedAuctionPayload({
        modality: "ELECTRONIC_AUCTION",
        subModality: "SALE",
        auctionLicensePhase: "BEFORE_BID",
      }),
      buyer,
    );
    expect(props(auction)).toEqual(["auctionLicensePhase"]);
    const sub = await t.post(
      "/api/app/auction/create",
      reversedAuctionPayload({ subModality: "SALE" }),
      buyer,
    );
    expect(props(sub)).toEqual(["subModality"]);
  });

  it("accepts only a law clause the modality offers, of the chosen legislation", async () => {
    const clause = async (code: string) =>
      (await t.db.select().from(lawClauses).where(eq(lawClauses.code, code)))[0] as {
        id: number;
        legislationId: number;
      };
    const art75 = await clause("LEI_14133_2021_ART75_II");
    const art28 = await clause("LEI_14133_2021_ART28_I");
    const dispenser = (lawClause: { id: number }, extra: Record<string, unknown> = {}) =>
      reversedAuctionPayload({ modality: "ELECTRONIC_DISPENSER", lawClause, ...extra });
    expect(props(await t.post("/api/app/auction/create", dispenser(art28), buyer))).toEqual(["lawClause"]);
    const ok = await t.post(
      "/api/app/auction/create",
      dispenser(art75, { legislation: { id: art75.legislationId } }),
      buyer,
    );
    expect(ok.statusCode).toBe(200);
    const n = await read(ok.json().id);
    expect(n).toMatchObject({
      lawClause: { id: art75.id },
      closingKind: "TIMED",
      auctionLicensePhase: "AFTER_BID",
    });
    // A clause sent for a modality that sends none is dropped (§7).
    const reversed = await t.post(
      "/api/app/auction/create",
      reversedAuctionPayload({ lawClause: art75 }),
      buyer,
    );
    expect((await read(reversed.json().id)).lawClause).toBeNull();
  });

  it("keeps bidDuration in range: 1–10 h refused for the dispenser, 3–6 h clamped for the timed auction", async () => {
    const dispenser = (bidDuration: number) =>
      t.post(
        "/api/app/auction/create",
        reversedAuctionPayload({ modality: "ELECTRONIC_DISPENSER", bidDuration, lawClause: null }),
        buyer,
      );
    const short = await dispenser(30);
    expect(props(short)).toContain("bidDuration");
    expect(
      short.json().properties.find((p: { property: string }) => p.property === "bidDuration").errorMessages,
    ).toEqual(["A duração da disputa deve estar entre 1 e 10 horas"]);
    expect(props(await dispenser(660))).toContain("bidDuration");
    const timed = await t.post(
      "/api/app/auction/create",
      reversedAuctionPayload({
        modality: "ELECTRONIC_AUCTION",
        subModality: "SALE",
        closingKind: "OPEN_TIMED",
        bidDuration: 600,
      }),
      buyer,
    );
    expect(timed.statusCode).toBe(200);
    expect((await read(timed.json().id)).bidDuration).toBe(360);
  });

  it("refuses secretariats and staff of another body", async () => {
    const res = await t.post(
      "/api/app/auction/create",
      reversedAuctionPayload({
        secretaryOffice: [{ id: DEMO_IDS.officeOther }],
        auctioneers: [{ id: DEMO_IDS.staffOther }],
        supportingStaff: [{ id: DEMO_IDS.staffAuctioneer }],
      }),
      buyer,
    );
    expect(props(res)).toEqual(["auctioneers", "secretaryOffice", "supportingStaff"]);
  });
});

describe("app/auction/edit and field locking (§4)", () => {
  it("changes the sent fields, keeps the others, logs the change and answers the notice", async () => {
    const id = await createNotice(t, buyer);
    const res = await t.post(
      "/api/app/auction/edit",
      { id, objectOfInterest: "Novo objeto", isSrp: true },
      buyer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      objectOfInterest: "Novo objeto",
      isSrp: true,
      noticeNumber: "PE 40/2026",
    });
    const log = await listEvents(t.db, id);
    expect(log.at(-1)).toMatchObject({
      eventType: "NOTICE_UPDATED",
      payload: { changed: ["objectOfInterest", "isSrp"] },
    });
  });

  it("hides another body's draft (404), forbids its published notice (403), 404 for a forged id", async () => {
    expect(
      (await t.post("/api/app/auction/edit", { id: DEMO_IDS.noticeOtherBuyerDraft, isSrp: true }, buyer))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.post("/api/app/auction/edit", { id: DEMO_IDS.noticeOtherBuyer, isSrp: true }, buyer))
        .statusCode,
    ).toBe(403);
    const forged = await t.post(
      "/api/app/auction/edit",
      { id: "00000000-0000-4000-8000-00000000dead", isSrp: true },
      buyer,
    );
    expect(forged.statusCode).toBe(404);
    const id = await createNotice(t, buyer);
    expect((await t.post("/api/app/auction/edit", { id, isSrp: true }, other)).statusCode).toBe(404);
  });

  it("locks canPublishOnPncp and reasonOfInPersonModality once the notice leaves PENDING", async () => {
    const id = await createNotice(t, buyer);
    await setNotice(t, id, { status: "PUBLISHED" });
    const res = await t.post(
      "/api/app/auction/edit",
      { id, canPublishOnPncp: false, objectOfInterest: "Outro" },
      buyer,
    );
    expect(res.statusCode).toBe(400);
    expect(props(res)).toEqual(["canPublishOnPncp"]);
    // The same value may be sent back (the form sends every field).
    const same = await t.post(
      "/api/app/auction/edit",
      { id, canPublishOnPncp: true, objectOfInterest: "Outro" },
      buyer,
    );
    expect(same.statusCode).toBe(200);
  });

  it("locks by time outside PENDING/PUBLISHED/SUSPENDED_INDEFINITELY: after the proposals end, the object and the criterion", async () => {
    const id = await createNotice(t, buyer);
    await setNotice(t, id, {
      status: "ONGOING",
      proposalsStartDateTime: new Date(Date.now() - 5 * 86_400_000),
      proposalsEndDateTime: new Date(Date.now() - 3_600_000),
      startDateTime: new Date(Date.now() + 3_600_000),
    });
    const n = await read(id);
    expect(n.lockedFields).toEqual(
      expect.arrayContaining(["objectOfInterest", "proposalsEndDateTime", "dispensationForm"]),
    );
    expect(n.lockedFields).not.toContain("startDateTime");
    const res = await t.post(
      "/api/app/auction/edit",
      { id, objectOfInterest: "Mudou", dispensationForm: "BIGGEST_DISCOUNT" },
      buyer,
    );
    expect(res.statusCode).toBe(400);
    expect(props(res)).toEqual(["dispensationForm", "objectOfInterest"]);
    // The session start has not passed: it may still move.
    const later = await t.post("/api/app/auction/edit", { id, startDateTime: inDays(2) }, buyer);
    expect(later.statusCode).toBe(200);
    // Once the session started it locks too.
    await setNotice(t, id, { startDateTime: new Date(Date.now() - 60_000) });
    expect(props(await t.post("/api/app/auction/edit", { id, startDateTime: inDays(3) }, buyer))).toEqual([
      "startDateTime",
    ]);
  });

  it("refuses editing a finished, cancelled or revoked notice (409)", async () => {
    const id = await createNotice(t, buyer);
    for (const status of ["FINISHED", "CANCELLED", "REVOKED"] as const) {
      await setNotice(t, id, { status });
      const res = await t.post("/api/app/auction/edit", { id, isSrp: true }, buyer);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("Este processo não pode ser editado no status atual.");
    }
  });

  it("opens the edit view (canUpdateAuctionView) only for the owning body in an editable status", async () => {
    const id = await createNotice(t, buyer);
    const own = await t.post("/api/app/auction/read", { id, canUpdateAuctionView: true }, buyer);
    expect(own.statusCode).toBe(200);
    expect(own.json().lockedFields).toEqual([]);
    const foreign = await t.post(
      "/api/app/auction/read",
      { id: DEMO_IDS.noticeOtherBuyer, canUpdateAuctionView: true },
      buyer,
    );
    expect(foreign.statusCode).toBe(403);
    const finished = await t.post(
      "/api/app/auction/read",
      { id: DEMO_IDS.noticeFormalization, canUpdateAuctionView: true },
      buyer,
    );
    expect(finished.statusCode).toBe(409);
  });
});

describe("publishing (updateStatus PUBLISHED, §4 'Publicar' / 'Republicar')", () => {
  it("needs at least one lot and the main notice file", async () => {
    const id = await createNotice(t, buyer);
    const noLot = await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    expect(noLot.statusCode).toBe(400);
    expect(props(noLot)).toEqual(["batches", "documents"]);
    await insertLot(t, id);
    await attach(t, buyer, id, "OTHER");
    const noMain = await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    expect(props(noMain)).toEqual(["documents"]);
    expect((await read(id)).status).toBe("PENDING");
  });

  it("publishes in one transaction with its hash-chained event, then refuses to publish again (409)", async () => {
    const id = await createNotice(t, buyer);
    await insertLot(t, id);
    await attach(t, buyer, id);
    const res = await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id, status: "PUBLISHED", publicationProof: true });
    expect(body.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    const n = await read(id);
    expect(n.status).toBe("PUBLISHED");
    expect(n.publishedDate).toBe(body.publishedDate);
    const log = await listEvents(t.db, id);
    expect(log.at(-1)).toMatchObject({
      eventType: "NOTICE_PUBLISHED",
      hash: body.eventHash,
      payload: { from: "PENDING", to: "PUBLISHED", contentSha256: body.contentSha256 },
    });
    expect(await verifyChain(t.db, id)).toBeNull();
    const again = await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    expect(again.statusCode).toBe(409);
    // Its proposal window runs by its dates; an edit of a date moves the clock (DESIGN §5 timer rows).
    const clock = async () =>
      (await t.db.select().from(lotTimers).where(eq(lotTimers.auctionNoticeId, id))).find(
        (r) => r.kind === "PROPOSALS_END",
      )?.dueAt;
    const before = await clock();
    expect(before).toBeInstanceOf(Date);
    const later = new Date((before as Date).getTime() + 86_400_000);
    const edited = await t.post(
      "/api/app/auction/edit",
      {
        id,
        proposalsEndDateTime: later.toISOString(),
        startDateTime: new Date(later.getTime() + 3_600_000).toISOString(),
      },
      buyer,
    );
    expect(edited.json()).toMatchObject({ id });
    expect((await clock())?.getTime()).toBe(later.getTime());
    expect(again.json().message).toBeTypeOf("string");
    // Visible to everyone now.
    expect((await t.post("/api/public/auction/read", { id })).statusCode).toBe(200);
  });

  it("refuses publishing an incomplete notice with the properties of the missing fields", async () => {
    const id = await createNotice(t, buyer);
    await insertLot(t, id);
    await attach(t, buyer, id);
    await setNotice(t, id, { purchaseYear: null });
    const res = await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    expect(res.statusCode).toBe(400);
    expect(props(res)).toEqual(["purchaseYear"]);
  });

  it("suspends indefinitely, then republishes (NOTICE_REPUBLISHED); a formalization needs no proof", async () => {
    const id = await createNotice(t, buyer);
    await insertLot(t, id);
    await attach(t, buyer, id);
    await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    const suspended = await t.post(
      "/api/app/auction/updateStatus",
      { id, status: "SUSPENDED_INDEFINITELY" },
      buyer,
    );
    expect(suspended.json()).toEqual({ id, status: "SUSPENDED_INDEFINITELY" });
    expect((await read(id)).actions).toContain("REPUBLISH");
    const again = await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
    expect(again.statusCode).toBe(200);
    expect((await events(id)).slice(-3)).toEqual([
      "NOTICE_PUBLISHED",
      "NOTICE_SUSPENDED",
      "NOTICE_REPUBLISHED",
    ]);
    const pending = await createNotice(t, buyer);
    const wrong = await t.post(
      "/api/app/auction/updateStatus",
      { id: pending, status: "SUSPENDED_INDEFINITELY" },
      buyer,
    );
    expect(wrong.statusCode).toBe(409);
    const bad = await t.post("/api/app/auction/updateStatus", { id, status: "FINISHED" }, buyer);
    expect(bad.statusCode).toBe(400);
  });

  it("refuses publishing another body's notice and restricted profiles", async () => {
    expect(
      (
        await t.post(
          "/api/app/auction/updateStatus",
          { id: DEMO_IDS.noticeOtherBuyerDraft, status: "PUBLISHED" },
          buyer,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.post(
          "/api/app/auction/updateStatus",
          { id: DEMO_IDS.noticeDraft, status: "PUBLISHED" },
          restricted,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe("finish, reopen, cancel, delete (§4)", () => {
  it("finishes an ONGOING in-person process only", async () => {
    const id = await createNotice(t, buyer, { modality: "REVERSED_AUCTION_IN_PERSON" });
    expect((await t.post("/api/app/auction/finalizeProcess", { id }, buyer)).statusCode).toBe(409);
    await setNotice(t, id, { status: "ONGOING" });
    const res = await t.post("/api/app/auction/finalizeProcess", { id }, buyer);
    expect(res.json()).toEqual({ id, status: "FINISHED" });
    expect((await events(id)).at(-1)).toBe("NOTICE_FINISHED");
    const electronic = await createNotice(t, buyer);
    await setNotice(t, electronic, { status: "ONGOING" });
    expect((await t.post("/api/app/auction/finalizeProcess", { id: electronic }, buyer)).statusCode).toBe(
      409,
    );
  });

  it("reopens a finished formalization to be adjusted and republished; not other statuses or groups", async () => {
    const res = await t.post("/api/app/auction/reopen", { id: DEMO_IDS.noticeFormalization }, buyer);
    expect(res.json()).toEqual({ id: DEMO_IDS.noticeFormalization, status: "SUSPENDED_INDEFINITELY" });
    expect((await events(DEMO_IDS.noticeFormalization)).at(-1)).toBe("NOTICE_REOPENED");
    expect(
      (await t.post("/api/app/auction/reopen", { id: DEMO_IDS.noticeFormalization }, buyer)).statusCode,
    ).toBe(409);
    const inPerson = await createNotice(t, buyer, { modality: "REVERSED_AUCTION_IN_PERSON" });
    await setNotice(t, inPerson, { status: "FINISHED" });
    expect((await t.post("/api/app/auction/reopen", { id: inPerson }, buyer)).statusCode).toBe(409);
  });

  it("cancels a published process, not a draft", async () => {
    const id = await createNotice(t, buyer);
    expect((await t.post("/api/app/auction/cancelProcess", { id }, buyer)).statusCode).toBe(409);
    await setNotice(t, id, { status: "PUBLISHED" });
    expect((await t.post("/api/app/auction/cancelProcess", { id }, buyer)).json()).toEqual({
      id,
      status: "CANCELLED",
    });
    expect((await events(id)).at(-1)).toBe("NOTICE_CANCELLED");
  });

  it("deletes softly a PENDING notice or a finished formalization/direct one; refuses the rest", async () => {
    const id = await createNotice(t, buyer);
    expect((await t.post("/api/app/auction/delete", { id }, other)).statusCode).toBe(404);
    const res = await t.post("/api/app/auction/delete", { id }, buyer);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(auctionNotices).where(eq(auctionNotices.id, id));
    expect(row?.isDeleted).toBe(true);
    expect((await t.post("/api/app/auction/read", { id }, buyer)).statusCode).toBe(404);
    expect((await events(id)).at(-1)).toBe("NOTICE_DELETED");
    expect((await t.post("/api/app/auction/delete", { id }, buyer)).statusCode).toBe(404);

    const published = await t.post("/api/app/auction/delete", { id: DEMO_IDS.noticeOpen }, buyer);
    expect(published.statusCode).toBe(409);
    const direct = await createNotice(t, buyer, {
      modality: "DIRECT_ACCREDITATION",
      subModality: "HIRING_SERVICES",
      lawClause: {
        id: (await t.db.select().from(lawClauses).where(eq(lawClauses.code, "LEI_14133_2021_ART79_I")))[0]
          ?.id,
      },
    });
    await setNotice(t, direct, { status: "FINISHED" });
    expect((await t.post("/api/app/auction/delete", { id: direct }, buyer)).statusCode).toBe(200);
    expect(
      (await t.post("/api/app/auction/delete", { id: DEMO_IDS.noticeDraft }, restricted)).statusCode,
    ).toBe(403);
  });
});

describe("app/auction/duplicate", () => {
  it("copies fields, people and lots into a new PENDING notice with new numbers, logged on both", async () => {
    await insertLot(t, DEMO_IDS.noticeOpen, 7, 1);
    const res = await t.post(
      "/api/app/auction/duplicate",
      { id: DEMO_IDS.noticeOpen, noticeNumber: "PE 50/2026", processNumber: "PA 5000/2026" },
      buyer,
    );
    expect(res.statusCode).toBe(200);
    const copy = res.json();
    expect(copy).toMatchObject({
      status: "PENDING",
      noticeNumber: "PE 50/2026",
      processNumber: "PA 5000/2026",
      isSrp: true,
    });
    expect(copy.id).not.toBe(DEMO_IDS.noticeOpen);
    expect(copy.publishedDate).toBeNull();
    expect(copy.auctioneers[0].id).toBe(DEMO_IDS.staffAuctioneer);
    const source = await read(DEMO_IDS.noticeOpen);
    expect(copy.batches).toHaveLength(source.batches.length);
    expect(copy.batches.every((b: { phase: string }) => b.phase === "NOT_STARTED")).toBe(true);
    expect(copy.documents).toEqual([]);
    expect(await events(copy.id)).toEqual(["NOTICE_CREATED"]);
    expect((await events(DEMO_IDS.noticeOpen)).at(-1)).toBe("NOTICE_DUPLICATED");
    const batches = await t.db
      .select()
      .from(auctionBatches)
      .where(eq(auctionBatches.auctionNoticeId, copy.id));
    expect(batches.map((b) => b.number)).toContain(7);
    // The new notice heads the buyer's list (newest created first).
    const list = (await t.post("/api/app/auction/list", {}, buyer)).json();
    expect(list.auctionNotices[0].id).toBe(copy.id);
  });

  it("derives new numbers when none are sent, refuses the source's own numbers and another body's notice", async () => {
    const derived = (await t.post("/api/app/auction/duplicate", { id: DEMO_IDS.noticeDraft }, buyer)).json();
    expect(derived.noticeNumber).toBe("PE 12/2026 (cópia)");
    expect(derived.processNumber).toBe("PA 0451/2026 (cópia)");
    const same = await t.post(
      "/api/app/auction/duplicate",
      { id: DEMO_IDS.noticeDraft, noticeNumber: "PE 12/2026" },
      buyer,
    );
    expect(same.statusCode).toBe(400);
    expect(props(same)).toEqual(["noticeNumber"]);
    expect(
      (await t.post("/api/app/auction/duplicate", { id: DEMO_IDS.noticeOtherBuyer }, buyer)).statusCode,
    ).toBe(403);
  });
});

describe("variation kind, required documents, document classes, pre-qualifications", () => {
  it("changes the variation kind while the lots may change; BIGGEST_DISCOUNT only in %", async () => {
    const id = await createNotice(t, buyer);
    const res = await t.post(
      "/api/app/auction/changeVariationKind",
      { id, variationKind: "PERCENTAGE" },
      buyer,
    );
    expect(res.json()).toEqual({ id, variationKind: "PERCENTAGE" });
    expect((await events(id)).at(-1)).toBe("VARIATION_KIND_CHANGED");
    const discount = await createNotice(t, buyer, { dispensationForm: "BIGGEST_DISCOUNT" });
    expect((await read(discount)).variationKind).toBe("PERCENTAGE");
    const real = await t.post(
      "/api/app/auction/changeVariationKind",
      { id: discount, variationKind: "REAL" },
      buyer,
    );
    expect(real.statusCode).toBe(400);
    expect(props(real)).toEqual(["variationKind"]);
    await setNotice(t, id, { status: "PUBLISHED" });
    expect(
      (await t.post("/api/app/auction/changeVariationKind", { id, variationKind: "REAL" }, buyer)).statusCode,
    ).toBe(409);
  });

  it("creates and lists the body's other document classes; a repeated name is refused", async () => {
    const created = await t.post(
      "/api/app/auction/documentClass/create",
      { className: "Certidões ambientais" },
      buyer,
    );
    expect(created.json()).toEqual({ id: expect.any(String), className: "Certidões ambientais" });
    const repeated = await t.post(
      "/api/app/auction/documentClass/create",
      { className: "certidões AMBIENTAIS" },
      buyer,
    );
    expect(repeated.statusCode).toBe(409);
    expect(
      (await t.post("/api/app/auction/documentClass/create", { className: " " }, buyer)).statusCode,
    ).toBe(400);
    const mine = (await t.post("/api/app/auction/documentClass/list", {}, buyer)).json();
    expect(mine).toContainEqual(created.json());
    const theirs = (await t.post("/api/app/auction/documentClass/list", {}, other)).json();
    expect(theirs).not.toContainEqual(created.json());
  });

  it("reads and updates the required qualification kinds and classes (§2.10)", async () => {
    const id = await createNotice(t, buyer);
    const initial = (await t.post("/api/app/auction/documentsRequired", { id }, buyer)).json();
    expect(initial).toMatchObject({
      id,
      qualificationDocumentRequired: "[]",
      othersDocumentsClassesRequired: [],
    });
    expect(initial.qualificationDocumentClasses.length).toBeGreaterThan(0);
    const cls = (
      await t.post("/api/app/auction/documentClass/create", { className: "Licenças sanitárias" }, buyer)
    ).json();
    const res = await t.post(
      "/api/app/auction/documentsRequired",
      {
        id,
        canIndicateQualificationDocument: true,
        qualificationDocumentRequired: ["FGTS_CLEARANCE", "BALANCE_SHEET"],
        othersDocumentsClassesRequired: [{ id: cls.id }],
      },
      buyer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      canIndicateQualificationDocument: true,
      qualificationDocumentRequired: JSON.stringify(["FGTS_CLEARANCE", "BALANCE_SHEET"]),
      othersDocumentsClassesRequired: [cls],
    });
    expect((await read(id)).othersDocumentsClassesRequired).toEqual([cls]);
    expect((await events(id)).at(-1)).toBe("DOCUMENTS_REQUIRED_UPDATED");

    const none = await t.post(
      "/api/app/auction/documentsRequired",
      { id, qualificationDocumentRequired: [], othersDocumentsClassesRequired: [] },
      buyer,
    );
    expect(none.statusCode).toBe(400);
    const unknown = await t.post(
      "/api/app/auction/documentsRequired",
      { id, qualificationDocumentRequired: ["PUBLICATION_PROOF"] },
      buyer,
    );
    expect(unknown.statusCode).toBe(400);
    const theirClass = (
      await t.post("/api/app/auction/documentClass/create", { className: "Outra" }, other)
    ).json();
    const foreign = await t.post(
      "/api/app/auction/documentsRequired",
      { id, othersDocumentsClassesRequired: [{ id: theirClass.id }] },
      buyer,
    );
    expect(props(foreign)).toEqual(["othersDocumentsClassesRequired"]);
    expect((await t.post("/api/app/auction/documentsRequired", { id }, other)).statusCode).toBe(404);
  });

  it("lists the body's pre-qualification processes and accepts only those as preQualification", async () => {
    const pq = await createNotice(t, buyer, {
      modality: "PRE_QUALIFICATION",
      subModality: "GOODS_ACQUISITION",
      noticeNumber: "PQ 07/2026",
      auctioneers: [],
      lawClause: {
        id: (await t.db.select().from(lawClauses).where(eq(lawClauses.code, "LEI_14133_2021_ART80_I")))[0]
          ?.id,
      },
    });
    // The demo body has its own published pre-qualification (PQ 01/2026, a direct one).
    const demo = { id: DEMO_IDS.noticePreQualification, noticeNumber: "PQ 01/2026" };
    expect((await t.post("/api/app/auction/preQualification/list", {}, buyer)).json()).toEqual([demo]);
    await setNotice(t, pq, { status: "PUBLISHED" });
    const listed = (await t.post("/api/app/auction/preQualification/list", {}, buyer)).json();
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(expect.arrayContaining([demo, { id: pq, noticeNumber: "PQ 07/2026" }]));
    expect((await t.post("/api/app/auction/preQualification/list", {}, other)).json()).toEqual([]);
    const ok = await t.post(
      "/api/app/auction/create",
      reversedAuctionPayload({ hasPreQualification: true, preQualification: { id: pq } }),
      buyer,
    );
    expect((await read(ok.json().id)).preQualification).toEqual({ id: pq, noticeNumber: "PQ 07/2026" });
    const wrong = await t.post(
      "/api/app/auction/create",
      reversedAuctionPayload({ hasPreQualification: true, preQualification: { id: DEMO_IDS.noticeOpen } }),
      buyer,
    );
    expect(props(wrong)).toEqual(["preQualification"]);
  });
});
