import { describe, expect, it } from "vitest";
import { documentTexts } from "../format/document-model";
import {
  buildSignatureManifest,
  formatSignatureInstant,
  isSignableDocumentKind,
  isSignatureStale,
  maskCpfForPublic,
  processSignSchema,
  SIGNATURE_METHOD_LABELS,
  signerRoleLabel,
  signRefusal,
} from "./process-signature";

// planning §2.3 (document steps: 'Assinar o Documento', 'Imprimir pdf assinado', 'Assinaturas'; hidden
// for PRICES_SUBMISSION and CONTRACT); issue 35 item 3; Lei 14.063/2020 art. 4 I (simple electronic
// signature); LGPD art. 6 III (the CPF a public document shows).

const A = "a".repeat(64);
const B = "b".repeat(64);

describe("which documents are signed (planning §2.3)", () => {
  it("the five planning documents and the edital; not the price-taking nor the contract", () => {
    for (const kind of [
      "DEMAND_FORMALIZATION",
      "PRELIMINARY_TECHNICAL_STUDY",
      "RISK_MANAGEMENT",
      "BUDGET",
      "REFERENCE_TERM",
      "AUCTION_NOTICE",
    ])
      expect(isSignableDocumentKind(kind), kind).toBe(true);
    for (const kind of ["PRICES_SUBMISSION", "CONTRACT", "PUBLICATION", "SIGN_CONTRACT"])
      expect(isSignableDocumentKind(kind), kind).toBe(false);
  });
});

describe("the stale rule and who may sign (issue 35 item 3)", () => {
  it("a signature is stale once the document's SHA-256 differs from the one signed", () => {
    expect(isSignatureStale(A, A)).toBe(false);
    expect(isSignatureStale(A, B)).toBe(true);
  });

  it("refuses a version the signer saw that is no longer the current one", () => {
    expect(signRefusal({ currentSha256: B, seenSha256: A, signerUserId: "u1", signatures: [] })).toBe(
      "STALE_VERSION",
    );
    expect(signRefusal({ currentSha256: A, seenSha256: A, signerUserId: "u1", signatures: [] })).toBeNull();
  });

  it("refuses the same signer twice on one version, and lets the signer sign the changed document again", () => {
    const signatures = [{ signerUserId: "u1", documentSha256: A }];
    expect(signRefusal({ currentSha256: A, signerUserId: "u1", signatures })).toBe("ALREADY_SIGNED");
    // Another signer signs the same version.
    expect(signRefusal({ currentSha256: A, signerUserId: "u2", signatures })).toBeNull();
    // The document changed: the first signer signs the new version.
    expect(signRefusal({ currentSha256: B, seenSha256: B, signerUserId: "u1", signatures })).toBeNull();
  });

  it("the platform signature needs the password and a SHA-256 of 64 hex digits", () => {
    const base = { processId: "0b0b2d1c-3f0e-4b8e-9a59-3c0c5b0e8a11", kind: "DEMAND_FORMALIZATION" };
    expect(processSignSchema.safeParse({ ...base, documentSha256: A, password: "x" }).success).toBe(true);
    expect(
      processSignSchema.safeParse({ ...base, documentSha256: A.toUpperCase(), password: "x" }).data,
    ).toMatchObject({ documentSha256: A });
    expect(processSignSchema.safeParse({ ...base, documentSha256: "abc", password: "x" }).success).toBe(
      false,
    );
    expect(processSignSchema.safeParse({ ...base, documentSha256: A, password: "" }).success).toBe(false);
    expect(
      processSignSchema.safeParse({ ...base, kind: "CONTRACT", documentSha256: A, password: "x" }).success,
    ).toBe(false);
  });
});

describe("the signer as recorded and printed", () => {
  it("masks the CPF to its six middle digits (LGPD art. 6 III)", () => {
    expect(maskCpfForPublic("52998224725")).toBe("***.982.247-**");
    expect(maskCpfForPublic("529.982.247-25")).toBe("***.982.247-**");
    expect(maskCpfForPublic(null)).toBe("-");
    expect(maskCpfForPublic("123")).toBe("-");
  });

  it("names the profiles, the competent authority and the body's own account", () => {
    expect(signerRoleLabel({ isBuyerAccount: false, staffRoles: ["PLANNING_TEAM"] })).toBe(
      "Equipe de planejamento",
    );
    expect(
      signerRoleLabel({ isBuyerAccount: false, isCompetentAuthority: true, staffRoles: ["AUCTIONEER"] }),
    ).toBe("Autoridade competente, Pregoeiro / Agente de contratação");
    expect(signerRoleLabel({ isBuyerAccount: true, staffRoles: [] })).toBe("Conta do órgão");
  });
});

describe("the signature manifest of 'Imprimir pdf assinado'", () => {
  const manifest = buildSignatureManifest({
    documentTitle: "Documento de Formalização de Demanda",
    processNumber: "PA 21/2026",
    buyerName: "Prefeitura Municipal de Exemplo",
    currentSha256: B,
    issuedAt: "2026-11-20T13:00:00.000Z",
    signatures: [
      {
        signerName: "Paula Planejamento",
        signerCpf: "52998224725",
        signerRole: "Equipe de planejamento",
        signedAt: "2026-11-20T12:30:15.000Z",
        method: "PLATFORM",
        documentSha256: A,
      },
      {
        signerName: "Rui Pregoeiro",
        signerCpf: null,
        signerRole: "Pregoeiro / Agente de contratação",
        signedAt: "2026-11-20T12:59:00.000Z",
        method: "UPLOADED",
        documentSha256: B,
        signedFileSha256: "c".repeat(64),
        signedFileName: "dfd-assinado.pdf",
      },
    ],
  });
  const texts = documentTexts(manifest);

  it("lists each signer with masked CPF, role, Brasília instant, method and the SHA-256 signed", () => {
    expect(manifest.title).toBe("Manifesto de Assinaturas");
    for (const text of [
      "Paula Planejamento",
      "***.982.247-**",
      "Equipe de planejamento",
      // 12:30:15 UTC is 09:30:15 in Brasília (UTC−3).
      "20/11/2026 às 09:30:15 (horário de Brasília)",
      SIGNATURE_METHOD_LABELS.PLATFORM,
      "Assinatura eletrônica simples (Lei 14.063/2020)",
      A,
      "Rui Pregoeiro",
      "PDF assinado enviado",
      `${"c".repeat(64)} (dfd-assinado.pdf)`,
      B,
    ])
      expect(texts, text).toContain(text);
    expect(texts.join("\n")).not.toContain("52998224725");
    expect(texts.join("\n")).not.toContain("529.982.247-25");
  });

  it("marks the signature of an earlier version stale and the current one in force", () => {
    expect(texts).toContain("desatualizada (o documento mudou depois desta assinatura)");
    expect(texts).toContain("vigente (assinou a versão atual)");
    expect(texts).toContain(
      "Atenção: 1 assinatura está desatualizada — o documento foi alterado depois dela.",
    );
  });

  it("prints instants to the second in Brasília time", () => {
    expect(formatSignatureInstant("2026-01-01T02:59:59.000Z")).toBe(
      "31/12/2025 às 23:59:59 (horário de Brasília)",
    );
  });
});
