// Open data in OCDS 1.1 (issue 19 item 6) through HTTP on real PostgreSQL: every release, release
// package and record package is validated against the OCDS 1.1.5 schemas shipped beside the module
// (draft-04, with ajv-draft-04 and the formats), and what the law keeps confidential stays out.
import { gunzipSync } from "node:zlib";
import { areIdentitiesHidden } from "@certame/domain";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOM, roomLots, supplierIdentities } from "../../../test/room-session";
import { createTestApp, type TestApp } from "../../../test/test-app";
import {
  auctionBatches,
  auctionNotices,
  auctionWinners,
  bids,
  noticeParticipants,
  ocdsReleases,
  suppliers,
} from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { appendEvent } from "../../events/event-log.repository";
import { OCDS_NOT_FOUND_MESSAGE, OCDS_PAGE_SIZE, OCID_INVALID_MESSAGE, OcdsService } from "./ocds.service";
import { namesSupplier } from "./ocds-release";
import recordPackageSchema from "./record-package-schema.json";
import releasePackageSchema from "./release-package-schema.json";
import releaseSchema from "./release-schema.json";
import versionedReleaseSchema from "./versioned-release-validation-schema.json";

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(releaseSchema);
ajv.addSchema(versionedReleaseSchema);
const validRelease = ajv.compile(releaseSchema);
const validReleasePackage = ajv.compile(releasePackageSchema);
const validRecordPackage = ajv.compile(recordPackageSchema);

/** The schema's complaints about a document (an empty list when it validates). */
function errorsOf(validate: typeof validRelease, document: unknown) {
  return validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

// biome-ignore lint/suspicious/noExplicitAny: OCDS JSON read back in the test.
type Json = any;

let t: TestApp;
let lots: Record<number, string>;
const ocid = (noticeId: string) => `ocds-certame-${noticeId}`;
const get = (url: string) => t.app.inject({ method: "GET", url });

beforeAll(async () => {
  t = await createTestApp({ publicUrl: "https://certame.example.gov.br" });
  lots = await roomLots(t);
});
afterAll(() => t.close());

/** The room's release package, each release checked against the release schema. */
async function roomReleases(): Promise<Json[]> {
  const res = await get(`/api/public/ocds/releases/${ocid(ROOM)}`);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(errorsOf(validReleasePackage, body)).toEqual([]);
  for (const release of body.releases) expect(errorsOf(validRelease, release)).toEqual([]);
  return body.releases;
}

/** Moves a lot of the room to a phase, with its winner (the engine's negotiatingSupplierId). */
async function setLot(number: number, phase: string, winnerId: string | null = null) {
  await t.db
    .update(auctionBatches)
    .set({ phase: phase as never, negotiatingSupplierId: winnerId, phaseStartDateTime: new Date() })
    .where(eq(auctionBatches.id, lots[number] as string));
}

/** The bidder with the best (lowest) live bid in a room lot. */
async function bestBidderOf(number: number) {
  const rows = await t.db
    .select({ supplierId: bids.supplierId, unitPrice: bids.unitPrice })
    .from(bids)
    .where(and(eq(bids.batchId, lots[number] as string), eq(bids.isCancelled, false)));
  return rows.sort((a, b) => Number(a.unitPrice) - Number(b.unitPrice))[0] as {
    supplierId: string;
    unitPrice: number;
  };
}

describe("OCDS releases of a published notice", () => {
  it("the tender: buyer and procuring entity by CNPJ, items, lots, BRL, dates at -03:00; sealed proposals out", async () => {
    const releases = await roomReleases();
    expect(releases.map((r) => r.tag)).toEqual([["tender"]]);
    const [tender] = releases;
    // The validator is not vacuous: a release without its required fields, or a date without offset, fails.
    expect(errorsOf(validRelease, { ocid: tender.ocid })).not.toEqual([]);
    expect(errorsOf(validRelease, { ...tender, date: "27/11/2026" })).not.toEqual([]);
    expect(tender.ocid).toBe(ocid(ROOM));
    expect(tender.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
    expect(tender.parties).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^BR-CNPJ-\d{14}$/),
        roles: ["buyer", "procuringEntity"],
      }),
    ]);
    expect(tender.tender.procuringEntity.id).toBe(tender.buyer.id);
    expect(tender.tender.lots.map((l: Json) => l.title)).toEqual(["Lote 1", "Lote 2", "Lote 3"]);
    expect(tender.tender.items.every((i: Json) => Object.values(lots).includes(i.relatedLot))).toBe(true);
    expect(tender.tender.value.currency).toBe("BRL");
    // Lot 1: 2000 reams at R$ 28,90.
    expect(tender.tender.lots[0].value).toEqual({ amount: 57800, currency: "BRL" });
    // The proposals are sealed (CLOSED_FOR_OFFERS): no bids, no tenderer.
    const text = JSON.stringify(releases);
    expect(text).not.toContain('"bids"');
    expect(text).not.toContain("tenderer");
    for (const identity of await supplierIdentities(t)) expect(text).not.toContain(identity);
  });

  it("while a lot is confidential: the closed lots' bid summary, but no bidder's identity and no award", async () => {
    const winner1 = await bestBidderOf(1);
    await setLot(1, "HOMOLOGATION", winner1.supplierId);
    await setLot(2, "BIDDING");
    await setLot(3, "DESERTED");
    const releases = await roomReleases();
    expect(releases.map((r) => r.tag)).toEqual([["tender"], ["tenderUpdate"]]);
    const update = releases[1];
    const stats = update.bids.statistics;
    expect(stats.filter((s: Json) => s.relatedLot === lots[1]).map((s: Json) => s.measure)).toEqual([
      "bids",
      "bidders",
      "lowestValidBidValue",
    ]);
    expect(stats.find((s: Json) => s.measure === "lowestValidBidValue")).toMatchObject({
      value: winner1.unitPrice / 100,
      currency: "BRL",
    });
    // Lot 2 is still bidding: nothing of its bids.
    expect(stats.some((s: Json) => s.relatedLot === lots[2])).toBe(false);
    expect(update.tender.lots.map((l: Json) => l.status)).toEqual(["complete", "active", "unsuccessful"]);
    expect(update.tender.tenderers).toBeUndefined();
    expect(update.awards).toBeUndefined();
    const text = JSON.stringify(releases);
    for (const identity of await supplierIdentities(t)) expect(text).not.toContain(identity);
  });

  it("a closed (awarded) notice: tenderers, awards and contracts named by CNPJ; the record compiles and validates", async () => {
    const winner1 = await bestBidderOf(1);
    const winner2 = await bestBidderOf(2);
    await setLot(1, "CLOSING", winner1.supplierId);
    await setLot(2, "CLOSING", winner2.supplierId);
    await t.db.update(auctionNotices).set({ status: "FINISHED" }).where(eq(auctionNotices.id, ROOM));
    const releases = await roomReleases();
    expect(releases.map((r) => r.tag)).toEqual([["tender"], ["tenderUpdate"], ["award"], ["contract"]]);
    const [, update, award, contract] = releases;
    expect(update.tender.status).toBe("complete");
    const [bidder] = await t.db
      .select({ cnpj: suppliers.documentNumber, name: suppliers.corporateName })
      .from(suppliers)
      .where(eq(suppliers.id, winner1.supplierId));
    const party = `BR-CNPJ-${bidder?.cnpj}`;
    expect(update.tender.tenderers).toContainEqual({ id: party, name: bidder?.name });
    expect(update.tender.numberOfTenderers).toBe(
      (await t.db.select().from(noticeParticipants).where(eq(noticeParticipants.auctionNoticeId, ROOM)))
        .length,
    );
    expect(award.awards.map((a: Json) => [a.relatedLots, a.status])).toEqual([
      [[lots[1]], "active"],
      [[lots[2]], "active"],
    ]);
    const lot1 = award.awards[0];
    expect(lot1.suppliers).toEqual([{ id: party, name: bidder?.name }]);
    // A unit offer on a one-item lot: the bid times the 2000 reams.
    expect(lot1.value).toEqual({ amount: (winner1.unitPrice / 100) * 2000, currency: "BRL" });
    // Its item at the awarded unit price, not the reference price.
    expect(lot1.items.map((i: Json) => [i.quantity, i.unit.value])).toEqual([
      [2000, { amount: winner1.unitPrice / 100, currency: "BRL" }],
    ]);
    expect(award.parties.find((p: Json) => p.id === party).roles).toEqual(["tenderer", "supplier"]);
    expect(contract.contracts.map((c: Json) => [c.awardID, c.status])).toEqual([
      [lot1.id, "pending"],
      [award.awards[1].id, "pending"],
    ]);

    const record = await get(`/api/public/ocds/records/${ocid(ROOM)}`);
    expect(record.statusCode).toBe(200);
    const body = record.json();
    expect(errorsOf(validRecordPackage, body)).toEqual([]);
    const compiled = body.records[0].compiledRelease;
    expect(errorsOf(validRelease, compiled)).toEqual([]);
    expect(compiled.tag).toEqual(["compiled"]);
    expect(compiled.tender.status).toBe("complete");
    expect(compiled.awards).toHaveLength(2);
    expect(compiled.contracts).toHaveLength(2);
    expect(compiled.parties.find((p: Json) => p.id === party).roles).toEqual(["tenderer", "supplier"]);
    expect(compiled.parties.find((p: Json) => p.id === compiled.buyer.id).roles).toEqual([
      "buyer",
      "procuringEntity",
    ]);
  });

  it("a formalization's recorded winner is its award and contract, with the winner's prices", async () => {
    const [row] = await t.db
      .insert(auctionBatches)
      .values({
        auctionNoticeId: DEMO_IDS.noticeFormalization,
        number: 1,
        item: 1,
        quantity: "1",
        measurementUnitCode: "UN",
        referencePrice: 1_300_000,
      })
      .returning({ id: auctionBatches.id });
    const [supplier] = await t.db.select({ id: suppliers.id }).from(suppliers).limit(1);
    await t.db.insert(auctionWinners).values({
      auctionNoticeId: DEMO_IDS.noticeFormalization,
      batchId: row?.id as string,
      supplierId: supplier?.id as string,
      unitPrice: 1_250_000,
      totalPrice: 1_250_000,
      quantity: "1",
    });
    const res = await get(`/api/public/ocds/releases/${ocid(DEMO_IDS.noticeFormalization)}`);
    const body = res.json();
    expect(errorsOf(validReleasePackage, body)).toEqual([]);
    const award = body.releases.find((r: Json) => r.tag[0] === "award");
    expect(errorsOf(validRelease, award)).toEqual([]);
    expect(award.awards[0]).toMatchObject({ status: "active", value: { amount: 12500, currency: "BRL" } });
    expect(body.releases[0].tender.procurementMethod).toBe("direct");
    expect(body.releases.some((r: Json) => r.tag[0] === "contract")).toBe(true);
  });

  it("a draft, an unknown process and a malformed ocid are refused", async () => {
    const draft = await get(`/api/public/ocds/releases/${ocid(DEMO_IDS.noticeDraft)}`);
    expect(draft.statusCode).toBe(404);
    expect(draft.json()).toEqual({ message: OCDS_NOT_FOUND_MESSAGE });
    expect((await get(`/api/public/ocds/records/${ocid(DEMO_IDS.noticeDraft)}`)).statusCode).toBe(404);
    const malformed = await get(`/api/public/ocds/records/ocds-outro-${ROOM}`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().properties).toEqual([
      { property: "ocid", errorMessages: [OCID_INVALID_MESSAGE] },
    ]);
  });
});

/** The notices past their draft and not deleted: the open data's processes. */
async function publishedNotices() {
  const rows = await t.db
    .select({ id: auctionNotices.id, status: auctionNotices.status, isDeleted: auctionNotices.isDeleted })
    .from(auctionNotices);
  return rows.filter((n) => n.status !== "PENDING" && !n.isDeleted);
}

describe("the release listing and the bulk export", () => {
  it("pages the published notices' releases with links.next, drafts left out", async () => {
    const expected = (await publishedNotices()).map((n) => ocid(n.id));
    const first = await get("/api/public/ocds/releases");
    expect(first.statusCode).toBe(200);
    expect(errorsOf(validReleasePackage, first.json())).toEqual([]);
    expect(first.json().links.next === undefined).toBe(expected.length <= OCDS_PAGE_SIZE);
    // Two processes a page, so that the demo's notices take several pages.
    const service = new OcdsService(t.db, "https://certame.example.gov.br", () => new Date(), 2);
    const seen: string[] = [];
    const pages: number[] = [];
    for (let query: unknown = {}; query; ) {
      const page = await service.releasePage(query);
      expect(errorsOf(validReleasePackage, page)).toEqual([]);
      seen.push(...new Set<string>(page.releases.map((r: Json) => r.ocid)));
      pages.push(page.releases.length);
      const next = (page.links as { next?: string }).next;
      query = next ? Object.fromEntries(new URL(next).searchParams) : undefined;
      if (next) expect(new URL(next).origin).toBe("https://certame.example.gov.br");
    }
    expect(pages.length).toBe(Math.ceil(expected.length / 2));
    expect(seen.sort()).toEqual([...expected].sort());
    expect(seen).not.toContain(ocid(DEMO_IDS.noticeDraft));
  });

  it("refuses a page that is not a positive number, naming the field", async () => {
    for (const page of ["0", "-1", "abc", "1.5"]) {
      const res = await get(`/api/public/ocds/releases?page=${page}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().properties[0].property).toBe("page");
    }
  });

  it("exports every published process as a gzipped JSON Lines file of valid release packages", async () => {
    const res = await get("/api/public/ocds/releases.jsonl.gz");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/gzip");
    const lines = gunzipSync(res.rawPayload).toString("utf8").trimEnd().split("\n");
    expect(lines).toHaveLength((await publishedNotices()).length);
    for (const line of lines) {
      const pkg = JSON.parse(line);
      expect(errorsOf(validReleasePackage, pkg)).toEqual([]);
      expect(pkg.releases.length).toBeGreaterThan(0);
    }
  });
});

describe("the record's history (the snapshot sweep)", () => {
  const notice = DEMO_IDS.noticeOpen;
  const touch = (eventType: string) =>
    t.db.transaction((tx) =>
      appendEvent(tx, { auctionNoticeId: notice, eventType, actorUserId: null, payload: {} }),
    );

  it("keeps a release that a later change replaces, so the record shows both and compiles to the newer", async () => {
    const ocds = new OcdsService(t.db, "https://certame.example.gov.br");
    await touch("OCDS_TEST_CHANGE");
    expect(await ocds.sweep(5_000, 0)).toBeGreaterThanOrEqual(1);
    const before = (await t.db.select().from(ocdsReleases).where(eq(ocdsReleases.auctionNoticeId, notice)))
      .length;
    expect(before).toBeGreaterThanOrEqual(1);

    await t.db
      .update(auctionNotices)
      .set({ objectOfInterest: "Objeto retificado: aquisição de papel A4 reciclado." })
      .where(eq(auctionNotices.id, notice));
    await touch("OCDS_TEST_CHANGE");
    await ocds.sweep(5_000, 0);

    const res = await get(`/api/public/ocds/records/${ocid(notice)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(errorsOf(validRecordPackage, body)).toEqual([]);
    const [record] = body.records;
    const tenders = record.releases.filter((r: Json) => r.tag.includes("tender"));
    expect(tenders).toHaveLength(2);
    expect(new Set(tenders.map((r: Json) => r.id)).size).toBe(2);
    expect(tenders.map((r: Json) => r.tender.description)).toContain(
      "Objeto retificado: aquisição de papel A4 reciclado.",
    );
    expect(record.compiledRelease.tender.description).toBe(
      "Objeto retificado: aquisição de papel A4 reciclado.",
    );
    // The release package lists the history too.
    const releases = (await get(`/api/public/ocds/releases/${ocid(notice)}`)).json().releases;
    expect(releases.filter((r: Json) => r.tag.includes("tender"))).toHaveLength(2);
  });

  it("moves its cursor only past settled entries: a recent entry is read again, a settled one is not", async () => {
    const ocds = new OcdsService(t.db, "https://certame.example.gov.br");
    await touch("OCDS_TEST_CHANGE");
    // An hour's settling: the new entry is not settled, so two sweeps both read it.
    expect(await ocds.sweep(5_000, 3_600)).toBeGreaterThanOrEqual(1);
    expect(await ocds.sweep(5_000, 3_600)).toBeGreaterThanOrEqual(1);
    // Settled at once: read one last time, then nothing is left to read.
    expect(await ocds.sweep(5_000, 0)).toBeGreaterThanOrEqual(1);
    expect(await ocds.sweep(5_000, 0)).toBe(0);
    // Nothing kept twice: the unchanged notice's releases are the same rows.
    const ids = (await t.db.select().from(ocdsReleases).where(eq(ocdsReleases.auctionNoticeId, notice))).map(
      (r) => r.id,
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("kept releases and the identity rule", () => {
  it("a kept release that names suppliers is not served while a lot is back in a confidential phase", async () => {
    const ocds = new OcdsService(t.db, "https://certame.example.gov.br");
    // Every lot of the room awarded: the identities are public, and the sweep keeps what names them.
    for (const n of Object.keys(lots))
      await setLot(Number(n), "CLOSING", (await bestBidderOf(Number(n))).supplierId);
    await ocds.snapshot(ROOM);
    const named = (await roomReleases()).filter(namesSupplier);
    expect(named.length).toBeGreaterThan(0);
    // A lot regressed to its dispute: the room hides the suppliers again, and so do the open data.
    await setLot(1, "BIDDING");
    const [room] = await t.db.select().from(auctionNotices).where(eq(auctionNotices.id, ROOM));
    expect(areIdentitiesHidden(room?.modality as never, room?.auctionLicensePhase, ["BIDDING"])).toBe(true);
    const served = await roomReleases();
    expect(served.filter(namesSupplier)).toEqual([]);
    expect(served.some((r) => r.tag.includes("tender"))).toBe(true);
  });
});
