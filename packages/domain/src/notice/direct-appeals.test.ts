import { describe, expect, it } from "vitest";
import {
  type DirectAppealState,
  directAppealDeadline,
  directAppealDecisionDeadline,
  directAppealRefusal,
  directCounterDeadline,
  directCounterRefusal,
  directJudgeRefusal,
  statusAfterAppeal,
} from "./direct-appeals";

// Thursday 19/11/2026 10:00 Brasília; Friday 20/11 is a national holiday (Consciência Negra).
const decidedAt = new Date("2026-11-19T10:00:00-03:00");
const accreditation = { modality: "DIRECT_ACCREDITATION", status: "PUBLISHED" } as const;
const rejectedOfA = { status: "REJECTED", decidedAt, supplierId: "A" } as const;
const approvedOfB = { status: "APPROVED", decidedAt, supplierId: "B" } as const;
const a = { supplierId: "A", tookPart: true, alreadyAppealed: false };

describe("the terms of a direct procedure's appeal (Lei 14.133/2021 art. 165)", () => {
  it("3 business days after the decision, skipping the weekend and the 20/11 holiday (art. 165 I, art. 183)", () => {
    expect(directAppealDeadline(decidedAt).toISOString()).toBe("2026-11-26T02:59:59.999Z"); // Wed 25/11 end
  });

  it("the counter-arguments take the same 3 business days from the appeal (§4), the decision 3 + 10 more (§2)", () => {
    const counter = directCounterDeadline(new Date("2026-11-24T15:00:00-03:00"));
    expect(counter.toISOString()).toBe("2026-11-28T02:59:59.999Z"); // Fri 27/11 end
    // 13 business days after Fri 27/11: 30/11 … 16/12 (no national holiday between).
    expect(directAppealDecisionDeadline(counter).toISOString()).toBe("2026-12-17T02:59:59.999Z");
  });
});

describe("who may appeal against which decision (art. 165 I)", () => {
  const within = new Date("2026-11-24T18:00:00-03:00");

  it("a supplier against the rejection of its own proposal, within the term", () => {
    expect(directAppealRefusal(accreditation, rejectedOfA, a, within)).toBeNull();
  });

  it("a participant against another's approval, not against another's rejection or its own approval", () => {
    expect(directAppealRefusal(accreditation, approvedOfB, a, within)).toBeNull();
    expect(directAppealRefusal(accreditation, { ...approvedOfB, status: "REJECTED" }, a, within)).toBe(
      "Só cabe recurso da reprovação da sua própria proposta ou da aprovação da proposta de outro fornecedor.",
    );
    expect(directAppealRefusal(accreditation, { ...rejectedOfA, status: "APPROVED" }, a, within)).toBe(
      "A sua proposta foi aprovada: não há o que recorrer.",
    );
    expect(directAppealRefusal(accreditation, approvedOfB, { ...a, tookPart: false }, within)).toBe(
      "Só fornecedores que enviaram proposta neste procedimento podem recorrer.",
    );
  });

  it("the late appeal is refused naming the last day; one appeal per decision", () => {
    expect(directAppealRefusal(accreditation, rejectedOfA, a, new Date("2026-11-26T00:00:00-03:00"))).toBe(
      "O prazo para recorrer desta decisão terminou em 25/11/2026 (3 dias úteis após a decisão; Lei 14.133/2021, art. 165, I).",
    );
    expect(directAppealRefusal(accreditation, rejectedOfA, { ...a, alreadyAppealed: true }, within)).toBe(
      "Você já interpôs recurso contra esta decisão.",
    );
  });

  it("only accreditation and pre-qualification (§2.3 cards), only a decided proposal, only an open process", () => {
    expect(
      directAppealRefusal({ ...accreditation, modality: "DIRECT_PRE_QUALIFICATION" }, rejectedOfA, a, within),
    ).toBeNull();
    expect(
      directAppealRefusal(
        { ...accreditation, modality: "DIRECT_WAIVER_FORMALIZATION" },
        rejectedOfA,
        a,
        within,
      ),
    ).toBe("Este procedimento não recebe recursos.");
    expect(
      directAppealRefusal(accreditation, { ...rejectedOfA, status: "PENDING", decidedAt: null }, a, within),
    ).toBe("Só cabe recurso de uma proposta já analisada.");
    expect(directAppealRefusal({ ...accreditation, status: "CANCELLED" }, rejectedOfA, a, within)).toBe(
      "Este processo não recebe recursos no status atual.",
    );
  });
});

describe("counter-arguments and the judgement (art. 165 §§ 2, 4)", () => {
  const counterDueAt = new Date("2026-11-27T23:59:59.999-03:00");
  const appeal: DirectAppealState = {
    status: "PENDING",
    counterpartSupplierId: "B",
    counterDueAt,
    counterArgumentAt: null,
  };
  const before = new Date("2026-11-26T10:00:00-03:00");
  const after = new Date("2026-11-30T10:00:00-03:00");

  it("only the party whose proposal is appealed answers, once, within its term", () => {
    expect(directCounterRefusal(appeal, "B", before)).toBeNull();
    expect(directCounterRefusal(appeal, "C", before)).toBe(
      "Só o fornecedor cuja proposta é objeto do recurso pode apresentar contrarrazões.",
    );
    expect(directCounterRefusal({ ...appeal, counterArgumentAt: before }, "B", before)).toBe(
      "As contrarrazões deste recurso já foram apresentadas.",
    );
    expect(directCounterRefusal(appeal, "B", after)).toBe(
      "O prazo das contrarrazões terminou em 27/11/2026 (Lei 14.133/2021, art. 165, § 4º).",
    );
    expect(directCounterRefusal({ ...appeal, counterpartSupplierId: null }, "A", before)).not.toBeNull();
  });

  it("the body judges after the counter-arguments or their term; at once when there is no other party", () => {
    expect(directJudgeRefusal(appeal, before)).toBe(
      "Aguarde as contrarrazões: o prazo termina em 27/11/2026 (Lei 14.133/2021, art. 165, § 4º).",
    );
    expect(directJudgeRefusal(appeal, after)).toBeNull();
    expect(directJudgeRefusal({ ...appeal, counterArgumentAt: before }, before)).toBeNull();
    expect(directJudgeRefusal({ ...appeal, counterpartSupplierId: null }, before)).toBeNull();
    expect(directJudgeRefusal({ ...appeal, status: "JUDGED" }, after)).toBe("Este recurso já foi julgado.");
  });

  it("an upheld appeal reverses the decision appealed against; a denied one keeps it", () => {
    expect(statusAfterAppeal("UPHELD", "REJECTED")).toBe("APPROVED");
    expect(statusAfterAppeal("UPHELD", "APPROVED")).toBe("REJECTED");
    expect(statusAfterAppeal("DENIED", "REJECTED")).toBe("REJECTED");
    expect(statusAfterAppeal("DENIED", "APPROVED")).toBe("APPROVED");
  });
});
