import { describe, expect, it } from "vitest";
import {
  canDeleteNotice,
  canDeleteNoticeDocuments,
  lockedNoticeFields,
  type NoticeRuleInput,
  normalizeBidDuration,
  noticeRuleViolations,
  publishKind,
  requiredNoticeFields,
} from "./notice-rules";

const now = new Date("2026-05-10T12:00:00Z");
const past = new Date("2026-05-01T12:00:00Z");
const future = new Date("2026-06-01T12:00:00Z");

const base: NoticeRuleInput = {
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  subModality: "GOODS_ACQUISITION",
  dispensationForm: "LOWEST_PRICE",
  closingKind: "OPEN",
  auctionLicensePhase: "BEFORE_BID",
  bidDuration: 360,
  variationKind: "REAL",
  noticeNumber: "PE 1/2026",
  processNumber: "PA 1/2026",
  objectOfInterest: "Objeto",
  purchaseYear: 2026,
  startDateTime: future,
  proposalsStartDateTime: past,
  proposalsEndDateTime: future,
  processEndingDateTime: null,
  clarificationEndDateTime: null,
  lawClauseId: null,
  secretaryOfficeCount: 1,
  auctioneerCount: 1,
};

describe("lockedNoticeFields (notices-and-accounts §4 'Notice form field locking')", () => {
  it("locks only canPublishOnPncp, the reason and the modality outside PENDING in the unlocked statuses", () => {
    const dates = { startDateTime: past, proposalsStartDateTime: past, proposalsEndDateTime: past };
    expect(lockedNoticeFields({ status: "PENDING", ...dates }, now)).toEqual([]);
    for (const status of ["PUBLISHED", "SUSPENDED_INDEFINITELY"] as const) {
      expect(lockedNoticeFields({ status, ...dates }, now)).toEqual([
        "modality",
        "subModality",
        "canPublishOnPncp",
        "reasonOfInPersonModality",
      ]);
    }
  });

  it("locks by time in the other statuses", () => {
    const before = lockedNoticeFields(
      {
        status: "ONGOING",
        startDateTime: future,
        proposalsStartDateTime: past,
        proposalsEndDateTime: future,
      },
      now,
    );
    expect(before).toContain("proposalsStartDateTime");
    expect(before).not.toContain("objectOfInterest");
    expect(before).not.toContain("startDateTime");
    const after = lockedNoticeFields(
      { status: "SUSPENDED", startDateTime: past, proposalsStartDateTime: past, proposalsEndDateTime: past },
      now,
    );
    for (const f of [
      "startDateTime",
      "proposalsEndDateTime",
      "isInitialProposalsRequired",
      "objectOfInterest",
      "lawClause",
      "bidDuration",
    ])
      expect(after).toContain(f);
  });
});

describe("notice status rules (§4)", () => {
  it("publishes PENDING, republishes SUSPENDED_INDEFINITELY, nothing else", () => {
    expect(publishKind("PENDING")).toBe("PUBLISH");
    expect(publishKind("SUSPENDED_INDEFINITELY")).toBe("REPUBLISH");
    expect(publishKind("PUBLISHED")).toBeNull();
  });
  it("deletes PENDING, or FINISHED formalization/direct; documents only PENDING/SUSPENDED_INDEFINITELY", () => {
    expect(canDeleteNotice("PENDING", "ELECTRONIC_AUCTION")).toBe(true);
    expect(canDeleteNotice("FINISHED", "ACCREDITATION")).toBe(true);
    expect(canDeleteNotice("FINISHED", "ELECTRONIC_AUCTION")).toBe(false);
    expect(canDeleteNoticeDocuments("SUSPENDED_INDEFINITELY")).toBe(true);
    expect(canDeleteNoticeDocuments("PUBLISHED")).toBe(false);
  });
});

describe("noticeRuleViolations (§5, §9)", () => {
  it("accepts a complete notice", () => {
    expect(noticeRuleViolations(base)).toEqual([]);
  });
  it("requires per modality: formalizations need a law clause, not auctioneers nor proposal dates", () => {
    expect(requiredNoticeFields("WAIVER_FORMALIZATION")).toContain("lawClause");
    expect(requiredNoticeFields("WAIVER_FORMALIZATION")).not.toContain("auctioneers");
    const v = noticeRuleViolations({ ...base, auctioneerCount: 0, objectOfInterest: " " });
    expect(v.map((x) => x.property)).toEqual(["objectOfInterest", "auctioneers"]);
  });
  it("refuses options the modality does not offer and dates out of order", () => {
    const v = noticeRuleViolations({
      ...base,
      dispensationForm: "BEST_TECHNICAL",
      closingKind: "TIMED",
      proposalsEndDateTime: new Date(future.getTime() + 1000),
    });
    expect(v.map((x) => x.property).sort()).toEqual(["closingKind", "dispensationForm", "startDateTime"]);
  });
  it("refuses a REAL variation for BIGGEST_DISCOUNT", () => {
    expect(
      noticeRuleViolations({ ...base, dispensationForm: "BIGGEST_DISCOUNT" }).map((x) => x.property),
    ).toEqual(["variationKind"]);
  });
});

describe("normalizeBidDuration (§5)", () => {
  it("refuses the dispenser outside 1–10 h and clamps the timed electronic auction to 3–6 h", () => {
    expect(normalizeBidDuration("ELECTRONIC_DISPENSER", "TIMED", 59)).toHaveProperty("error");
    expect(normalizeBidDuration("ELECTRONIC_DISPENSER", "TIMED", 600)).toEqual({ minutes: 600 });
    expect(normalizeBidDuration("ELECTRONIC_AUCTION", "OPEN_TIMED", 30)).toEqual({ minutes: 180 });
    expect(normalizeBidDuration("ELECTRONIC_AUCTION", "OPEN_TIMED", 900)).toEqual({ minutes: 360 });
    expect(normalizeBidDuration("ELECTRONIC_AUCTION", "OPEN", 10)).toEqual({ minutes: 10 });
  });
});
