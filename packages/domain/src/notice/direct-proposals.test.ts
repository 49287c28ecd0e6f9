import { describe, expect, it } from "vitest";
import { type DirectProposalWindow, directDecisionRefusal, directProposalRefusal } from "./direct-proposals";

const now = new Date("2026-12-01T12:00:00-03:00");
const open: DirectProposalWindow = {
  modality: "DIRECT_ACCREDITATION",
  status: "PUBLISHED",
  proposalsStartDateTime: new Date("2026-11-20T08:00:00-03:00"),
  proposalsEndDateTime: null,
};

describe("who may send a direct procedure's proposal (issue 19 item 2)", () => {
  it("an accreditation without an end stays open (Lei 14.133/2021 art. 79); its kinds only", () => {
    expect(directProposalRefusal(open, "INITIAL_VALUES", now, { hasApprovedInitial: false })).toBeNull();
    expect(directProposalRefusal(open, "PROPOSAL", now, { hasApprovedInitial: false })).toBe(
      "Este processo não recebe 'Proposta assinada'.",
    );
  });

  it("an update of values only over an approved initial proposal", () => {
    expect(directProposalRefusal(open, "UPDATE_VALUES", now, { hasApprovedInitial: false })).toBe(
      "A atualização de valores exige uma proposta inicial aprovada.",
    );
    expect(directProposalRefusal(open, "UPDATE_VALUES", now, { hasApprovedInitial: true })).toBeNull();
  });

  it("inside the proposals window, with its dates in Brasília time", () => {
    const waiver: DirectProposalWindow = {
      ...open,
      modality: "DIRECT_WAIVER_FORMALIZATION",
      proposalsEndDateTime: new Date("2026-11-30T18:00:00-03:00"),
    };
    expect(directProposalRefusal(waiver, "PROPOSAL", now, { hasApprovedInitial: false })).toBe(
      "O recebimento de propostas terminou em 30/11/2026 18:00.",
    );
    expect(
      directProposalRefusal(
        { ...waiver, proposalsEndDateTime: null },
        "PROPOSAL",
        new Date("2026-11-19T10:00:00-03:00"),
        {
          hasApprovedInitial: false,
        },
      ),
    ).toBe("O recebimento de propostas começa em 20/11/2026 08:00.");
  });

  it("not in a draft, a finished process nor a bidding modality", () => {
    expect(
      directProposalRefusal({ ...open, status: "PENDING" }, "INITIAL_VALUES", now, {
        hasApprovedInitial: false,
      }),
    ).toBe("Este processo não está recebendo propostas no momento.");
    expect(
      directProposalRefusal({ ...open, status: "FINISHED" }, "INITIAL_VALUES", now, {
        hasApprovedInitial: false,
      }),
    ).not.toBeNull();
    expect(
      directProposalRefusal({ ...open, modality: "NEW_ELECTRONIC_REVERSED_AUCTION" }, "PROPOSAL", now, {
        hasApprovedInitial: false,
      }),
    ).toBe("Este processo não recebe propostas por anexo.");
  });
});

describe("the body's decision", () => {
  it("only a pending proposal; a rejection needs its reason", () => {
    expect(directDecisionRefusal({ status: "PENDING" }, "APPROVED", null)).toBeNull();
    expect(directDecisionRefusal({ status: "PENDING" }, "REJECTED", "  ")).toEqual({
      property: "reason",
      message: "Informe o motivo da reprovação.",
    });
    expect(directDecisionRefusal({ status: "APPROVED" }, "REJECTED", "tarde demais")).toEqual({
      property: "status",
      message: "Esta proposta já foi analisada (Aprovada).",
    });
  });
});
