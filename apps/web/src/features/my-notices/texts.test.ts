import { describe, expect, it } from "vitest";
import { actionPath } from "./texts";

describe("where a pending action of 'Meus editais' is done", () => {
  it("a room's in the room or its initial bids; a direct procedure's on its own pages (§2.3)", () => {
    const room = { id: "n1", modality: "NEW_ELECTRONIC_REVERSED_AUCTION" as const };
    const direct = { id: "n2", modality: "DIRECT_ACCREDITATION" as const };
    expect(actionPath("SEND_PROPOSAL", room)).toBe("/sala-de-negociacao/n1/cadastro-de-lances-iniciais");
    expect(actionPath("JUDGE_APPEALS", room)).toBe("/sala-de-negociacao/n1");
    expect(actionPath("JUDGE_APPEALS", direct)).toBe("/visualizar-recursos/n2");
    expect(actionPath("ANALYSE_PROPOSALS", direct)).toBe("/procedimentos-auxiliares/n2/aprovar-propostas");
    expect(actionPath("FILE_APPEAL", direct)).toBe("/interpor-recurso/n2");
    expect(actionPath("SEND_COUNTER_ARGUMENTS", direct)).toBe("/interpor-recurso/n2");
    expect(actionPath("PUBLISH", direct)).toBe("/cadastrar/editais/n2/formulario");
  });
});
