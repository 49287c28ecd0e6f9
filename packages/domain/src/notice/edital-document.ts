import {
  CLOSING_KIND_LABELS,
  type ClosingKind,
  JUDGEMENT_CRITERION_LABELS,
  type JudgementCriterion,
  OFFER_KIND_LABELS,
  type OfferKind,
} from "../enums/judgement";
import { MODALITY_LABELS, type Modality } from "../enums/modality";
import {
  BATCH_ITEM_PARTICIPATION_LABELS,
  type BatchItemParticipation,
  PROCESS_PARTICIPATION_LABELS,
  type ProcessParticipation,
} from "../enums/participation";
import { QUALIFICATION_DOCUMENT_CLASSES } from "../enums/qualification-document";
import { SUB_MODALITY_LABELS, type SubModality } from "../enums/sub-modality";
import {
  type DocumentBlock,
  type DocumentModel,
  formatDocumentDate,
  formatDocumentDateTime,
  MISSING_VALUE,
} from "../format/document-model";
import { formatCnpj } from "../format/documents";
import { formatBRL } from "../format/money";
import { formatQuantityBR } from "../format/quantity";
import { processFileName } from "../planning/process.schema";
import { isReferencePricePublic, maskReferencePrice } from "./reference-price";

// The edital (minuta do edital) made from a notice (issue 35 item 2, step 6 'Edital'): one model for
// its PDF and its .docx, built from the notice's own data under Lei 14.133/2021 (art. 25: the edital's
// content) and LC 123/2006 (arts. 42–49: ME/EPP).

/** One line of the notice's lots (auction_batches): amounts scaled by 10^decimalsNumber. */
export interface EditalLot {
  number: number;
  item: number;
  productCode: number | null;
  description: string;
  /** numeric text, e.g. '10.0000'. */
  quantity: string;
  unit: string | null;
  decimalsNumber: number;
  referencePrice: number;
  /** The unit price as entered; null on rows written before it existed (= referencePrice). */
  unitReferencePrice: number | null;
  totalAmount: number;
  batchItemParticipation: BatchItemParticipation;
  /** A reserved quota's wide-participation lot (LC 123/2006 art. 48, III). */
  wideParticipationBatch: number | null;
}

export interface EditalDocumentInput {
  buyer: { corporateName: string; cnpj: string | null; city: string | null; state: string | null };
  noticeNumber: string;
  processNumber: string;
  modality: Modality;
  subModality: SubModality;
  dispensationForm: JudgementCriterion;
  closingKind: ClosingKind;
  offerKind: OfferKind;
  isSrp: boolean;
  processParticipation: ProcessParticipation;
  objectOfInterest: string;
  legislationName: string | null;
  lawClauseName: string | null;
  /** ISO instants. */
  proposalsStartDateTime: string | null;
  proposalsEndDateTime: string | null;
  startDateTime: string | null;
  clarificationEndDateTime: string | null;
  shouldDiscloseReferencePrice: boolean;
  isReferencePriceDisclosed: boolean;
  /** Names of the notice's auctioneers / contracting agents. */
  auctioneers: string[];
  lots: EditalLot[];
  /** Qualification document kinds required (QUALIFICATION_DOCUMENT_CLASSES), and the body's other classes. */
  qualificationDocumentRequired: string[];
  otherDocumentClasses: string[];
  /** The notice's attached documents that the edital lists as its annexes (the description the body typed). */
  annexes: { description: string | null; name: string }[];
  /** ISO instant the edital is issued (the closing's place and date). */
  issuedAt: string;
}

export const EDITAL_DOCUMENT_TITLE = "Edital";
/** The edital is asked of a process that has no notice yet (GET app/process/notice/{pdf,docx}). */
export const PROCESS_NOTICE_NOT_FOUND_MESSAGE = "Este processo ainda não tem edital.";
export const LAW_14133 = "Lei nº 14.133/2021";
export const EDITAL_SECRET_PRICE_TEXT =
  "O valor estimado da contratação tem caráter sigiloso, nos termos do art. 24 da Lei nº 14.133/2021, e será tornado público após o julgamento das propostas, sem prejuízo da divulgação do detalhamento dos quantitativos e das demais informações necessárias à elaboração das propostas.";

/** 'edital-<process number slug>.pdf' / '.docx'. */
export const editalFileName = (processNumber: string, extension: "pdf" | "docx") =>
  processFileName("edital", processNumber, extension);

const ROMAN: [number, string][] = [
  [1000, "M"],
  [900, "CM"],
  [500, "D"],
  [400, "CD"],
  [100, "C"],
  [90, "XC"],
  [50, "L"],
  [40, "XL"],
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];
/** 1 → 'I', 14 → 'XIV' (annexes are numbered in Roman numerals). */
export function romanNumeral(n: number): string {
  let rest = Math.max(1, Math.floor(n));
  let out = "";
  for (const [value, symbol] of ROMAN)
    while (rest >= value) {
      out += symbol;
      rest -= value;
    }
  return out;
}

const PARTICIPATION_BASIS: Record<BatchItemParticipation, string> = {
  WIDE_PARTICIPATION: "Arts. 44 e 45 da LC nº 123/2006 (preferência no empate ficto)",
  EXCLUSIVE: "Art. 48, I, da LC nº 123/2006",
  DIFFERENTIATED: "Art. 48, III, da LC nº 123/2006",
};

const when = (iso: string | null) =>
  iso ? `${formatDocumentDateTime(iso)} (horário de Brasília)` : MISSING_VALUE;
const money = (scaled: number | null | undefined, decimals: number) =>
  typeof scaled === "number"
    ? formatBRL(scaled, decimals === 4 ? 4 : 2, { minFractionDigits: 2 })
    : MISSING_VALUE;

function legalBasis(input: EditalDocumentInput): string {
  const acts = [LAW_14133];
  if (input.legislationName && input.legislationName !== LAW_14133) acts.push(input.legislationName);
  return acts.join("; ");
}

function qualificationRows(input: EditalDocumentInput): string[][] {
  const rows: string[][] = [];
  for (const kind of input.qualificationDocumentRequired) {
    const group = QUALIFICATION_DOCUMENT_CLASSES.find((c) => c.kinds.some((k) => k.kind === kind));
    const name = group?.kinds.find((k) => k.kind === kind)?.name;
    if (group && name) rows.push([group.name, name]);
  }
  for (const name of input.otherDocumentClasses) rows.push(["Outros documentos", name]);
  return rows;
}

/**
 * The edital of a notice: preamble (the body, modality and sub-modality, numbers, legal basis), the
 * object, the dates in Brasília time, the lots and items with quantity and unit — and the reference
 * price only when the notice discloses it (isReferencePricePublic / maskReferencePrice, the platform's
 * one rule for secret prices, Lei 14.133/2021 art. 24) — the ME/EPP participation of each lot (LC
 * 123/2006 arts. 47–49), the qualification documents (arts. 62–70) and the annexes. Pure.
 */
export function buildEditalDocument(input: EditalDocumentInput): DocumentModel {
  const priceVisible = isReferencePricePublic(input);
  const lots = input.lots.map((lot) => maskReferencePrice(lot, priceVisible));
  const modality = MODALITY_LABELS[input.modality] ?? input.modality;
  const subModality = SUB_MODALITY_LABELS[input.subModality] ?? input.subModality;
  const place = [input.buyer.city, input.buyer.state].filter(Boolean).join("/");
  const cnpj = input.buyer.cnpj ? formatCnpj(input.buyer.cnpj) : null;
  const agents = input.auctioneers.join(", ");

  const blocks: DocumentBlock[] = [
    {
      kind: "paragraph",
      text:
        `${input.buyer.corporateName}${cnpj ? `, inscrito(a) no CNPJ sob o nº ${cnpj}` : ""}` +
        `${place ? `, com sede em ${place}` : ""}` +
        `${agents ? `, por intermédio do(a) agente de contratação/pregoeiro(a) ${agents}` : ""}` +
        `, torna público, para conhecimento dos interessados, que realizará ${modality}, ${subModality.toLocaleLowerCase("pt-BR")}, ` +
        `Edital nº ${input.noticeNumber}, Processo nº ${input.processNumber}, com critério de julgamento ` +
        `${(JUDGEMENT_CRITERION_LABELS[input.dispensationForm] ?? input.dispensationForm).toLocaleLowerCase("pt-BR")}` +
        `${input.isSrp ? ", para registro de preços" : ""}, nos termos da ${legalBasis(input)}` +
        `${input.lawClauseName ? ` (${input.lawClauseName})` : ""}, da Lei Complementar nº 123/2006 e das demais normas ` +
        "aplicáveis, e de acordo com as condições estabelecidas neste Edital e em seus anexos.",
    },
    { kind: "heading", text: "1. Dados do certame" },
    {
      kind: "fields",
      rows: [
        { label: "Órgão", value: input.buyer.corporateName },
        ...(cnpj ? [{ label: "CNPJ", value: cnpj }] : []),
        { label: "Edital nº", value: input.noticeNumber },
        { label: "Processo nº", value: input.processNumber },
        { label: "Modalidade", value: modality },
        { label: "Sub-Modalidade", value: subModality },
        {
          label: "Critério de julgamento",
          value: JUDGEMENT_CRITERION_LABELS[input.dispensationForm] ?? input.dispensationForm,
        },
        { label: "Modo de disputa", value: CLOSING_KIND_LABELS[input.closingKind] ?? input.closingKind },
        { label: "Forma de oferta", value: OFFER_KIND_LABELS[input.offerKind] ?? input.offerKind },
        { label: "Registro de preços", value: input.isSrp ? "Sim" : "Não" },
        {
          label: "Participação",
          value: PROCESS_PARTICIPATION_LABELS[input.processParticipation] ?? input.processParticipation,
        },
        { label: "Legislação aplicável", value: legalBasis(input) },
        { label: "Fundamento legal", value: input.lawClauseName ?? MISSING_VALUE },
        { label: "Agente de contratação/Pregoeiro(a)", value: agents || MISSING_VALUE },
      ],
    },
    { kind: "heading", text: "2. Do objeto" },
    { kind: "paragraph", number: "2.1", text: input.objectOfInterest },
    {
      kind: "paragraph",
      number: "2.2",
      text: "A licitação é dividida nos lotes e itens do quadro da seção 4, com as quantidades e unidades nele indicadas; em caso de divergência entre as especificações deste Edital e as do Termo de Referência, prevalecem as deste Edital.",
    },
    { kind: "heading", text: "3. Das datas e horários" },
    {
      kind: "fields",
      rows: [
        { label: "Início do recebimento das propostas", value: when(input.proposalsStartDateTime) },
        { label: "Fim do recebimento das propostas", value: when(input.proposalsEndDateTime) },
        { label: "Abertura da sessão pública", value: when(input.startDateTime) },
        { label: "Prazo para esclarecimentos e impugnações", value: when(input.clarificationEndDateTime) },
      ],
    },
    {
      kind: "paragraph",
      number: "3.1",
      text: "Todos os horários deste Edital são o horário de Brasília (DF). Qualquer pessoa é parte legítima para impugnar este Edital ou pedir esclarecimentos sobre ele, no prazo acima, nos termos do art. 164 da Lei nº 14.133/2021.",
    },
    { kind: "heading", text: "4. Dos lotes e itens" },
  ];

  if (lots.length === 0) blocks.push({ kind: "paragraph", text: "Nenhum lote cadastrado." });
  else {
    const columns = ["Lote", "Item", "Código", "Descrição", "Quantidade", "Unidade"];
    const widths = priceVisible ? [0.07, 0.07, 0.08, 0.3, 0.11, 0.11] : [0.08, 0.08, 0.1, 0.44, 0.15, 0.15];
    if (priceVisible) {
      columns.push("Valor unitário de referência", "Valor total de referência");
      widths.push(0.13, 0.13);
    }
    blocks.push({
      kind: "table",
      columns,
      widths,
      align: columns.map((_, i) => (i >= 4 && i !== 5 ? "right" : "left")),
      rows: lots.map((lot) => {
        const row = [
          String(lot.number),
          String(lot.item),
          lot.productCode === null ? MISSING_VALUE : String(lot.productCode),
          lot.description,
          formatQuantityBR(lot.quantity),
          lot.unit ?? MISSING_VALUE,
        ];
        if (priceVisible) {
          const unit =
            lot.unitReferencePrice ?? (input.offerKind === "UNIT_VALUE" ? lot.referencePrice : null);
          row.push(money(unit, lot.decimalsNumber), money(lot.totalAmount, lot.decimalsNumber));
        }
        return row;
      }),
    });
    if (priceVisible) {
      // Σ of the lines' totals at 4 decimals, so lots of 2 and of 4 decimals add up exactly.
      const total = lots.reduce(
        (sum, lot) => sum + (lot.totalAmount ?? 0) * (lot.decimalsNumber === 4 ? 1 : 100),
        0,
      );
      blocks.push({
        kind: "fields",
        rows: [{ label: "Valor total estimado da contratação", value: money(total, 4) }],
      });
    } else blocks.push({ kind: "paragraph", number: "4.1", text: EDITAL_SECRET_PRICE_TEXT });
  }

  // One participation per lot: its first item's (the lot's head row).
  const heads = new Map<number, EditalLot>();
  for (const lot of input.lots) {
    const head = heads.get(lot.number);
    if (!head || lot.item < head.item) heads.set(lot.number, lot);
  }
  blocks.push(
    { kind: "heading", text: "5. Da participação de microempresas e empresas de pequeno porte" },
    {
      kind: "paragraph",
      number: "5.1",
      text: "As microempresas e empresas de pequeno porte terão o tratamento diferenciado e simplificado dos arts. 42 a 49 da Lei Complementar nº 123/2006 (art. 47), aplicado nos termos do art. 4º da Lei nº 14.133/2021, conforme a participação definida para cada lote no quadro abaixo.",
    },
    {
      kind: "paragraph",
      number: "5.2",
      text: "Nos lotes de participação exclusiva só participam microempresas e empresas de pequeno porte (art. 48, I); nos lotes de cota reservada, a cota de até 25% do objeto é destinada exclusivamente a elas (art. 48, III). O tratamento diferenciado não se aplica nas hipóteses do art. 49 da Lei Complementar nº 123/2006.",
    },
  );
  if (heads.size > 0)
    blocks.push({
      kind: "table",
      columns: ["Lote", "Participação", "Fundamento legal"],
      widths: [0.12, 0.4, 0.48],
      rows: [...heads.values()]
        .sort((a, b) => a.number - b.number)
        .map((lot) => [
          String(lot.number),
          BATCH_ITEM_PARTICIPATION_LABELS[lot.batchItemParticipation] ?? lot.batchItemParticipation,
          PARTICIPATION_BASIS[lot.batchItemParticipation] +
            (lot.batchItemParticipation === "DIFFERENTIATED" && lot.wideParticipationBatch !== null
              ? ` — cota reservada do lote ${lot.wideParticipationBatch}`
              : ""),
        ]),
    });

  const qualification = qualificationRows(input);
  blocks.push(
    { kind: "heading", text: "6. Dos documentos de habilitação" },
    {
      kind: "paragraph",
      number: "6.1",
      text:
        qualification.length > 0
          ? "Para a habilitação, o licitante apresentará os documentos dos arts. 62 a 70 da Lei nº 14.133/2021 relacionados abaixo, além dos exigidos no Termo de Referência."
          : "Para a habilitação, o licitante apresentará os documentos dos arts. 62 a 70 da Lei nº 14.133/2021 exigidos no Termo de Referência.",
    },
  );
  if (qualification.length > 0)
    blocks.push({
      kind: "table",
      columns: ["Habilitação", "Documento"],
      widths: [0.35, 0.65],
      rows: qualification,
    });

  blocks.push({ kind: "heading", text: "7. Dos anexos" });
  if (input.annexes.length === 0) blocks.push({ kind: "paragraph", text: "Este Edital não possui anexos." });
  else
    blocks.push({
      kind: "paragraph",
      text: `Integram este Edital:\n${input.annexes
        .map((a, i) => {
          const title = a.description?.trim() || a.name;
          return `Anexo ${romanNumeral(i + 1)} — ${title}${title === a.name ? "" : ` (${a.name})`}`;
        })
        .join("\n")}`,
    });

  blocks.push({
    kind: "paragraph",
    text: `${place ? `${place}, ` : ""}${formatDocumentDate(input.issuedAt)}.`,
  });
  if (input.auctioneers.length === 0) blocks.push({ kind: "signature", name: input.buyer.corporateName });
  else
    for (const name of input.auctioneers)
      blocks.push({ kind: "signature", name, role: "Agente de contratação/Pregoeiro(a)" });

  return {
    title: EDITAL_DOCUMENT_TITLE,
    subtitle: `${input.buyer.corporateName}\n${modality} nº ${input.noticeNumber} · Processo nº ${input.processNumber}`,
    blocks,
  };
}
