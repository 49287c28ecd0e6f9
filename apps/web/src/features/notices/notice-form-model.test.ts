import { describe, expect, it } from "vitest";
import type { Notice } from "./api";
import {
  changeModality,
  dateErrors,
  formErrors,
  formToPayload,
  legalMinimumHint,
  lockedFormFields,
  missingRequired,
  newNoticeForm,
  propertyToField,
  visibleFields,
} from "./notice-form-model";

const NOW = new Date("2026-03-02T15:00:00.000Z"); // 12:00 in Brasília

describe("notice form model", () => {
  it("starts from the domain defaults: valid dates, 12 months, no people", () => {
    const form = newNoticeForm("NEW_ELECTRONIC_REVERSED_AUCTION", "GOODS_ACQUISITION", NOW);
    // Proposals from tomorrow; the session after the 8 business days of art. 55 I a) (+1 of slack).
    expect([form.proposalsStartDate, form.proposalsStartTime]).toEqual(["03/03/2026", "08:00"]);
    expect([form.proposalsEndDate, form.proposalsEndTime]).toEqual(["12/03/2026", "17:00"]);
    expect([form.startDate, form.startTime]).toEqual(["13/03/2026", "09:00"]);
    expect(formErrors(form, { now: NOW })).toEqual({});
    expect(form.daysDue).toBe(12);
    expect(form.dispensationForm).toBe("LOWEST_PRICE");
    expect(form.canPublishOnPncp).toBe(true);
    expect(form.purchaseYear).toBe("2026");
  });

  it("keeps 'Avançar' disabled while a required visible field is empty", () => {
    const form = newNoticeForm("NEW_ELECTRONIC_REVERSED_AUCTION", "GOODS_ACQUISITION", NOW);
    expect(missingRequired(form)).toEqual(
      expect.arrayContaining([
        "noticeNumber",
        "processNumber",
        "objectOfInterest",
        "secretaryOffice",
        "auctioneers",
      ]),
    );
    const filled = {
      ...form,
      noticeNumber: "1/2026",
      processNumber: "2/2026",
      objectOfInterest: "Papel",
      secretaryOffice: ["s1"],
      auctioneers: ["a1"],
    };
    expect(missingRequired(filled)).toEqual([]);
  });

  it("does not ask formalizations for a responsible person, and asks them for the law clause", () => {
    const form = newNoticeForm("WAIVER_FORMALIZATION", undefined, NOW);
    expect(visibleFields(form).has("auctioneers")).toBe(false);
    expect(missingRequired(form)).toContain("lawClauseId");
    expect(missingRequired(form)).not.toContain("auctioneers");
  });

  it("builds the payload of §7: wrapped ids, combined dates, months to days, hours to minutes", () => {
    const form = {
      ...newNoticeForm("ELECTRONIC_DISPENSER", "GOODS_ACQUISITION", NOW),
      noticeNumber: "DE 1/2026",
      processNumber: "10/2026",
      objectOfInterest: "Luvas",
      secretaryOffice: ["s1"],
      auctioneers: ["a1"],
      legislationId: "7",
      lawClauseId: "3",
      daysDue: 12,
      bidDuration: 8,
      startDate: "10/03/2026",
      startTime: "08:00",
    };
    const payload = formToPayload(form);
    expect(payload.secretaryOffice).toEqual([{ id: "s1" }]);
    expect(payload.auctioneers).toEqual([{ id: "a1" }]);
    expect(payload.legislation).toEqual({ id: 7 });
    expect(payload.lawClause).toEqual({ id: 3 });
    expect(payload.daysDue).toBe(365);
    expect(payload.bidDuration).toBe(480);
    expect(payload.startDateTime).toBe("2026-03-10T11:00:00.000Z");
    expect(payload).not.toHaveProperty("variationKind");
    expect(payload).not.toHaveProperty("status");
  });

  it("sends no law clause for modalities that do not carry one", () => {
    const form = {
      ...newNoticeForm("NEW_ELECTRONIC_REVERSED_AUCTION", "GOODS_ACQUISITION", NOW),
      lawClauseId: "3",
    };
    expect(formToPayload(form).lawClause).toBeNull();
  });

  it("locks by status and time (§4) and leaves locked fields out of the payload", () => {
    const notice = {
      status: "ONGOING",
      modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
      startDateTime: "2026-03-05T12:00:00.000Z",
      proposalsStartDateTime: "2026-02-01T12:00:00.000Z",
      proposalsEndDateTime: "2026-03-01T12:00:00.000Z",
    } as Notice;
    const locked = lockedFormFields(notice, NOW);
    expect(locked.has("proposalsStartDate")).toBe(true);
    expect(locked.has("proposalsEndTime")).toBe(true);
    expect(locked.has("objectOfInterest")).toBe(true);
    expect(locked.has("canPublishOnPncp")).toBe(true);
    expect(locked.has("startDate")).toBe(false);
    const payload = formToPayload(
      newNoticeForm("NEW_ELECTRONIC_REVERSED_AUCTION", "GOODS_ACQUISITION", NOW),
      locked,
    );
    expect(payload).not.toHaveProperty("objectOfInterest");
    expect(payload).not.toHaveProperty("proposalsEndDateTime");
    expect(payload).toHaveProperty("startDateTime");
  });

  it("nothing is locked on a PENDING notice but nothing else", () => {
    const notice = {
      status: "PENDING",
      proposalsEndDateTime: "2020-01-01T00:00:00.000Z",
      startDateTime: null,
      proposalsStartDateTime: null,
    } as unknown as Notice;
    expect([...lockedFormFields(notice, NOW)]).toEqual([]);
  });

  it("places server properties on the form fields", () => {
    expect(propertyToField("startDateTime")).toBe("startDate");
    expect(propertyToField("lawClause.id")).toBe("lawClauseId");
    expect(propertyToField("noticeNumber")).toBe("noticeNumber");
  });

  it("checks the date rules on the date fields: a past date being set, and the order", () => {
    const form = newNoticeForm("NEW_ELECTRONIC_REVERSED_AUCTION", "GOODS_ACQUISITION", NOW);
    expect(dateErrors({ ...form, proposalsStartDate: "01/03/2026" }, { now: NOW })).toEqual({
      proposalsStartDate: "A data e o horário devem ser posteriores ao momento atual",
    });
    expect(dateErrors({ ...form, startDate: "10/03/2026" }, { now: NOW })).toEqual({
      startDate: "A sessão deve começar depois do fim do recebimento de propostas",
    });
    expect(
      dateErrors({ ...form, proposalsEndDate: "02/03/2026", proposalsEndTime: "08:00" }, { now: NOW }),
    ).toMatchObject({ proposalsEndDate: "A data e o horário devem ser posteriores ao momento atual" });
    // A stored notice keeps its past dates unless the user changes them; locked fields are not checked.
    const past = { ...form, proposalsStartDate: "01/03/2026" };
    expect(dateErrors(past, { now: NOW, stored: past })).toEqual({});
    expect(dateErrors(past, { now: NOW, locked: new Set(["proposalsStartDate"]) })).toEqual({});
    // A formalization records a finished process: its session may lie in the past.
    const formalization = newNoticeForm("WAIVER_FORMALIZATION", undefined, NOW);
    expect(dateErrors({ ...formalization, startDate: "10/02/2026" }, { now: NOW })).toEqual({});
  });

  it("states the legal minimum term and moves untouched default dates with the modality", () => {
    const form = newNoticeForm("NEW_ELECTRONIC_REVERSED_AUCTION", "GOODS_ACQUISITION", NOW);
    expect(legalMinimumHint(form)).toBe("Prazo legal mínimo: 8 dias úteis após a publicação do edital");
    const auction = changeModality(form, "ELECTRONIC_AUCTION", undefined, NOW);
    expect(auction.startDate).toBe(newNoticeForm("ELECTRONIC_AUCTION", undefined, NOW).startDate);
    const typed = changeModality({ ...form, startDate: "20/03/2026" }, "ELECTRONIC_AUCTION", undefined, NOW);
    expect(typed.startDate).toBe("20/03/2026");
  });
});
