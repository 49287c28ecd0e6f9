import {
  CLOSING_KIND_LABELS,
  type ClosingKind,
  formatBRL,
  formatBrasiliaDateTime,
  formatCnpj,
  formatPercent,
  JUDGEMENT_CRITERION_LABELS,
  type JudgementCriterion,
  LOT_PHASE_LABELS,
  type LotPhase,
  MODALITY_LABELS,
  type Modality,
  SUB_MODALITY_LABELS,
  type SubModality,
} from "@certame/domain";
import { brasiliaStamp, createReport } from "../../files/pdf-layout";

// The 'Ata da sessão pública' (Decreto 10.024/2019 art. 8º XII; Lei 14.133/2021 art. 17 §2º: the
// public session is recorded): the process, each lot's classification as the room stands, and the
// session's occurrences (the system messages of every phase move and control action), with the
// head of the notice's hash-chained event log so anyone can check the minutes against it.

export interface MinutesRankRow {
  position: number;
  /** The bidder as the public may see it now: its name, or 'Licitante n' while confidential. */
  bidder: string;
  value: string;
  /** 'Vencedor', 'Desclassificado', 'Inabilitado' or '—' (the bidder's standing in the lot). */
  standing: string;
}

export interface MinutesLot {
  number: number;
  items: { item: number; product: string; quantity: string; unit: string }[];
  phase: LotPhase;
  referencePrice: string;
  ranking: MinutesRankRow[];
}

export interface MinutesData {
  notice: {
    noticeNumber: string;
    processNumber: string;
    modality: Modality;
    subModality: SubModality;
    criterion: JudgementCriterion;
    closingKind: ClosingKind | null;
    objectOfInterest: string;
    startDateTime: Date | null;
    buyerName: string;
    buyerCnpj: string;
    buyerCity: string | null;
    buyerState: string | null;
  };
  lots: MinutesLot[];
  occurrences: { at: Date; lots: number[]; text: string }[];
  eventLog: { seq: number; hash: string } | null;
  issuedAt: Date;
}

/** A bid value as the minutes print it: money at the lot's decimals, or a discount percent. */
export function minutesValue(value: number, criterion: string, decimals: number): string {
  return criterion === "BIGGEST_DISCOUNT"
    ? `${formatPercent(value)} de desconto`
    : formatBRL(value, decimals);
}

const lotsText = (lots: number[]) =>
  lots.length === 0 ? "Processo" : lots.length === 1 ? `Lote ${lots[0]}` : `Lotes ${lots.join(", ")}`;

export function renderSessionMinutes(data: MinutesData): Promise<Buffer> {
  const n = data.notice;
  const r = createReport({
    title: `Ata da sessão pública — ${n.noticeNumber}`,
    subject: n.objectOfInterest.slice(0, 200),
    issuedAt: data.issuedAt,
  });
  r.heading(
    "Ata da sessão pública",
    `Registro da sessão pública do processo abaixo, gerado pela plataforma em ${brasiliaStamp(data.issuedAt)} (horário de Brasília) a partir dos lances e do registro de eventos do processo.`,
  );

  r.section("Órgão comprador");
  r.field("Órgão", n.buyerName);
  r.field("CNPJ", formatCnpj(n.buyerCnpj));
  if (n.buyerCity) r.field("Município/UF", `${n.buyerCity}${n.buyerState ? `/${n.buyerState}` : ""}`);

  r.section("Processo");
  r.field("Edital/Aviso nº", n.noticeNumber);
  r.field("Processo nº", n.processNumber);
  r.field("Modalidade", MODALITY_LABELS[n.modality] ?? n.modality);
  r.field("Submodalidade", SUB_MODALITY_LABELS[n.subModality] ?? n.subModality);
  r.field("Critério de julgamento", JUDGEMENT_CRITERION_LABELS[n.criterion] ?? n.criterion);
  if (n.closingKind) r.field("Modo de disputa", CLOSING_KIND_LABELS[n.closingKind] ?? n.closingKind);
  r.field("Abertura da sessão", n.startDateTime ? formatBrasiliaDateTime(n.startDateTime) : "—");
  r.field("Objeto", n.objectOfInterest);

  for (const lot of data.lots) {
    r.section(`Lote ${lot.number}`);
    r.field("Situação", LOT_PHASE_LABELS[lot.phase] ?? lot.phase);
    r.field("Valor de referência", lot.referencePrice);
    r.table(
      [
        { title: "Item", width: 40 },
        { title: "Produto/Serviço", width: 0 },
        { title: "Quantidade", width: 80, align: "right" },
        { title: "Unidade", width: 70 },
      ],
      lot.items.map((i) => [String(i.item), i.product, i.quantity, i.unit]),
    );
    r.doc.moveDown(0.5);
    if (lot.ranking.length === 0) {
      r.paragraph("Nenhum lance aberto neste lote.");
      continue;
    }
    r.table(
      [
        { title: "Classificação", width: 80 },
        { title: "Licitante", width: 0 },
        { title: "Melhor lance", width: 110, align: "right" },
        { title: "Situação", width: 95 },
      ],
      lot.ranking.map((row) => [`${row.position}º`, row.bidder, row.value, row.standing]),
    );
  }

  r.section("Ocorrências da sessão");
  if (data.occurrences.length === 0) r.paragraph("Nenhuma ocorrência registrada.");
  for (const o of data.occurrences)
    r.paragraph(`${formatBrasiliaDateTime(o.at)} — ${lotsText(o.lots)}: ${o.text}`, 9);

  r.section("Integridade");
  if (data.eventLog) {
    r.paragraph(`Última entrada do registro de eventos do processo considerada (nº ${data.eventLog.seq}):`);
    r.mono(data.eventLog.hash);
  } else r.paragraph("O processo ainda não tem entradas no registro de eventos.");
  return r.finish();
}
