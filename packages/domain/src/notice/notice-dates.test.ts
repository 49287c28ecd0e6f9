import { describe, expect, it } from "vitest";
import { isBusinessDay } from "../calendar/business-days";
import { formatBrasiliaDateTime } from "../format/dates";
import { areLotValuesEditable } from "./lot-rules";
import {
  defaultNoticeDates,
  minimumProposalBusinessDays,
  NOTICE_DATE_IN_PAST_MESSAGE,
  noticeDateErrors,
  noticeDatesMustBeFuture,
} from "./notice-dates";

// Wednesday 25/11/2026 13:30 in Brasília.
const NOW = new Date("2026-11-25T16:30:00.000Z");

describe("minimumProposalBusinessDays (Lei 14.133 art. 55)", () => {
  it("gives the legal terms per modality, object and criterion", () => {
    expect(minimumProposalBusinessDays("NEW_ELECTRONIC_REVERSED_AUCTION", "GOODS_ACQUISITION")).toBe(8);
    expect(minimumProposalBusinessDays("NEW_ELECTRONIC_REVERSED_AUCTION", "HIRING_SERVICES")).toBe(10);
    expect(minimumProposalBusinessDays("ELECTRONIC_COMPETITION", "HIRING_SPECIAL_SERVICES")).toBe(25);
    expect(
      minimumProposalBusinessDays("ELECTRONIC_COMPETITION", "HIRING_SERVICES", "TECHNIQUE_AND_PRICE"),
    ).toBe(35);
    expect(minimumProposalBusinessDays("ELECTRONIC_AUCTION", "SALE")).toBe(15);
    expect(minimumProposalBusinessDays("ELECTRONIC_DISPENSER", "GOODS_ACQUISITION")).toBe(3);
    expect(minimumProposalBusinessDays("COMPETITIVE_DIALOGUE", "HIRING_SERVICES")).toBe(25);
    expect(minimumProposalBusinessDays("WAIVER_FORMALIZATION", "GOODS_ACQUISITION")).toBe(0);
  });
});

describe("defaultNoticeDates", () => {
  it("opens proposals tomorrow and sets the session after the legal minimum, in order and in business hours", () => {
    const d = defaultNoticeDates("NEW_ELECTRONIC_REVERSED_AUCTION", "GOODS_ACQUISITION", NOW);
    expect(formatBrasiliaDateTime(d.proposalsStartDateTime)).toBe("26/11/2026 08:00");
    // 8 business days + 1 of slack after 25/11: 26, 27, 30/11, 1, 2, 3, 4, 7, 8/12.
    expect(formatBrasiliaDateTime(d.startDateTime)).toBe("08/12/2026 09:00");
    expect(formatBrasiliaDateTime(d.proposalsEndDateTime)).toBe("07/12/2026 17:00");
    expect(isBusinessDay(d.startDateTime)).toBe(true);
    expect(
      noticeDateErrors(
        { ...d, clarificationEndDateTime: null },
        NOW,
        new Set(["proposalsStartDateTime", "proposalsEndDateTime", "startDateTime"]),
      ),
    ).toEqual({});
  });

  it("leaves a new notice's lots editable: nothing is locked by time", () => {
    const d = defaultNoticeDates("ELECTRONIC_DISPENSER", "GOODS_ACQUISITION", NOW);
    expect(d.proposalsStartDateTime.getTime()).toBeLessThan(d.proposalsEndDateTime.getTime());
    expect(areLotValuesEditable({ status: "PENDING", modality: "ELECTRONIC_DISPENSER", ...d }, NOW)).toBe(
      true,
    );
  });
});

describe("noticeDateErrors", () => {
  const at = (iso: string) => new Date(iso);
  it("puts a past date on its field only when it is being set", () => {
    const dates = {
      proposalsStartDateTime: at("2026-11-25T12:00:00Z"),
      proposalsEndDateTime: at("2026-12-01T20:00:00Z"),
      startDateTime: at("2026-12-02T12:00:00Z"),
      clarificationEndDateTime: null,
    };
    expect(noticeDateErrors(dates, NOW, new Set(["proposalsStartDateTime"]))).toEqual({
      proposalsStartDateTime: NOTICE_DATE_IN_PAST_MESSAGE,
    });
    expect(noticeDateErrors(dates, NOW)).toEqual({});
  });

  it("refuses the order the server refuses, on the later field", () => {
    expect(
      noticeDateErrors(
        {
          proposalsStartDateTime: at("2026-12-05T12:00:00Z"),
          proposalsEndDateTime: at("2026-12-01T20:00:00Z"),
          startDateTime: at("2026-11-30T12:00:00Z"),
          clarificationEndDateTime: at("2026-12-01T12:00:00Z"),
        },
        NOW,
      ),
    ).toEqual({
      proposalsEndDateTime: "O fim do recebimento de propostas deve ser posterior ao início",
      startDateTime: "A sessão deve começar depois do fim do recebimento de propostas",
      clarificationEndDateTime: "O prazo de esclarecimentos deve terminar antes da sessão",
    });
  });
});

describe("noticeDatesMustBeFuture", () => {
  it("holds for the processes that receive proposals, not for formalizations or in-person records", () => {
    expect(noticeDatesMustBeFuture("NEW_ELECTRONIC_REVERSED_AUCTION")).toBe(true);
    expect(noticeDatesMustBeFuture("DIRECT_ACCREDITATION")).toBe(true);
    expect(noticeDatesMustBeFuture("WAIVER_FORMALIZATION")).toBe(false);
    expect(noticeDatesMustBeFuture("REVERSED_AUCTION_IN_PERSON")).toBe(false);
  });
});
