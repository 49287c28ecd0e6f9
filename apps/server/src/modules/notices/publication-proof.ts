import {
  allowedClosingKinds,
  brasiliaParts,
  CLOSING_KIND_LABELS,
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  formatBRL,
  formatBrasiliaDateTime,
  formatCnpj,
  isReferencePricePublic,
  JUDGEMENT_CRITERION_LABELS,
  MODALITY_LABELS,
  SUB_MODALITY_LABELS,
} from "@certame/domain";
import PDFDocument from "pdfkit";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { conflict } from "../../http/errors";
import { safeFileName } from "../../http/send-file";
import { assertOwnNotice } from "./notice.policy";
import * as repo from "./notice.repository";
import { noticeContentSha256 } from "./notice-content-hash";

const two = (n: number) => String(n).padStart(2, "0");
/** dd/MM/yyyy às HH:mm:ss, Brasília time. */
function brasiliaStamp(d: Date) {
  const p = brasiliaParts(d);
  return `${two(p.day)}/${two(p.month)}/${p.year} às ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}
const dateOrDash = (d: Date | null) => (d ? formatBrasiliaDateTime(d) : "—");

export interface PublicationProofData {
  buyer: { corporateName: string; cnpj: string; city: string | null; state: string | null };
  notice: repo.NoticeRow;
  secretaries: string[];
  lots: {
    number: number;
    item: number;
    product: string;
    quantity: string;
    unit: string;
    referencePrice: number;
    decimals: number;
  }[];
  documents: { name: string; kind: string; sha256: string }[];
  publication: { occurredAt: Date; seq: number; hash: string; contentSha256: string; republished: boolean };
  currentContentSha256: string;
  issuedAt: Date;
}

const M = 50;

/** Renders the 'Comprovante de publicação' (notices-and-accounts §4 'Publicar', §7) with pdfkit. */
export function renderPublicationProof(data: PublicationProofData): Promise<Buffer> {
  const n = data.notice;
  const doc = new PDFDocument({
    size: "A4",
    margin: M,
    bufferPages: true,
    info: {
      Title: `Comprovante de publicação — ${n.noticeNumber}`,
      Author: "Certame",
      Subject: n.objectOfInterest.slice(0, 200),
      CreationDate: data.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 2 * M;
  const section = (title: string) => {
    if (doc.y > doc.page.height - M - 80) doc.addPage();
    doc.moveDown(0.8);
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor("#1f3a5f")
      .text(title.toUpperCase(), M, doc.y, { width });
    doc
      .moveTo(M, doc.y + 2)
      .lineTo(M + width, doc.y + 2)
      .strokeColor("#1f3a5f")
      .lineWidth(0.7)
      .stroke();
    doc.moveDown(0.7).fillColor("black");
  };
  const field = (label: string, value: string) => {
    doc.font("Helvetica-Bold").fontSize(9.5).text(`${label}: `, M, doc.y, { continued: true, width });
    doc.font("Helvetica").text(value);
  };

  // Header
  doc.font("Helvetica").fontSize(9).fillColor("#555").text("Certame — Plataforma de Compras Públicas", M, M);
  doc.moveDown(0.3);
  doc.font("Helvetica-Bold").fontSize(20).fillColor("#1f3a5f").text("Comprovante de publicação");
  doc.moveDown(0.5).fillColor("black");
  doc
    .font("Helvetica")
    .fontSize(10.5)
    .text(
      `Certificamos que o processo descrito abaixo foi ${data.publication.republished ? "republicado" : "publicado"} nesta plataforma em ${brasiliaStamp(
        data.publication.occurredAt,
      )} (horário de Brasília).`,
      { width },
    );

  section("Órgão comprador");
  field("Órgão", data.buyer.corporateName);
  field("CNPJ", formatCnpj(data.buyer.cnpj));
  if (data.buyer.city)
    field("Município/UF", `${data.buyer.city}${data.buyer.state ? `/${data.buyer.state}` : ""}`);
  if (data.secretaries.length) field("Unidade compradora", data.secretaries.join(", "));

  section("Processo");
  field("Edital/Aviso nº", n.noticeNumber);
  field("Processo nº", n.processNumber);
  if (n.purchaseYear) field("Ano", String(n.purchaseYear));
  field("Modalidade", MODALITY_LABELS[n.modality] ?? n.modality);
  field("Submodalidade", SUB_MODALITY_LABELS[n.subModality] ?? n.subModality);
  field("Critério de julgamento", JUDGEMENT_CRITERION_LABELS[n.dispensationForm] ?? n.dispensationForm);
  if (allowedClosingKinds(n.modality, { subModality: n.subModality }).length > 0)
    field("Modo de disputa", CLOSING_KIND_LABELS[n.closingKind] ?? n.closingKind);
  field("Objeto", n.objectOfInterest);

  section("Datas (horário de Brasília)");
  field("Início do recebimento de propostas", dateOrDash(n.proposalsStartDateTime));
  field("Fim do recebimento de propostas", dateOrDash(n.proposalsEndDateTime));
  field("Abertura da sessão", dateOrDash(n.startDateTime));
  if (n.clarificationEndDateTime) field("Prazo para esclarecimentos", dateOrDash(n.clarificationEndDateTime));

  section(`Lotes e itens (${data.lots.length})`);
  const cols = [
    { title: "Lote", w: 38, align: "left" as const },
    { title: "Item", w: 34, align: "left" as const },
    { title: "Produto/Serviço", w: width - 38 - 34 - 70 - 70 - 100, align: "left" as const },
    { title: "Quantidade", w: 70, align: "right" as const },
    { title: "Unidade", w: 70, align: "left" as const },
    { title: "Valor de referência", w: 100, align: "right" as const },
  ];
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8.5);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: (cols[i]?.w ?? 40) - 6 }))) + 6;
    if (doc.y + h > doc.page.height - M - 20) doc.addPage();
    const y = doc.y;
    let x = M;
    if (bold) doc.rect(M, y, width, h).fill("#e8eef5").fillColor("black");
    cells.forEach((c, i) => {
      const col = cols[i];
      if (!col) return;
      doc.text(c, x + 3, y + 3, { width: col.w - 6, align: col.align });
      x += col.w;
    });
    doc
      .moveTo(M, y + h)
      .lineTo(M + width, y + h)
      .strokeColor("#cccccc")
      .lineWidth(0.5)
      .stroke();
    doc.x = M;
    doc.y = y + h;
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  if (data.lots.length === 0) row(["—", "—", "Nenhum lote cadastrado", "", "", ""]);
  for (const l of data.lots) {
    row([
      String(l.number),
      String(l.item),
      l.product,
      l.quantity.replace(".", ","),
      l.unit,
      // The proof shows what the notice shows everyone: a secret price only once disclosed.
      isReferencePricePublic(n) ? formatBRL(l.referencePrice, l.decimals) : "Sigiloso",
    ]);
  }

  section("Arquivos publicados");
  if (data.documents.length === 0) doc.font("Helvetica").fontSize(9.5).text("Nenhum arquivo.");
  for (const d of data.documents) {
    doc
      .font("Helvetica-Bold")
      .fontSize(9)
      .text(`${DOCUMENT_KIND_LABELS[d.kind as DocumentKind] ?? d.kind}: `, M, doc.y, {
        continued: true,
        width,
      });
    doc.font("Helvetica").text(d.name);
    doc.font("Courier").fontSize(7.5).fillColor("#444").text(`SHA-256 ${d.sha256}`).fillColor("black");
  }

  section("Integridade");
  doc.font("Helvetica").fontSize(9.5).text("Resumo SHA-256 do conteúdo do edital na publicação:", { width });
  doc.font("Courier").fontSize(8.5).text(data.publication.contentSha256, { width });
  doc.moveDown(0.3);
  doc
    .font("Helvetica")
    .fontSize(9.5)
    .text(`Hash do registro de eventos na publicação (entrada nº ${data.publication.seq}):`, { width });
  doc.font("Courier").fontSize(8.5).text(data.publication.hash, { width });
  doc.moveDown(0.3);
  const unchanged = data.currentContentSha256 === data.publication.contentSha256;
  doc
    .font("Helvetica")
    .fontSize(9.5)
    .text(
      unchanged
        ? "O conteúdo atual do edital confere com o conteúdo publicado."
        : "O edital foi alterado depois desta publicação; o resumo acima refere-se ao conteúdo publicado.",
      { width },
    );

  // Footer on every page
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor("#666")
      .text(
        `Emitido em ${brasiliaStamp(data.issuedAt)} (horário de Brasília) · Página ${i - range.start + 1} de ${range.count}`,
        M,
        doc.page.height - 35,
        { width, align: "center", lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

export class PublicationProofService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The owner's proof of the latest publication; 409 before the notice is first published. */
  async render(buyerId: string, noticeId: string, issuedAt = this.clock()) {
    const found = await repo.findNotice(this.db, noticeId);
    assertOwnNotice(found && { buyerId: found.buyer.id, status: found.notice.status }, buyerId);
    const event = await repo.findPublicationEvent(this.db, noticeId);
    if (!found || !event) throw conflict("O edital ainda não foi publicado.");
    const payload = event.payload as { contentSha256?: string };
    const [people, batches, documents, hashes] = await Promise.all([
      repo.findNoticePeople(this.db, noticeId),
      repo.findBatches(this.db, noticeId),
      repo.findDocuments(this.db, noticeId),
      repo.listDocumentHashes(this.db, noticeId),
    ]);
    const sha = new Map(hashes.map((h) => [h.id, h.sha256]));
    const data: PublicationProofData = {
      buyer: found.buyer,
      notice: found.notice,
      secretaries: people.offices.map((o) => o.name),
      lots: batches.map(({ batch, product, measurementUnit }) => ({
        number: batch.number,
        item: batch.item,
        product: product?.name ?? "—",
        quantity: String(Number(batch.quantity)),
        unit: measurementUnit?.description ?? batch.measurementUnitCode ?? "—",
        referencePrice: batch.referencePrice,
        decimals: batch.decimalsNumber,
      })),
      documents: documents
        .filter((d) => d.kind !== "PUBLICATION_PROOF" && d.kind !== "SESSION_MINUTES")
        .map((d) => ({ name: d.name, kind: d.kind, sha256: sha.get(d.id) ?? "" })),
      publication: {
        occurredAt: event.occurredAt,
        seq: event.seq,
        hash: event.hash,
        contentSha256: payload.contentSha256 ?? "",
        republished: event.eventType === "NOTICE_REPUBLISHED",
      },
      currentContentSha256: await noticeContentSha256(this.db, found.notice),
      issuedAt,
    };
    return {
      data: await renderPublicationProof(data),
      fileName: safeFileName(`Comprovante de publicação - ${found.notice.noticeNumber}.pdf`),
    };
  }
}
