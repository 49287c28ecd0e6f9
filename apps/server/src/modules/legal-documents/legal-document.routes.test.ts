import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../../test/pdf-text";
import { createTestApp, type TestApp } from "../../../test/test-app";

// notices-and-accounts §2.1: the legislation library offers the site regulation and the adhesion
// contracts for a legal entity (PJ), for an individual (PF) and for a promoting body, as PDFs.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date("2026-11-26T12:00:00Z") });
});
afterAll(() => t.close());

const get = (slug: string) => t.app.inject({ method: "GET", url: `/api/public/legal-documents/${slug}` });

describe("GET /api/public/legal-documents/:slug (§2.1)", () => {
  it.each([
    [
      "regulamento-da-plataforma",
      "regulamento-da-plataforma-certame.pdf",
      ["Regulamento da Plataforma Certame", "24 (vinte e quatro) horas"],
    ],
    [
      "termo-de-adesao-pj",
      "termo-de-adesao-fornecedor-pj.pdf",
      ["Fornecedor Pessoa Jur", "Representante legal"],
    ],
    ["termo-de-adesao-pf", "termo-de-adesao-fornecedor-pf.pdf", ["Fornecedor Pessoa F"]],
    [
      "termo-de-adesao-orgao-promotor",
      "termo-de-adesao-orgao-promotor.pdf",
      ["rgão Promotor", "Autoridade competente"],
    ],
  ])("%s answers a real PDF without a session", async (slug, fileName, texts) => {
    const res = await get(slug);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(decodeURIComponent(String(res.headers["x-suggested-filename"]))).toBe(fileName);
    expect(String(res.headers["content-disposition"])).toMatch(/^inline;/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
    const text = pdfText(pdf);
    for (const expected of texts) expect(text).toContain(expected);
  });

  it("answers 404 for an unknown slug, a prototype key and a path", async () => {
    for (const slug of ["nao-existe", "constructor", "__proto__", "..%2Fpackage.json"]) {
      const res = await get(slug);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json().message).toBe("Documento não encontrado.");
    }
  });
});
