import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attach, createNotice, insertLot } from "../../../test/notice-helpers";
import { pdfText } from "../../../test/pdf-text";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents } from "../../events/event-log.repository";

let t: TestApp;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await t.login("pregoeiro@demo.gov.br");
});
afterAll(() => t.close());

async function publish(noticeNumber: string) {
  const id = await createNotice(t, buyer, {
    noticeNumber,
    objectOfInterest: "Aquisição de licenças de software de gestão.",
  });
  await insertLot(t, id, 1, 1);
  await insertLot(t, id, 2, 1);
  await attach(t, buyer, id);
  const res = await t.post("/api/app/auction/updateStatus", { id, status: "PUBLISHED" }, buyer);
  return { id, published: res.json() as { contentSha256: string; eventHash: string } };
}

describe("app/auction/downloadPublicationProofReport (§4 'Publicar', §7)", () => {
  it("answers a real PDF named in x-suggested-filename with the notice, its lots and both hashes", async () => {
    const { id, published } = await publish("PE 77/2026");
    const res = await t.post(
      "/api/app/auction/downloadPublicationProofReport",
      { auctionNoticeId: id },
      buyer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(decodeURIComponent(String(res.headers["x-suggested-filename"]))).toBe(
      "Comprovante de publicação - PE 77-2026.pdf",
    );
    expect(String(res.headers["content-disposition"])).toContain("attachment; filename*=UTF-8''");
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    if (process.env.PROOF_PDF_OUT) await writeFile(process.env.PROOF_PDF_OUT, pdf);
    const text = pdfText(pdf);
    expect(text).toContain("Comprovante de publicação");
    expect(text).toContain("PE 77/2026");
    expect(text).toContain("Prefeitura Municipal de Exemplo");
    expect(text).toContain("12.345.678/0001-95");
    expect(text).toContain("R$ 159,90");
    expect(text).toContain(published.contentSha256);
    expect(text).toContain(published.eventHash);
    expect(text).toContain("O conteúdo atual do edital confere com o conteúdo publicado.");
    const [event] = (await listEvents(t.db, id)).filter((e) => e.eventType === "NOTICE_PUBLISHED");
    const stamp = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    }).format(event?.occurredAt);
    expect(text).toContain(`publicado nesta plataforma em ${stamp} às`);
  });

  it("tells when the notice changed after its publication", async () => {
    const { id } = await publish("PE 78/2026");
    await t.post("/api/app/auction/edit", { id, objectOfInterest: "Objeto retificado." }, buyer);
    const res = await t.post(
      "/api/app/auction/downloadPublicationProofReport",
      { auctionNoticeId: id },
      buyer,
    );
    expect(pdfText(res.rawPayload)).toContain("O edital foi alterado depois desta publicação");
  });

  it("refuses a notice never published (409), another body's (403/404) and non-buyers (403)", async () => {
    const draft = await createNotice(t, buyer);
    expect(
      (await t.post("/api/app/auction/downloadPublicationProofReport", { auctionNoticeId: draft }, buyer))
        .statusCode,
    ).toBe(409);
    const other = await t.login("compras@vilanova.demo.gov.br");
    expect(
      (await t.post("/api/app/auction/downloadPublicationProofReport", { auctionNoticeId: draft }, other))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.post(
          "/api/app/auction/downloadPublicationProofReport",
          { auctionNoticeId: DEMO_IDS.noticeOtherBuyer },
          buyer,
        )
      ).statusCode,
    ).toBe(403);
    const supplier = await t.login("fornecedor1@demo.com.br");
    expect(
      (await t.post("/api/app/auction/downloadPublicationProofReport", { auctionNoticeId: draft }, supplier))
        .statusCode,
    ).toBe(403);
  });
});
