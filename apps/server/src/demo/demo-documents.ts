import { createHash } from "node:crypto";
import { MODALITY_LABELS, type Modality } from "@certame/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { auctionBatches, auctionNotices, buyers, noticeDocuments, products, storedFiles } from "../db/schema";
import type { FileStorage } from "../files/file-storage";
import { createReport } from "../files/pdf-layout";
import { ensureDemoRegistrationFiles } from "./demo-registrations";

// The files of the published demo notices (issue 12 item 11): the notice itself ('Edital') and its
// reference term, real PDFs drawn with the platform's report layout. Their rows live in the demo
// data (stable ids, keys under demo/); the bytes are drawn again from the same rows wherever a
// storage lacks them, so a database copied from a template gets its files on the server's start.

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** The published demo notices (demo-data.ts DEMO_IDS) that carry files. */
export const DEMO_NOTICES_WITH_FILES = [
  U(2002),
  U(2003),
  U(2004),
  U(2005),
  U(2006),
  U(2007),
  U(2101),
] as const;

type DemoFileKind = "AUCTION_NOTICE" | "OTHER";

const FILE_KINDS: { kind: DemoFileKind; slug: string; title: string; description: string }[] = [
  { kind: "AUCTION_NOTICE", slug: "edital", title: "Edital", description: "Edital do processo" },
  {
    kind: "OTHER",
    slug: "termo-de-referencia",
    title: "Termo de Referência",
    description: "Termo de referência (anexo I do edital)",
  },
];

/** Fixed issue time: the same rows always draw the same bytes (and the same sha256). */
const ISSUED_AT = new Date("2026-01-05T13:00:00Z");

export interface DemoNoticeFacts {
  id: string;
  noticeNumber: string;
  processNumber: string;
  objectOfInterest: string;
  modality: Modality;
  buyerName: string;
  lots: { number: number; item: number; product: string; quantity: string; unit: string | null }[];
}

export interface DemoFile {
  documentId: string;
  fileId: string;
  noticeId: string;
  kind: DemoFileKind;
  label: string;
  description: string;
  name: string;
  storageKey: string;
}

/** The two files of each notice of DEMO_NOTICES_WITH_FILES, with stable ids. */
export function demoFiles(): DemoFile[] {
  return DEMO_NOTICES_WITH_FILES.flatMap((noticeId, n) =>
    FILE_KINDS.map((k, i) => {
      const documentId = U(4001 + n * 10 + i);
      return {
        documentId,
        fileId: U(5001 + n * 10 + i),
        noticeId,
        kind: k.kind,
        label: k.title,
        description: k.description,
        name: `${k.slug}.pdf`,
        storageKey: `demo/${documentId}.pdf`,
      };
    }),
  );
}

const fileName = (noticeNumber: string, slug: string) =>
  `${slug}-${noticeNumber
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}.pdf`;

/** Draws one demo file of a notice as a PDF. */
export async function renderDemoFile(kind: DemoFileKind, notice: DemoNoticeFacts): Promise<Buffer> {
  const modality = MODALITY_LABELS[notice.modality] ?? notice.modality;
  const title = kind === "AUCTION_NOTICE" ? `Edital ${notice.noticeNumber}` : "Termo de Referência";
  const report = createReport({ title, subject: notice.objectOfInterest, issuedAt: ISSUED_AT });
  report.heading(
    title,
    "Documento de demonstração gerado pela plataforma: não tem valor legal e serve apenas para conhecer o sistema.",
  );
  report.section("Identificação do processo");
  report.field("Órgão", notice.buyerName);
  report.field("Edital", notice.noticeNumber);
  report.field("Processo administrativo", notice.processNumber);
  report.field("Modalidade", modality);
  report.section("Objeto");
  report.paragraph(notice.objectOfInterest);
  if (kind === "AUCTION_NOTICE") {
    report.section("Disposições gerais");
    report.paragraph(
      "A sessão pública será realizada em meio eletrônico, na sala de negociação da plataforma, na data e no horário (de Brasília) informados na página do edital. As propostas iniciais são cadastradas na plataforma até a abertura da sessão.",
    );
    report.paragraph(
      "Os pedidos de esclarecimento e as impugnações são apresentados pela plataforma, nos prazos da Lei nº 14.133/2021.",
    );
  } else {
    report.section("Especificação dos itens");
    report.table(
      [
        { title: "Lote", width: 45 },
        { title: "Item", width: 45 },
        { title: "Descrição", width: 0 },
        { title: "Quantidade", width: 80, align: "right" },
        { title: "Unidade", width: 60 },
      ],
      notice.lots.map((l) => [
        String(l.number),
        String(l.item),
        l.product,
        Number(l.quantity).toLocaleString("pt-BR"),
        l.unit ?? "",
      ]),
    );
    report.section("Condições de entrega");
    report.paragraph(
      "Os bens serão entregues no almoxarifado central do órgão em até 30 dias da emissão da nota de empenho.",
    );
  }
  return report.finish();
}

/** What the PDFs draw, read from the notices, their bodies and their lots. */
export async function demoNoticeFacts(db: Db | Tx): Promise<Map<string, DemoNoticeFacts>> {
  const ids = [...DEMO_NOTICES_WITH_FILES];
  const notices = await db
    .select({
      id: auctionNotices.id,
      noticeNumber: auctionNotices.noticeNumber,
      processNumber: auctionNotices.processNumber,
      objectOfInterest: auctionNotices.objectOfInterest,
      modality: auctionNotices.modality,
      buyerName: buyers.corporateName,
    })
    .from(auctionNotices)
    .innerJoin(buyers, eq(buyers.id, auctionNotices.buyerId))
    .where(inArray(auctionNotices.id, ids));
  const lots = await db
    .select({
      noticeId: auctionBatches.auctionNoticeId,
      number: auctionBatches.number,
      item: auctionBatches.item,
      product: products.name,
      quantity: auctionBatches.quantity,
      unit: auctionBatches.measurementUnitCode,
    })
    .from(auctionBatches)
    .leftJoin(products, eq(products.id, auctionBatches.productId))
    .where(inArray(auctionBatches.auctionNoticeId, ids))
    .orderBy(asc(auctionBatches.number), asc(auctionBatches.item));
  const out = new Map<string, DemoNoticeFacts>();
  for (const n of notices) {
    out.set(n.id, {
      id: n.id,
      noticeNumber: n.noticeNumber ?? "",
      processNumber: n.processNumber ?? "",
      objectOfInterest: n.objectOfInterest ?? "",
      modality: n.modality,
      buyerName: n.buyerName,
      lots: lots
        .filter((l) => l.noticeId === n.id)
        .map((l) => ({
          number: l.number,
          item: l.item,
          product: l.product ?? "",
          quantity: String(l.quantity),
          unit: l.unit,
        })),
    });
  }
  return out;
}

/** Records the demo files of the published demo notices (once; stable ids). */
export async function insertDemoDocuments(tx: Tx, uploadedByUserId: string) {
  const facts = await demoNoticeFacts(tx);
  for (const f of demoFiles()) {
    const notice = facts.get(f.noticeId);
    if (!notice) continue;
    const bytes = await renderDemoFile(f.kind, notice);
    const name = fileName(notice.noticeNumber, f.name.replace(/\.pdf$/, ""));
    await tx
      .insert(storedFiles)
      .values({
        id: f.fileId,
        storageKey: f.storageKey,
        originalName: name,
        mimeType: "application/pdf",
        sizeBytes: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        uploadedByUserId,
      })
      .onConflictDoNothing();
    await tx
      .insert(noticeDocuments)
      .values({
        id: f.documentId,
        auctionNoticeId: f.noticeId,
        fileId: f.fileId,
        kind: f.kind,
        label: f.label,
        description: f.description,
      })
      .onConflictDoNothing();
  }
}

/** Writes into `storage` every recorded demo file it lacks. */
export async function ensureDemoFiles(db: Db, storage: FileStorage) {
  const recorded = await db
    .select({ id: storedFiles.id, storageKey: storedFiles.storageKey })
    .from(storedFiles)
    .where(
      and(
        inArray(
          storedFiles.id,
          demoFiles().map((f) => f.fileId),
        ),
      ),
    );
  // The registration demo's adhesion term (demo-registrations.ts).
  await ensureDemoRegistrationFiles(db, storage);
  const keys = new Set(recorded.map((r) => r.storageKey));
  const missing: DemoFile[] = [];
  for (const f of demoFiles()) {
    if (keys.has(f.storageKey) && !(await storage.exists(f.storageKey))) missing.push(f);
  }
  if (missing.length === 0) return;
  const facts = await demoNoticeFacts(db);
  for (const f of missing) {
    const notice = facts.get(f.noticeId);
    if (notice) await storage.write(f.storageKey, await renderDemoFile(f.kind, notice));
  }
}
