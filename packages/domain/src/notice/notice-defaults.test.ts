import { describe, expect, it } from "vitest";
import { MODALITIES } from "../enums/modality";
import { bidDurationFromServer, daysDueFromServer } from "./notice-conversions";
import {
  NOTICE_FORM_DEFAULTS,
  NOTICE_FORM_FLAG_DEFAULTS,
  NOTICE_SECTION_9_FLAG_DEFAULTS,
  newNoticeDefaults,
} from "./notice-defaults";
import {
  allowedClosingKinds,
  allowedJudgementCriteria,
  allowedLicensePhases,
  SUB_MODALITIES_BY_MODALITY,
} from "./notice-options";

describe("create-form defaults (notices-and-accounts §3 'Defaults of the create form')", () => {
  it("starts as an electronic auction for sale, lowest price, open, unit value, before bid, broad", () => {
    expect(NOTICE_FORM_DEFAULTS).toMatchObject({
      modality: "ELECTRONIC_AUCTION",
      subModality: "SALE",
      dispensationForm: "LOWEST_PRICE",
      closingKind: "OPEN",
      offerKind: "UNIT_VALUE",
      auctionLicensePhase: "BEFORE_BID",
      processParticipation: "BROAD",
      daysDue: 12,
      bidDuration: 360,
      amountBidsAutomaticStart: 0,
    });
  });

  it("sets exactly four flags true", () => {
    const trueFlags = Object.entries(NOTICE_FORM_FLAG_DEFAULTS)
      .filter(([, v]) => v)
      .map(([k]) => k)
      .sort();
    expect(trueFlags).toEqual(
      [
        "canApplyTiebreaker",
        "canPublishOnPncp",
        "isInitialProposalsRequired",
        "shouldDiscloseReferencePrice",
      ].sort(),
    );
    expect(Object.keys(NOTICE_FORM_FLAG_DEFAULTS)).toHaveLength(14);
  });

  it("keeps the §9 reading as an alternative: only canPublishOnPncp and isInitialProposalsRequired true", () => {
    const trueFlags = Object.entries(NOTICE_SECTION_9_FLAG_DEFAULTS)
      .filter(([, v]) => v)
      .map(([k]) => k)
      .sort();
    expect(trueFlags).toEqual(["canPublishOnPncp", "isInitialProposalsRequired"]);
  });
});

describe("newNoticeDefaults (notices-and-accounts §3 and §9 'Defaults for a new notice by modality')", () => {
  it("follows the create form, not the §9 reading, for the disputed flags", () => {
    const d = newNoticeDefaults("NEW_ELECTRONIC_REVERSED_AUCTION", "GOODS_ACQUISITION");
    expect(d.shouldDiscloseReferencePrice).toBe(true);
    expect(d.canApplyTiebreaker).toBe(true);
    expect(d.canPublishOnPncp).toBe(true);
    expect(d.isInitialProposalsRequired).toBe(true);
    expect(d.isSrp).toBe(false);
    expect(d.qualificationDocumentRequired).toEqual([]);
    expect(d.othersDocumentsClassesRequired).toEqual([]);
  });

  it("stores the 12-month validity as 365 days, shown back as 12 months (§9 '1 month = 30.417 days')", () => {
    const d = newNoticeDefaults("ELECTRONIC_COMPETITION");
    expect(d.daysDue).toBe(365);
    expect(daysDueFromServer("ELECTRONIC_COMPETITION", d.daysDue)).toBe(12);
  });

  it("gives the electronic auction a 10-minute bid duration, biggest price and a forced AFTER_BID", () => {
    const d = newNoticeDefaults("ELECTRONIC_AUCTION");
    expect(d.subModality).toBe("SALE");
    expect(d.bidDuration).toBe(10);
    expect(d.dispensationForm).toBe("BIGGEST_PRICE");
    expect(d.auctionLicensePhase).toBe("AFTER_BID");
    expect(d.closingKind).toBe("OPEN");
    expect(d.daysDue).toBe(12);
  });

  it("gives the dispenser 6 hours, 08:00 to 14:00, TIMED", () => {
    const d = newNoticeDefaults("ELECTRONIC_DISPENSER", "HIRING_SERVICES");
    expect(d.bidDuration).toBe(360);
    expect(bidDurationFromServer("ELECTRONIC_DISPENSER", d.closingKind, d.bidDuration)).toBe(6);
    expect(d.startTime).toBe("08:00");
    expect(d.processEndingTime).toBe("14:00");
    expect(d.closingKind).toBe("TIMED");
    expect(d.auctionLicensePhase).toBe("AFTER_BID");
  });

  it("keeps the form-wide 360-minute duration and no fixed times elsewhere", () => {
    const d = newNoticeDefaults("NEW_PRICES_SUBMISSION", "CONSTRUCTION");
    expect(d.bidDuration).toBe(360);
    expect(d.startTime).toBeNull();
    expect(d.processEndingTime).toBeNull();
  });

  it("hides results and quantity changes in direct modalities", () => {
    const d = newNoticeDefaults("DIRECT_WAIVER_FORMALIZATION");
    expect(d.canShowProcessResult).toBe(false);
    expect(d.isAllowedChangeQuantity).toBe(false);
  });

  it("opens reference price, results and quantity changes for fluid markets, without price registration", () => {
    const d = newNoticeDefaults("DIRECT_ACCREDITATION", "FLUID_MARKETS");
    expect(d.shouldDiscloseReferencePrice).toBe(true);
    expect(d.isSrp).toBe(false);
    expect(d.canShowProcessResult).toBe(true);
    expect(d.isAllowedChangeQuantity).toBe(true);
    const other = newNoticeDefaults("DIRECT_ACCREDITATION", "GOODS_ACQUISITION");
    expect(other.canShowProcessResult).toBe(false);
  });

  it("picks the modality's first sub-modality when none is given", () => {
    expect(newNoticeDefaults("COMPETITIVE_DIALOGUE").subModality).toBe("GOODS_ACQUISITION");
  });

  it("refuses a sub-modality the modality does not offer", () => {
    expect(() => newNoticeDefaults("ELECTRONIC_AUCTION", "CONSTRUCTION")).toThrow(RangeError);
    expect(() => newNoticeDefaults("ELECTRONIC_DISPENSER", "FLUID_MARKETS")).toThrow(/submodalidade/);
  });

  it("keeps every default within the §9 option tables for every modality and sub-modality", () => {
    for (const m of MODALITIES) {
      for (const sub of SUB_MODALITIES_BY_MODALITY[m]) {
        const d = newNoticeDefaults(m, sub);
        const where = `${m}/${sub}`;
        expect(allowedLicensePhases(m), where).toContain(d.auctionLicensePhase);
        expect(allowedJudgementCriteria(m, d.auctionLicensePhase), where).toContain(d.dispensationForm);
        const closings = allowedClosingKinds(m, { subModality: sub, criterion: d.dispensationForm });
        if (closings.length > 0) expect(closings, where).toContain(d.closingKind);
        else expect(d.closingKind, where).toBe("OPEN");
      }
    }
  });

  it("moves the in-person auction to its only criterion, biggest price", () => {
    expect(newNoticeDefaults("AUCTION_IN_PERSON").dispensationForm).toBe("BIGGEST_PRICE");
  });

  it("returns a fresh object each time", () => {
    const a = newNoticeDefaults("NEW_ELECTRONIC_REVERSED_AUCTION");
    a.qualificationDocumentRequired.push("X");
    expect(newNoticeDefaults("NEW_ELECTRONIC_REVERSED_AUCTION").qualificationDocumentRequired).toEqual([]);
  });
});
