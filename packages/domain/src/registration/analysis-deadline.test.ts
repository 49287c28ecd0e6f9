import { describe, expect, it } from "vitest";
import {
  REGISTRATION_ANALYSIS_BUSINESS_HOURS,
  registrationAnalysisDueAt,
  registrationAnalysisOverdue,
  registrationAnalysisStart,
} from "./analysis-deadline";

// notices-and-accounts §9 "Registration analysis": "within at most 24 business hours";
// "registrations finished by 17:00 on business days are analysed the same day". Brasília is UTC-3.
const brt = (isoLocal: string) => new Date(`${isoLocal}-03:00`);
const due = (isoLocal: string) => registrationAnalysisDueAt(brt(isoLocal)).toISOString();

describe("§9 registration analysis term: 24 business hours", () => {
  it("is 24 hours", () => {
    expect(REGISTRATION_ANALYSIS_BUSINESS_HOURS).toBe(24);
  });

  it("completed on a Friday at 10:00 → due Monday 10:00 (the weekend does not count)", () => {
    expect(due("2026-11-13T10:00:00")).toBe(brt("2026-11-16T10:00:00").toISOString());
  });

  it("completed on a Friday at 18:00 (after 17:00) → counted from Monday 00:00, due Tuesday 00:00", () => {
    expect(registrationAnalysisStart(brt("2026-11-13T18:00:00")).toISOString()).toBe(
      brt("2026-11-16T00:00:00").toISOString(),
    );
    expect(due("2026-11-13T18:00:00")).toBe(brt("2026-11-17T00:00:00").toISOString());
  });

  it("completed on the eve of a national holiday after 17:00 skips the holiday (20/11 Consciência Negra)", () => {
    // Thursday 19/11/2026 18:00; Friday 20/11 is a national holiday (Lei 14.759/2023), then the weekend.
    expect(due("2026-11-19T18:00:00")).toBe(brt("2026-11-24T00:00:00").toISOString());
  });

  it("a holiday inside the term is skipped too", () => {
    // Thursday 19/11 10:00: 14 h on Thursday, Friday (holiday) and the weekend skipped, 10 h on Monday.
    expect(due("2026-11-19T10:00:00")).toBe(brt("2026-11-23T10:00:00").toISOString());
  });

  it("exactly 17:00 counts from the next business day; 16:59 counts the same day", () => {
    expect(registrationAnalysisStart(brt("2026-11-12T17:00:00")).toISOString()).toBe(
      brt("2026-11-13T00:00:00").toISOString(),
    );
    expect(due("2026-11-12T17:00:00")).toBe(brt("2026-11-14T00:00:00").toISOString());
    expect(due("2026-11-12T16:59:00")).toBe(brt("2026-11-13T16:59:00").toISOString());
  });

  it("completed on a weekend → counted from Monday 00:00", () => {
    expect(due("2026-11-14T11:00:00")).toBe(brt("2026-11-17T00:00:00").toISOString());
    expect(due("2026-11-15T23:30:00")).toBe(brt("2026-11-17T00:00:00").toISOString());
  });

  it("is late only after the due instant", () => {
    const dueAt = registrationAnalysisDueAt(brt("2026-11-13T10:00:00"));
    expect(registrationAnalysisOverdue(dueAt, dueAt)).toBe(false);
    expect(registrationAnalysisOverdue(dueAt, new Date(dueAt.getTime() + 1))).toBe(true);
  });
});
