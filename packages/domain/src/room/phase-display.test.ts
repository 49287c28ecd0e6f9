import { describe, expect, it } from "vitest";
import type { ClosingKind } from "../enums/judgement";
import type { BiddingSubPhase, LotPhase } from "../enums/lot-phase";
import { NOTICE_STATUSES, type NoticeStatus } from "../enums/notice-status";
import {
  displayedBiddingSubPhase,
  displayedLotPhase,
  effectiveNoticeStatus,
  hidesBidColours,
  phaseForFiltering,
  secondsRemaining,
} from "./phase-display";

describe("§4 Notice status — effective status", () => {
  it.each<[NoticeStatus, LotPhase[], NoticeStatus]>([
    ["PUBLISHED", ["NOT_STARTED", "NOT_STARTED"], "PUBLISHED"],
    ["PUBLISHED", ["NOT_STARTED", "OPEN_FOR_OFFERS"], "ONGOING"],
    ["PUBLISHED", ["FAILED"], "ONGOING"],
    ["PUBLISHED", [], "PUBLISHED"],
    ["SUSPENDED", ["BIDDING"], "SUSPENDED"],
    ["PENDING", ["OPEN_FOR_OFFERS"], "PENDING"],
    ["ONGOING", ["NOT_STARTED"], "ONGOING"],
  ])("%s with lots %j → %s", (status, phases, expected) => {
    expect(effectiveNoticeStatus(status, phases)).toBe(expected);
  });
});

describe("§4 Notice status — displayed lot phase", () => {
  const masking: NoticeStatus[] = ["SUSPENDED", "CANCELLED", "REVOKED", "SUSPENDED_INDEFINITELY"];
  it.each(NOTICE_STATUSES.map((s) => [s, masking.includes(s)] as const))(
    "status %s replaces the phase: %s",
    (status, masks) => {
      expect(displayedLotPhase(status, "BIDDING")).toBe(masks ? status : "BIDDING");
    },
  );
});

describe("§4 Bidding sub-phases", () => {
  const countdown: ClosingKind[] = ["OPEN", "CLOSED_AND_OPEN", "OPEN_TIMED"];
  const other: ClosingKind[] = ["CLOSED", "OPEN_AND_CLOSED", "TIMED", "MANUAL_CLOSING"];

  it.each(
    countdown.flatMap((closingKind) => [
      [closingKind, 0, "LASS_THAN_ONE_MINUTE"],
      [closingKind, 60, "LASS_THAN_ONE_MINUTE"],
      [closingKind, 61, "LASS_THAN_TWO_MINUTES"],
      [closingKind, 120, "LASS_THAN_TWO_MINUTES"],
      [closingKind, 121, "SECRET_BIDDING_PHASE"],
      [closingKind, -5, "LASS_THAN_ONE_MINUTE"],
    ]) as [ClosingKind, number, BiddingSubPhase][],
  )("%s with %i s left → %s", (closingKind, remainingSeconds, expected) => {
    expect(
      displayedBiddingSubPhase({ closingKind, subPhase: "SECRET_BIDDING_PHASE", remainingSeconds }),
    ).toBe(expected);
  });

  it.each(other)("%s never shows the countdown", (closingKind) => {
    expect(
      displayedBiddingSubPhase({ closingKind, subPhase: "SECRET_BIDDING_PHASE", remainingSeconds: 10 }),
    ).toBe("SECRET_BIDDING_PHASE");
    expect(displayedBiddingSubPhase({ closingKind, subPhase: null, remainingSeconds: 10 })).toBe(
      "DEFAULT_BIDDING_PHASE",
    );
  });

  it("an unknown remaining time falls back to the sub-phase", () => {
    expect(
      displayedBiddingSubPhase({ closingKind: "OPEN", subPhase: undefined, remainingSeconds: null }),
    ).toBe("DEFAULT_BIDDING_PHASE");
  });

  it("secondsRemaining counts whole seconds to the due time", () => {
    const now = new Date("2026-03-10T12:00:00.000Z");
    expect(secondsRemaining("2026-03-10T12:02:00.000Z", now)).toBe(120);
    expect(secondsRemaining(new Date("2026-03-10T12:01:00.900Z"), now)).toBe(60);
    expect(secondsRemaining("2026-03-10T11:59:59.000Z", now)).toBe(-1);
    expect(secondsRemaining(null, now)).toBeNull();
    expect(secondsRemaining("not a date", now)).toBeNull();
  });

  it("SECRET_BIDDING_PHASE hides bid colours; the others do not", () => {
    expect(hidesBidColours("SECRET_BIDDING_PHASE")).toBe(true);
    expect(hidesBidColours("DEFAULT_BIDDING_PHASE")).toBe(false);
    expect(hidesBidColours("LASS_THAN_ONE_MINUTE")).toBe(false);
    expect(hidesBidColours(null)).toBe(false);
  });

  it.each<[string, string]>([
    ["DEFAULT_BIDDING_PHASE", "BIDDING"],
    ["SECRET_BIDDING_PHASE", "BIDDING"],
    ["LASS_THAN_ONE_MINUTE", "BIDDING"],
    ["LASS_THAN_TWO_MINUTES", "BIDDING"],
    ["NEGOTIATION", "NEGOTIATION"],
    ["SUSPENDED", "SUSPENDED"],
  ])("for filtering %s counts as %s", (displayed, expected) => {
    expect(phaseForFiltering(displayed)).toBe(expected);
  });
});
