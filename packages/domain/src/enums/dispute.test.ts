import { describe, expect, it } from "vitest";
import {
  ATTACHING_DEADLINE_DEFAULT_HOURS,
  ATTACHING_DEADLINE_KIND_LABELS,
  ATTACHING_DEADLINE_KINDS,
  ATTACHING_DEADLINE_MIN_HOURS,
  counterArgumentsDueDateType,
  DEFAULT_DISPUTE_JUDGMENT_STATUS,
  DISPUTE_JUDGMENT_CHOICE_LABELS,
  DISPUTE_JUDGMENT_CHOICES,
  DISPUTE_JUDGMENT_STATUS_LABELS,
  DISPUTE_JUDGMENT_STATUSES,
  DUE_DATE_TYPE_LABELS,
  DUE_DATE_TYPES,
  WHOLE_NOTICE_DISPUTE_LABEL,
} from "./dispute";
import { expectLabelsFor } from "./expect-labels";

describe("dispute judgment status (trading-room §3 'Dispute')", () => {
  it("is APPROVED, DENIED or NOT_ANALYZED, by default NOT_ANALYZED", () => {
    expect(DISPUTE_JUDGMENT_STATUSES).toEqual(["APPROVED", "DENIED", "NOT_ANALYZED"]);
    expect(DEFAULT_DISPUTE_JUDGMENT_STATUS).toBe("NOT_ANALYZED");
    expectLabelsFor(DISPUTE_JUDGMENT_STATUSES, DISPUTE_JUDGMENT_STATUS_LABELS);
  });

  it("offers the judgement choices 'Deferir' / 'Indeferir' (trading-room §2.6)", () => {
    expectLabelsFor(DISPUTE_JUDGMENT_CHOICES, DISPUTE_JUDGMENT_CHOICE_LABELS);
    expect(DISPUTE_JUDGMENT_CHOICE_LABELS).toEqual({ APPROVED: "Deferir", DENIED: "Indeferir" });
  });

  it("names an appeal against the whole notice (trading-room §2.6)", () => {
    expect(WHOLE_NOTICE_DISPUTE_LABEL).toBe("Recurso único (Edital)");
  });
});

describe("appeal due-date types (trading-room §4 'Next-phase modal rules')", () => {
  it("are FIXED or LOOSE, labelled", () => {
    expectLabelsFor(DUE_DATE_TYPES, DUE_DATE_TYPE_LABELS);
  });

  it("copies FIXED into the counter-argument type when entering DISPUTE_RECEIVEMENT", () => {
    expect(counterArgumentsDueDateType("DISPUTE_RECEIVEMENT", "FIXED", null)).toBe("FIXED");
    expect(counterArgumentsDueDateType("DISPUTE_RECEIVEMENT", "LOOSE", null)).toBeNull();
  });

  it("makes the counter-argument type LOOSE when entering COUNTERARGUMENTS_RECEIVEMENT", () => {
    expect(counterArgumentsDueDateType("COUNTERARGUMENTS_RECEIVEMENT", "FIXED", "FIXED")).toBe("LOOSE");
  });

  it("leaves it unchanged on any other move", () => {
    expect(counterArgumentsDueDateType("AWARDING", "FIXED", "FIXED")).toBe("FIXED");
  });
});

describe("attaching-documents deadline (trading-room §5 'Room modals', §9)", () => {
  it("is in hours (H) or a fixed date (D), default 2 hours, minimum 1", () => {
    expectLabelsFor(ATTACHING_DEADLINE_KINDS, ATTACHING_DEADLINE_KIND_LABELS);
    expect(ATTACHING_DEADLINE_KINDS).toEqual(["H", "D"]);
    expect(ATTACHING_DEADLINE_DEFAULT_HOURS).toBe(2);
    expect(ATTACHING_DEADLINE_MIN_HOURS).toBe(1);
  });
});
