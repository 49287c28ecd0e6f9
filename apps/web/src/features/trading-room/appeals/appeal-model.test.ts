import type { LotPhase } from "@certame/domain";
import { describe, expect, it } from "vitest";
import { dispute, disputeDocument } from "../../../test/appeal-fixtures";
import { ROOM_NOTICE_ID, roomLot, roomNotice } from "../../../test/room-fixtures";
import { canConfirmMove, nextPhasePayload } from "../control/phase-moves";
import {
  APPEAL_TEXTS,
  appealEntries,
  appealFieldsError,
  appealMovePayload,
  appealTermText,
  appealTextError,
  applyDisputeEvent,
  attachBody,
  disputesInScope,
  EMPTY_APPEAL_MOVE_FIELDS,
  hasManifestedInWindow,
  interestWindowOpen,
  judgeBody,
  lotDisputes,
  manifestPayload,
  mergeDisputes,
  othersPendingDispute,
  ownCurrentFile,
  ownPendingDispute,
  refusePayload,
} from "./appeal-model";

describe("the room's disputes (docs/live-room.md 'Appeals')", () => {
  it("merges pushed views by id, keeping the list's isOwn and the creation order", () => {
    const mine = dispute("d-1", { isOwn: true, createdDate: "2026-03-10T12:01:00.000Z" });
    const pushed = dispute("d-1", { status: "REFUSED", refusalReason: "Sem motivação." });
    const other = dispute("d-0", { createdDate: "2026-03-10T12:00:30.000Z" });
    const merged = mergeDisputes([mine], [pushed, other]);
    expect(merged.map((d) => d.id)).toEqual(["d-0", "d-1"]);
    expect(merged[1]).toMatchObject({ status: "REFUSED", refusalReason: "Sem motivação.", isOwn: true });
  });

  it("ignores another notice's event and one without disputes", () => {
    expect(
      applyDisputeEvent([], ROOM_NOTICE_ID, { auctionNoticeId: "other", disputes: [dispute("d-1")] }),
    ).toBe(null);
    expect(applyDisputeEvent([], ROOM_NOTICE_ID, { auctionNoticeId: ROOM_NOTICE_ID, disputes: [] })).toBe(
      null,
    );
  });

  it("reads a lot's current round, the supplier's standing appeal and the others'", () => {
    const old = dispute("d-old", {
      roundId: "round-0",
      createdDate: "2026-03-09T12:00:00.000Z",
      anonymousSupplierIdentificationNumber: 1,
    });
    const mine = dispute("d-1", { anonymousSupplierIdentificationNumber: 1 });
    const theirs = dispute("d-2", { anonymousSupplierIdentificationNumber: 3, status: "REFUSED" });
    const all = [old, mine, theirs];
    expect(lotDisputes(all, "lot-1").map((d) => d.id)).toEqual(["d-1", "d-2"]);
    expect(ownPendingDispute(all, "lot-1", 1)?.id).toBe("d-1");
    expect(ownPendingDispute(all, "lot-1", 3)).toBeNull();
    // A refused intention leaves nothing to counter-argue.
    expect(othersPendingDispute(all, "lot-1", 1)).toBe(false);
    expect(othersPendingDispute(all, "lot-1", 3)).toBe(true);
  });

  it("knows whether the supplier manifested in the lot's running window and whether it is open", () => {
    const lot = roomLot(1, {
      phase: "DISPUTE_INTEREST_MANIFESTATION",
      phaseEndDateTime: "2026-03-10T12:10:00.000Z",
    });
    const mine = dispute("d-1", { anonymousSupplierIdentificationNumber: 1 });
    expect(hasManifestedInWindow([mine], lot, 1)).toBe(true);
    expect(hasManifestedInWindow([mine], lot, 2)).toBe(false);
    // A new stay in the phase is a new window.
    expect(hasManifestedInWindow([mine], { ...lot, phaseEndDateTime: "2026-03-11T12:10:00.000Z" }, 1)).toBe(
      false,
    );
    expect(interestWindowOpen(lot, new Date("2026-03-10T12:09:59.000Z"))).toBe(true);
    expect(interestWindowOpen(lot, new Date("2026-03-10T12:10:01.000Z"))).toBe(false);
    expect(interestWindowOpen({ ...lot, phase: "AWARDING" }, new Date("2026-03-10T12:00:00.000Z"))).toBe(
      false,
    );
  });

  it("lists each appeal with its supplier and lot; a whole-notice one once, as 'Recurso único (Edital)' (§2.6)", () => {
    const entries = appealEntries([
      dispute("d-1", { supplier: { id: "s-2", corporateName: "Alfa Ltda" } }),
      dispute("d-2", {
        anonymousSupplierIdentificationNumber: 3,
        auctionNoticeId: ROOM_NOTICE_ID,
        groupId: "g-1",
        batch: { id: "lot-2", number: 2 },
        batchId: "lot-2",
      }),
      dispute("d-3", {
        anonymousSupplierIdentificationNumber: 3,
        auctionNoticeId: ROOM_NOTICE_ID,
        groupId: "g-1",
        status: "WAIVED",
      }),
    ]);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      supplier: "Lic. 2 - Alfa Ltda",
      lotLabel: "1",
      situation: "Pendente",
    });
    expect(entries[1]).toMatchObject({
      supplier: "Licitante 3",
      lotLabel: "Recurso único (Edital)",
      wholeNotice: true,
      lotNumbers: [1, 2],
      situation: "Pendente / Desistência",
    });
    expect(appealEntries([dispute("d-4", { judgmentStatus: "APPROVED" })])[0]?.situation).toBe("Deferido");
  });
});

describe("the running appeal term shown in the panel", () => {
  it("names the term of the lot's appeal phase, until or ended, in Brasília time", () => {
    const end = "2026-03-10T12:10:00.000Z";
    const at = (phase: LotPhase) => roomLot(1, { phase, phaseEndDateTime: end });
    expect(appealTermText(at("DISPUTE_INTEREST_MANIFESTATION"), new Date("2026-03-10T12:00:00.000Z"))).toBe(
      "Prazo para manifestação de intenção de recurso: até 10/03/2026 09:10",
    );
    expect(appealTermText(at("DISPUTE_RECEIVEMENT"), new Date("2026-03-10T12:11:00.000Z"))).toBe(
      "Prazo para envio dos recursos encerrado em 10/03/2026 09:10",
    );
    expect(appealTermText(at("COUNTERARGUMENTS_RECEIVEMENT"), new Date("2026-03-10T12:00:00.000Z"))).toBe(
      "Prazo para envio das contrarrazões: até 10/03/2026 09:10",
    );
    expect(appealTermText(at("QUALIFICATION"), new Date("2026-03-10T12:00:00.000Z"))).toBeNull();
    expect(appealTermText(roomLot(1, { phase: "DISPUTE_RECEIVEMENT" }), new Date())).toBeNull();
  });
});

describe("the appeal modals' checks and payloads (§5, §7)", () => {
  it("requires a reason or justification of at most 5000 characters", () => {
    expect(appealTextError("reason", "  ")).toBe("Informe o motivo.");
    expect(appealTextError("justification", "")).toBe("Informe a justificativa.");
    expect(appealTextError("reason", "x".repeat(5001))).toBe("O motivo deve ter no máximo 5000 caracteres.");
    expect(appealTextError("reason", "x".repeat(5000))).toBeNull();
  });

  it("sends the lot, or the notice for all lots", () => {
    expect(manifestPayload("SELECTED_BATCH", ROOM_NOTICE_ID, "lot-1", " Recorro ")).toEqual({
      reason: "Recorro",
      batchId: "lot-1",
    });
    expect(manifestPayload("ALL_BATCHES", ROOM_NOTICE_ID, "lot-1", "Recorro")).toEqual({
      reason: "Recorro",
      auctionNoticeId: ROOM_NOTICE_ID,
    });
    expect(refusePayload(["d-1"], " Fora do prazo ")).toEqual({
      reason: "Fora do prazo",
      disputesIds: ["d-1"],
    });
    const file = { url: "/api/app/file/f-1", name: "recurso.pdf" };
    expect(attachBody("SELECTED_BATCH", ROOM_NOTICE_ID, "lot-1", file)).toEqual({
      url: "/api/app/file/f-1",
      fileName: "recurso.pdf",
      auctionNoticeId: ROOM_NOTICE_ID,
      batchId: "lot-1",
    });
    expect(attachBody("ALL_BATCHES", ROOM_NOTICE_ID, "lot-1", file)).not.toHaveProperty("batchId");
    expect(judgeBody("DENIED", ["d-1"], " Improcede. ", file)).toEqual({
      status: "DENIED",
      url: "/api/app/file/f-1",
      fileName: "recurso.pdf",
      justification: "Improcede.",
      disputesIds: ["d-1"],
    });
  });

  it("judges or refuses the chosen appeal, or all of its supplier's pending ones the action may take", () => {
    const all = [
      dispute("d-1"),
      dispute("d-2", { batch: { id: "lot-2", number: 2 }, batchId: "lot-2" }),
      dispute("d-3", { batch: { id: "lot-3", number: 3 }, batchId: "lot-3" }),
      dispute("d-4", { batch: { id: "lot-4", number: 4 }, batchId: "lot-4", judgmentStatus: "DENIED" }),
      dispute("d-5", { anonymousSupplierIdentificationNumber: 9 }),
    ];
    const entry = appealEntries(all)[0];
    if (!entry) throw new Error("no entry");
    const may = (lotId: string) => lotId !== "lot-3";
    expect(disputesInScope(all, entry, "SELECTED_DISPUTE", may)).toEqual(["d-1"]);
    expect(disputesInScope(all, entry, "ALL_FROM_SELECTED_SUPPLIER", may)).toEqual(["d-1", "d-2"]);
  });

  it("finds the supplier's current file of a kind in the lot", () => {
    const docs = [
      disputeDocument("f-1", { name: "antigo.pdf" }),
      disputeDocument("f-2", { name: "novo.pdf" }),
      disputeDocument("f-3", { kind: "DISPUTE_COUNTER_ARGUMENT", anonymousSupplierIdentificationNumber: 3 }),
    ];
    expect(ownCurrentFile(docs, "DISPUTE", "lot-1", 2)?.name).toBe("novo.pdf");
    expect(ownCurrentFile(docs, "DISPUTE_COUNTER_ARGUMENT", "lot-1", 2)).toBeNull();
    expect(ownCurrentFile(docs, "DISPUTE", "lot-1", null)).toBeNull();
  });
});

describe("the next-phase modal's appeal fields (§2.6, §4, §5, §7)", () => {
  const notice = roomNotice({ batches: [roomLot(1, { phase: "QUALIFICATION" })] });
  const lot = notice.batches[0] as (typeof notice.batches)[number];

  it("requires the interest duration kind, and FIXED minutes not under the notice's minimum (10 by default)", () => {
    const phase = "DISPUTE_INTEREST_MANIFESTATION";
    expect(appealFieldsError(phase, EMPTY_APPEAL_MOVE_FIELDS)).toBe(APPEAL_TEXTS.interestKind);
    expect(appealFieldsError(phase, { ...EMPTY_APPEAL_MOVE_FIELDS, interestKind: "LOOSE" })).toBeNull();
    const fixed = { ...EMPTY_APPEAL_MOVE_FIELDS, interestKind: "FIXED" as const, interestMinutes: 5 };
    expect(appealFieldsError(phase, fixed)).toBe(
      "A duração da manifestação de intenção de recurso deve ser de no mínimo 10 minutos.",
    );
    expect(appealFieldsError(phase, { ...fixed, interestMinutes: 15 })).toBeNull();
    expect(appealFieldsError(phase, { ...fixed, interestMinutes: 15 }, 30)).toContain("no mínimo 30 minutos");
    expect(
      canConfirmMove("NEXT", { scope: "SELECTED_BATCH", phase, count: 5, appeal: EMPTY_APPEAL_MOVE_FIELDS }),
    ).toBe(false);
    expect(
      nextPhasePayload(notice, [lot], lot, {
        scope: "SELECTED_BATCH",
        phase,
        count: 5,
        appeal: { ...fixed, interestMinutes: 15 },
      }),
    ).toEqual({
      nextPhase: phase,
      batchesIds: ["lot-1"],
      auctionNoticeId: ROOM_NOTICE_ID,
      manifestDisputeInterestDurationKind: "FIXED",
      disputeInterestManifestationMinimumDuration: 15,
    });
  });

  it("requires the reasons due-date type; FIXED asks both dates and makes the counter-arguments type FIXED", () => {
    const phase = "DISPUTE_RECEIVEMENT";
    expect(appealFieldsError(phase, EMPTY_APPEAL_MOVE_FIELDS)).toBe(APPEAL_TEXTS.reasonsDueType);
    expect(appealMovePayload(phase, { ...EMPTY_APPEAL_MOVE_FIELDS, reasonsDueType: "LOOSE" })).toEqual({
      documentsAttachmentDueDateType: "LOOSE",
      counterArgumentsAttachmentDueDateType: null,
    });
    const fixed = {
      ...EMPTY_APPEAL_MOVE_FIELDS,
      reasonsDueType: "FIXED" as const,
      reasonsDueAt: "2026-03-20T18:00",
    };
    expect(appealFieldsError(phase, fixed)).toBe(APPEAL_TEXTS.dateRequired);
    const both = { ...fixed, counterDueAt: "2026-03-27T18:00" };
    expect(appealFieldsError(phase, both)).toBeNull();
    expect(appealMovePayload(phase, both)).toEqual({
      documentsAttachmentDueDateType: "FIXED",
      counterArgumentsAttachmentDueDateType: "FIXED",
      // Brasília wall time (UTC−3), as every date of the room reads.
      disputeDocumentsAttachmentDueDateTime: "2026-03-20T21:00:00.000Z",
      counterArgumentDocumentsAttachmentDueDateTime: "2026-03-27T21:00:00.000Z",
    });
  });

  it("entering COUNTERARGUMENTS_RECEIVEMENT sends LOOSE; other phases send nothing", () => {
    expect(appealMovePayload("COUNTERARGUMENTS_RECEIVEMENT", EMPTY_APPEAL_MOVE_FIELDS)).toEqual({
      counterArgumentsAttachmentDueDateType: "LOOSE",
    });
    expect(appealMovePayload("AWARDING", EMPTY_APPEAL_MOVE_FIELDS)).toEqual({});
    expect(appealFieldsError("AWARDING", EMPTY_APPEAL_MOVE_FIELDS)).toBeNull();
  });
});
