import { describe, expect, it } from "vitest";
import { MODALITIES } from "../enums/modality";
import { NOTICE_STATUSES } from "../enums/notice-status";
import {
  NOTICE_ACTION_LABELS,
  NOTICE_ACTION_TARGET_STATUS,
  NOTICE_ACTIONS,
  noticeActions,
  publicationProofApplies,
} from "./notice-actions";

describe("notice list actions (notices-and-accounts §4 'List actions by status')", () => {
  it("labels every action as the list shows it", () => {
    for (const a of NOTICE_ACTIONS) expect(NOTICE_ACTION_LABELS[a].trim()).not.toBe("");
    expect(NOTICE_ACTION_LABELS.INSERT_RESULTS).toBe("Inserir Resultados");
    expect(NOTICE_ACTION_LABELS.REPUBLISH).toBe("Republicar");
  });

  it("offers Editar, Publicar, Duplicar and Excluir on a pending notice", () => {
    expect(noticeActions("PENDING", "NEW_ELECTRONIC_REVERSED_AUCTION")).toEqual([
      "EDIT",
      "PUBLISH",
      "DUPLICATE",
      "DELETE",
    ]);
  });

  it("offers Editar and Duplicar on published and suspended notices", () => {
    expect(noticeActions("PUBLISHED", "ELECTRONIC_AUCTION")).toEqual(["EDIT", "DUPLICATE"]);
    expect(noticeActions("SUSPENDED", "ELECTRONIC_AUCTION")).toEqual(["EDIT", "DUPLICATE"]);
  });

  it("offers Republicar on a notice suspended indefinitely", () => {
    expect(noticeActions("SUSPENDED_INDEFINITELY", "ELECTRONIC_COMPETITION")).toEqual([
      "EDIT",
      "REPUBLISH",
      "DUPLICATE",
    ]);
  });

  it("offers Finalizar and Inserir Resultados on an ongoing in-person notice only", () => {
    expect(noticeActions("ONGOING", "COMPETITION_IN_PERSON")).toEqual([
      "EDIT",
      "FINISH",
      "INSERT_RESULTS",
      "DUPLICATE",
    ]);
    expect(noticeActions("ONGOING", "ELECTRONIC_COMPETITION")).toEqual(["EDIT", "DUPLICATE"]);
  });

  it("reopens and deletes finished formalization and direct notices", () => {
    expect(noticeActions("FINISHED", "WAIVER_FORMALIZATION")).toEqual([
      "EDIT_FINISHED",
      "DUPLICATE",
      "DELETE",
    ]);
    expect(noticeActions("FINISHED", "DIRECT_ACCREDITATION")).toEqual([
      "EDIT_FINISHED",
      "DUPLICATE",
      "DELETE",
    ]);
    expect(noticeActions("FINISHED", "NEW_ELECTRONIC_REVERSED_AUCTION")).toEqual(["DUPLICATE"]);
    expect(noticeActions("FINISHED", "AUCTION_IN_PERSON")).toEqual(["DUPLICATE"]);
  });

  it("offers only Duplicar on cancelled and revoked notices", () => {
    expect(noticeActions("CANCELLED", "PRE_QUALIFICATION")).toEqual(["DUPLICATE"]);
    expect(noticeActions("REVOKED", "ELECTRONIC_DISPENSER")).toEqual(["DUPLICATE"]);
  });

  it("offers Duplicar for every status and modality", () => {
    for (const s of NOTICE_STATUSES) {
      for (const m of MODALITIES) expect(noticeActions(s, m), `${s}/${m}`).toContain("DUPLICATE");
    }
  });

  it("publishes into PUBLISHED and finishes into FINISHED", () => {
    expect(NOTICE_ACTION_TARGET_STATUS).toEqual({
      PUBLISH: "PUBLISHED",
      REPUBLISH: "PUBLISHED",
      FINISH: "FINISHED",
    });
  });
});

describe("publication proof (notices-and-accounts §4 'Publicar')", () => {
  it("is downloaded after publishing except for the four formalization modalities", () => {
    expect(MODALITIES.filter((m) => !publicationProofApplies(m))).toEqual([
      "WAIVER_FORMALIZATION",
      "NONENFORCEMENT",
      "ACCREDITATION",
      "PRE_QUALIFICATION",
    ]);
    expect(publicationProofApplies("DIRECT_WAIVER_FORMALIZATION")).toBe(true);
  });
});
