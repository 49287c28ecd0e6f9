import { describe, expect, it } from "vitest";
import { bid, ROOM_NOTICE_ID, roomLot } from "../../../test/room-fixtures";
import {
  CONTROL_LONG_TEXT_MAX_LENGTH,
  CONTROL_REASON_MAX_LENGTH,
  controlTextError,
  LOT_CONTROLS,
  lotControlPayload,
  MANAGE_PANEL_CONTROLS,
  showsAppealNotice,
  supplierTogglePayload,
  toggleKindOf,
  toggleOffersFile,
  togglePermission,
  toggleScopes,
} from "./control-actions";

const lot = roomLot(1);

describe("lot controls (trading-room §2.3, §5 'Room modals', §7, §9)", () => {
  it("lists the '+ Opções' buttons in the order of §2.3, each gated by its §6 action", () => {
    expect(MANAGE_PANEL_CONTROLS.map((c) => LOT_CONTROLS[c].label)).toEqual([
      "Suspender",
      "Revogar",
      "Suspender Indefinidamente",
      "Anular item/lote",
      "Declarar lote/item fracassado",
      "Declarar lote/item fracassado",
      "Retomar lote",
    ]);
    expect(MANAGE_PANEL_CONTROLS.map((c) => LOT_CONTROLS[c].permission)).toEqual([
      "SUSPEND_BATCH",
      "REVOKE_AUCTION",
      "SUSPENDED_INDEFINITELY",
      "CANCEL_BATCH",
      "FAIL_BATCH",
      "FAIL_BATCH_DIRECTLY",
      "RESUME_BATCH",
    ]);
  });

  it("limits revoke, annul, fail and resume to 255 characters and the indefinite suspension to 5000 (§9)", () => {
    for (const c of ["REVOKE", "CANCEL_BATCH", "FAIL_BATCH", "FAIL_BATCH_DIRECTLY", "RESUME_BATCH"] as const)
      expect([LOT_CONTROLS[c].text, LOT_CONTROLS[c].maxLength]).toEqual([
        "reason",
        CONTROL_REASON_MAX_LENGTH,
      ]);
    expect([LOT_CONTROLS.SUSPEND_INDEFINITELY.text, LOT_CONTROLS.SUSPEND_INDEFINITELY.maxLength]).toEqual([
      "justification",
      CONTROL_LONG_TEXT_MAX_LENGTH,
    ]);
    expect(LOT_CONTROLS.SUSPEND.text).toBeNull();
  });

  it("requires the text, trimmed, within its limit (§5)", () => {
    expect(controlTextError("reason", "  ", 255)).toBe("Informe o motivo.");
    expect(controlTextError("justification", "", 5000)).toBe("Informe a justificativa.");
    expect(controlTextError("reason", "a".repeat(256), 255)).toBe(
      "O motivo deve ter no máximo 255 caracteres.",
    );
    expect(controlTextError("reason", ` ${"a".repeat(255)} `, 255)).toBeNull();
  });

  it("builds each event's payload (§7) and needs the lot's chat channel", () => {
    const file = { url: "/api/app/file/f-1", name: "ata.pdf" };
    expect(lotControlPayload("SUSPEND", ROOM_NOTICE_ID, lot, { text: "" })).toEqual({
      batchId: "lot-1",
      chatChannelId: "chan-1",
    });
    expect(
      lotControlPayload("SUSPEND_INDEFINITELY", ROOM_NOTICE_ID, lot, { text: " Motivo ", file }),
    ).toEqual({
      auctionNoticeId: ROOM_NOTICE_ID,
      chatChannelId: "chan-1",
      justification: "Motivo",
      fileName: "/api/app/file/f-1",
      name: "ata.pdf",
    });
    expect(lotControlPayload("CANCEL_BATCH", ROOM_NOTICE_ID, lot, { text: "Erro", file: null })).toEqual({
      batchId: "lot-1",
      chatChannelId: "chan-1",
      reason: "Erro",
    });
    expect(
      lotControlPayload("FAIL_BATCH", ROOM_NOTICE_ID, { ...lot, chatChannel: null }, { text: "x" }),
    ).toBeNull();
  });

  it("shows the 10-minute appeal notice on revoke and annul, except in the dispensa (§2.6)", () => {
    expect(showsAppealNotice("REVOKE", "NEW_ELECTRONIC_REVERSED_AUCTION")).toBe(true);
    expect(showsAppealNotice("CANCEL_BATCH", "ELECTRONIC_AUCTION")).toBe(true);
    expect(showsAppealNotice("CANCEL_BATCH", "ELECTRONIC_DISPENSER")).toBe(false);
    expect(showsAppealNotice("FAIL_BATCH", "NEW_ELECTRONIC_REVERSED_AUCTION")).toBe(false);
  });
});

describe("supplier toggles (§2.6, §4 'Supplier toggles', §7)", () => {
  it("picks the kind from the bid's state", () => {
    expect(toggleKindOf({ isQualified: true }, "QUALIFICATION")).toBe("DISQUALIFY");
    expect(toggleKindOf({ isQualified: false }, "QUALIFICATION")).toBe("REQUALIFY");
    expect(toggleKindOf({ isDisabled: false }, "ENABLEMENT")).toBe("INACTIVE");
    expect(toggleKindOf({ isDisabled: true }, "ENABLEMENT")).toBe("ACTIVE");
    expect(togglePermission("REQUALIFY")).toBe("DECLASSIFY_SUPPLIER_IN_BATCH");
    expect(togglePermission("ACTIVE")).toBe("ENABLE_SUPPLIER_IN_BATCH");
  });

  it("offers all lots only outside BIDDING and TIEBREAKER; the file only to disqualify or disable", () => {
    expect(toggleScopes("BIDDING")).toEqual(["SELECTED_BATCH"]);
    expect(toggleScopes("TIEBREAKER")).toEqual(["SELECTED_BATCH"]);
    expect(toggleScopes("NEGOTIATION")).toEqual(["SELECTED_BATCH", "ALL_BATCHES"]);
    expect(
      ["DISQUALIFY", "REQUALIFY", "INACTIVE", "ACTIVE"].map((k) => toggleOffersFile(k as never)),
    ).toEqual([true, false, true, false]);
  });

  it("names the supplier by its anonymous number, else by its id; the notice goes with all lots", () => {
    const file = { url: "/api/app/file/f-1", name: "laudo.pdf" };
    expect(
      supplierTogglePayload("INACTIVE", "ALL_BATCHES", ROOM_NOTICE_ID, lot, bid(3, 100), { text: "x", file }),
    ).toEqual({
      anonymousSupplierIdentificationNumber: 3,
      chatChannelId: "chan-1",
      reason: "x",
      batchId: "lot-1",
      kind: "INACTIVE",
      url: "/api/app/file/f-1",
      auctionNoticeId: ROOM_NOTICE_ID,
    });
    const named = bid(3, 100, { anonymousSupplierIdentificationNumber: null, supplier: { id: "sup-3" } });
    expect(
      supplierTogglePayload("REQUALIFY", "SELECTED_BATCH", ROOM_NOTICE_ID, lot, named, { text: "y", file }),
    ).toEqual({
      supplierId: "sup-3",
      chatChannelId: "chan-1",
      reason: "y",
      batchId: "lot-1",
      kind: "REQUALIFY",
    });
    const nobody = bid(3, 100, { anonymousSupplierIdentificationNumber: null, supplier: null });
    expect(
      supplierTogglePayload("DISQUALIFY", "SELECTED_BATCH", ROOM_NOTICE_ID, lot, nobody, { text: "z" }),
    ).toBe(null);
  });
});
