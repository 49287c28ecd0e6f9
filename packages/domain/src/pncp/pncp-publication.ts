// Publication to the national portal (PNCP), Lei 14.133/2021 arts. 54 and 94: the portal's codes
// for a notice (the "Manual de Integração PNCP", v2.3.7, §5 "Tabelas de domínio"), its control
// number (§4.1 of the consultation manual: {cnpj}-1-{sequencial:6}/{ano}) and the retry rules of
// the publication queue. The mapping and its sources are recorded in docs/decisions.md (2026-11-27).
import type { ClosingKind, JudgementCriterion } from "../enums/judgement";
import { MODALITIES, type Modality } from "../enums/modality";
import type { NoticeStatus } from "../enums/notice-status";
import type { BatchItemParticipation, ProcessParticipation } from "../enums/participation";
import type { SubModality } from "../enums/sub-modality";
import { fromScaled } from "../format/money";
import { z } from "../schemas/zod";

/** Manual §5.2 "Modalidade de Contratação". */
export const PNCP_MODALIDADE_BY_MODALITY: Record<Modality, number> = {
  ELECTRONIC_AUCTION: 1, // Leilão - Eletrônico
  COMPETITIVE_DIALOGUE: 2, // Diálogo Competitivo
  ELECTRONIC_COMPETITION: 4, // Concorrência - Eletrônica
  COMPETITION_IN_PERSON: 5, // Concorrência - Presencial
  NEW_ELECTRONIC_REVERSED_AUCTION: 6, // Pregão - Eletrônico
  ELECTRONIC_REVERSED_AUCTION: 6,
  NEW_PRICES_SUBMISSION: 4, // Tomada de preços does not exist in Lei 14.133: its successor, concorrência
  PRICES_SUBMISSION: 4,
  REVERSED_AUCTION_IN_PERSON: 7, // Pregão - Presencial
  ELECTRONIC_DISPENSER: 8, // Dispensa de Licitação
  DIRECT_WAIVER_FORMALIZATION: 8,
  WAIVER_FORMALIZATION: 8,
  DIRECT_NONENFORCEMENT: 9, // Inexigibilidade
  NONENFORCEMENT: 9,
  DIRECT_PRE_QUALIFICATION: 11, // Pré-qualificação
  PRE_QUALIFICATION: 11,
  DIRECT_ACCREDITATION: 12, // Credenciamento
  ACCREDITATION: 12,
  AUCTION_IN_PERSON: 13, // Leilão - Presencial
};

/**
 * Manual §5.1 "Instrumento Convocatório": 1 Edital; 2 Aviso de Contratação Direta, "utilizado na
 * Dispensa com Disputa"; 3 Ato que autoriza a Contratação Direta, "utilizado na Dispensa sem Disputa
 * ou na Inexigibilidade" — an inexigibilidade receiving proposals too (§5.18 has no inexigibilidade
 * with instrument 2), and a direct waiver formalization, which has no dispute.
 */
export function pncpInstrumentoConvocatorioId(modality: Modality): 1 | 2 | 3 {
  switch (modality) {
    case "ELECTRONIC_DISPENSER":
      return 2; // dispensa com disputa: an aviso
    case "DIRECT_WAIVER_FORMALIZATION":
    case "DIRECT_NONENFORCEMENT":
    case "WAIVER_FORMALIZATION":
    case "NONENFORCEMENT":
      return 3;
    default:
      return 1;
  }
}

const isLeilao = (modality: Modality) =>
  modality === "ELECTRONIC_AUCTION" || modality === "AUCTION_IN_PERSON";

/**
 * 6.3.1 item 18.12 itemCategoriaId: "Domínios 1 ou 2 aplicados à modalidade leilão. Outras
 * modalidades de contratação utilizar o domínio 3". A leilão item goes as 2, bens móveis: a bem
 * imóvel needs codigoRegistroImobiliario (18.14), which the platform does not keep.
 */
export function pncpItemCategoriaId(modality: Modality): 1 | 2 | 3 {
  return isLeilao(modality) ? 2 : 3;
}

/**
 * The flags 6.3.1 fixes for a leilão: srp false (item 13), incentivoProdutivoBasico false (18.4),
 * orcamentoSigiloso false (18.11); otherwise the notice's own.
 */
export function pncpLeilaoFlags(
  modality: Modality,
  flags: { srp: boolean; incentivoProdutivoBasico: boolean; orcamentoSigiloso: boolean },
) {
  return isLeilao(modality)
    ? { srp: false, incentivoProdutivoBasico: false, orcamentoSigiloso: false }
    : flags;
}

/** Manual §5.3 "Modo de Disputa": 1 Aberto, 2 Fechado, 3 Aberto-Fechado, 4 Dispensa com Disputa, 5 Não se aplica, 6 Fechado-Aberto. */
export function pncpModoDisputaId(modality: Modality, closingKind: ClosingKind): number {
  const instrument = pncpInstrumentoConvocatorioId(modality);
  if (instrument === 3) return 5;
  if (instrument === 2) return 4;
  if (
    ["DIRECT_ACCREDITATION", "ACCREDITATION", "DIRECT_PRE_QUALIFICATION", "PRE_QUALIFICATION"].includes(
      modality,
    )
  )
    return 5;
  switch (closingKind) {
    case "CLOSED":
      return 2;
    case "OPEN_AND_CLOSED":
      return 3;
    case "CLOSED_AND_OPEN":
      return 6;
    default:
      return 1; // OPEN, OPEN_TIMED, TIMED, MANUAL_CLOSING: an open dispute
  }
}

/** Manual §5.4 "Critério de Julgamento". */
export const PNCP_CRITERIO_JULGAMENTO: Record<JudgementCriterion, number> = {
  LOWEST_PRICE: 1,
  BIGGEST_DISCOUNT: 2,
  TECHNIQUE_AND_PRICE: 4,
  BIGGEST_PRICE: 5, // Maior lance (leilão)
  GREATER_ECONOMIC_RETURN: 6,
  BEST_TECHNICAL: 8,
  ARTISTIC_CONTENT: 9,
};

/**
 * Manual §5.7 "Tipo de Benefício": 1 exclusiva ME/EPP, 3 cota reservada, 4 sem benefício,
 * 5 não se aplica (leilão). A lot's own participation wins over the notice's.
 */
export function pncpTipoBeneficioId(
  modality: Modality,
  process: ProcessParticipation,
  lot: BatchItemParticipation | null,
): number {
  if (modality === "ELECTRONIC_AUCTION" || modality === "AUCTION_IN_PERSON") return 5;
  if (lot === "EXCLUSIVE") return 1;
  if (lot === "DIFFERENTIATED") return 3;
  if (lot === "WIDE_PARTICIPATION") return 4;
  if (process === "MICRO_BUSINESS_EXCLUSIVE") return 1;
  if (process === "MICRO_BUSINESS_DIFFERENTIATED") return 3;
  return 4;
}

/** materialOuServico: M for goods (and every leilão item, manual 18.2), S for services and works. */
export function pncpMaterialOuServico(modality: Modality, subModality: SubModality): "M" | "S" {
  if (modality === "ELECTRONIC_AUCTION" || modality === "AUCTION_IN_PERSON") return "M";
  return ["SALE", "GOODS_ACQUISITION", "SPECIAL_GOODS_ACQUISITION"].includes(subModality) ? "M" : "S";
}

/** Modalities held in person need justificativaPresencial (manual 6.3.1 item 20). */
export function isPncpInPerson(modality: Modality): boolean {
  return ["REVERSED_AUCTION_IN_PERSON", "COMPETITION_IN_PERSON", "AUCTION_IN_PERSON"].includes(modality);
}

/** Manual §5.12 "Tipo de Documento": 1 Aviso de Contratação Direta, 2 Edital, 16 Outros documentos, 20 Ato que autoriza a Contratação Direta. */
export function pncpTipoDocumentoId(modality: Modality, mainNotice: boolean): number {
  if (!mainNotice) return 16;
  const instrument = pncpInstrumentoConvocatorioId(modality);
  return instrument === 1 ? 2 : instrument === 2 ? 1 : 20;
}

/** Manual 6.3.15 item 12 "porteFornecedorId": 1 ME, 2 EPP, 3 Demais, 5 Não informado. */
export function pncpPorteFornecedorId(size: string | null | undefined): number {
  if (size === "ME" || size === "MEI") return 1;
  if (size === "EPP") return 2;
  if (size === "OTHER" || size === "DEMAIS") return 3;
  return 5;
}

/** The PNCP control number of a contracting: {cnpj}-1-{sequencial, 6 digits}/{ano}. */
export function pncpControlNumber(cnpj: string, year: number, sequential: number): string {
  return `${cnpj.replace(/\D/g, "")}-1-${String(sequential).padStart(6, "0")}/${year}`;
}

/** Manual §5.5 "Situação da Contratação": 1 divulgada, 2 revogada, 3 anulada, 4 suspensa; read when a rectification runs. */
export function pncpSituacaoCompraId(status: NoticeStatus): 1 | 2 | 3 | 4 {
  if (status === "REVOKED") return 2; // Lei 14.133 art. 71, II
  if (status === "CANCELLED") return 3; // art. 71, III (anulação)
  if (status === "SUSPENDED" || status === "SUSPENDED_INDEFINITELY") return 4;
  return 1;
}

/** Dates of the portal: Brasília wall time without offset (manual 6.3.1 items 15–16, "pelo horário de Brasília"). */
export function pncpDateTime(at: Date): string {
  return new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19);
}

/**
 * A stored amount as the portal's decimal in reais. Money is stored scaled by 10^decimalsNumber of
 * its lot (2 or 4, trading-room §3), so the scale is the lot's, never a fixed 100; the portal takes
 * "Precisão de 4 dígitos decimais" (manual 6.3.1 items 18.8–18.9, 6.3.15 items 6–7), which a 4-decimal
 * lot fills exactly.
 */
export function pncpMoney(scaled: number, decimalsNumber: number): number {
  return Math.round(fromScaled(Math.round(scaled), decimalsNumber) * 10_000) / 10_000;
}

// --- Manual v2.6 (issue 34; the changes over v2.3.7 are listed in docs/decisions.md) -------------

/**
 * v2.6 "Retificar Contratação" (6.3.2) items 10, 11 and 20: objetoCompra, informacaoComplementar and
 * justificativaPresencial at most 512 characters; "Inserir Contratação" (6.3.1) item 19:
 * justificativaPresencial 512.
 */
export const PNCP_SHORT_TEXT_MAX = 512;
/** v2.6 "Inserir Contratação" (6.3.1) items 11 and 12: objetoCompra and informacaoComplementar. */
export const PNCP_LONG_TEXT_MAX = 5120;

/** A text cut to the portal's size, marked "…" when cut. */
export function pncpCap(text: string, max: number): string {
  const clean = text.trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/**
 * objetoCompra as each call takes it: the insertion (6.3.1 item 11, Texto (5120)) the whole object;
 * the rectification (6.3.2 item 10, Texto (512) since v2.6) its first 512 characters, marked "…" — the
 * rectification's informacaoComplementar is capped at 512 too (item 11), so it cannot hold the rest.
 */
export function pncpObjetoCompra(object: string, call: "insert" | "rectify"): string {
  return pncpCap(object, call === "insert" ? PNCP_LONG_TEXT_MAX : PNCP_SHORT_TEXT_MAX);
}

/**
 * numeroCompra is "o número da contratação no sistema de origem sem o ano" (6.3.1 item 8; the year
 * goes in anoCompra): "PE 60/2026" → "PE 60", "Pregão 14 de 2026" → "Pregão 14".
 */
export function pncpNumeroCompra(noticeNumber: string): string {
  const trimmed = noticeNumber.trim();
  const match = /^(.*?\d.*?)\s*(?:\/|-|\s+de\s+)\s*(?:19|20)\d{2}$/i.exec(trimmed);
  return (match?.[1] ?? trimmed).slice(0, 50);
}

/**
 * percentualDesconto, required on every result since v2.6: "Percentual de desconto aplicado quando o
 * critério de julgamento for Maior Desconto" (v2.6 "Inserir Resultado do Item" item 8). Under that
 * criterion the discount of the homologated unit value over the estimated one (0 when not below it);
 * under any other criterion no discount was applied: 0.
 */
export function pncpPercentualDesconto(
  criterion: JudgementCriterion,
  estimatedUnit: number,
  homologatedUnit: number,
): number {
  if (criterion !== "BIGGEST_DISCOUNT" || estimatedUnit <= 0 || homologatedUnit >= estimatedUnit) return 0;
  return Math.round((1 - homologatedUnit / estimatedUnit) * 100 * 10_000) / 10_000;
}

/**
 * The Titulo-Documento header as the manual shows it (6.3.1 item 2, 6.3.6 item 4: "Texto (255)",
 * the plain title): HTTP header values are ISO-8859-1, which holds every Portuguese letter, so the
 * title goes as it is — not percent-encoded, which the portal would publish as typed. Characters
 * outside Latin-1 take their nearest Latin-1 form (typographic dashes and quotes, other accents).
 */
export function pncpTituloDocumento(title: string): string {
  const latin1 = [...title.normalize("NFC")]
    .map((c) => {
      if (c.charCodeAt(0) <= 0xff) return c;
      if (/[\u2010-\u2015\u2212]/.test(c)) return "-";
      if (/[\u2018\u2019\u201a\u201b]/.test(c)) return "'";
      if (/[\u201c-\u201f]/.test(c)) return '"';
      if (c === "\u2026") return "...";
      const base = c.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      return [...base].every((b) => b.charCodeAt(0) <= 0xff) ? base : "";
    })
    .join("")
    // Control characters (line breaks above all) cannot go in a header.
    .replace(/\p{Cc}+/gu, " ")
    .trim();
  return latin1.slice(0, 255);
}

// --- The publication queue --------------------------------------------------------------------

/**
 * What a job sends: the contracting with its items and main file (6.3.1), another file (6.3.6), one
 * item's result (6.3.15), a rectification of the contracting (6.3.2), an item's situation (6.3.12),
 * the items added (6.3.10) or changed (6.3.11) after the contracting went.
 */
export const PNCP_JOB_KINDS = [
  "PURCHASE",
  "DOCUMENT",
  "RESULT",
  "RECTIFICATION",
  "ITEM_SITUATION",
  "ITEMS",
] as const;
export type PncpJobKind = (typeof PNCP_JOB_KINDS)[number];

export const PNCP_JOB_KIND_LABELS: Record<PncpJobKind, string> = {
  PURCHASE: "Contratação e itens",
  DOCUMENT: "Documento",
  RESULT: "Resultado do item",
  RECTIFICATION: "Retificação",
  ITEM_SITUATION: "Situação do item",
  ITEMS: "Itens incluídos ou alterados",
};

/**
 * PENDING: waiting or retrying; DONE: accepted by the portal; FAILED: gave up after the last attempt;
 * HELD: a contracting of a body without its PNCP unit, not sent (it would be refused) until the unit
 * is recorded (issue 34).
 */
export const PNCP_JOB_STATUSES = ["PENDING", "DONE", "FAILED", "HELD"] as const;
export type PncpJobStatus = (typeof PNCP_JOB_STATUSES)[number];

export const PNCP_JOB_STATUS_LABELS: Record<PncpJobStatus, string> = {
  PENDING: "Aguardando envio",
  DONE: "Publicado",
  FAILED: "Falhou",
  HELD: "Aguardando a unidade do PNCP",
};

/** Attempts before a job is FAILED (then only 'Reenviar' sends it again). */
export const PNCP_MAX_ATTEMPTS = 8;
/** How long a claimed job is held before another worker may take it (a crash mid-call). */
export const PNCP_CLAIM_LEASE_MS = 120_000;
/** A portal that answers nothing within this is given up for this attempt. */
export const PNCP_REQUEST_TIMEOUT_MS = 20_000;

/** Exponential backoff after the n-th failed attempt (1-based): 30 s, 1 min, 2 min … capped at 1 h. */
export function pncpRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** A rejected portal answer that sending again will not fix (4xx other than 401/408/429). */
export function isPncpPermanentFailure(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && ![401, 408, 429].includes(status);
}

/** app/auction/pncp/list (notices-and-accounts §7). */
const optionalText = z.string().trim().max(200).optional();
export const pncpListSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  orderByColumn: z.enum(["createdDate", "updatedDate", "noticeNumber", "status"]).optional(),
  searchParameters: optionalText,
  modalities: z.array(z.enum(MODALITIES)).max(50).optional(),
  isPriceRegistration: z.boolean().optional(),
  noticeNumber: optionalText,
  buyerName: optionalText,
  state: z.string().trim().max(2).optional(),
  startDate: z.iso.date({ error: "Data inválida" }).optional(),
  statuses: z.array(z.enum(PNCP_JOB_STATUSES)).max(4).optional(),
});
export type PncpListInput = z.infer<typeof pncpListSchema>;

export const pncpRetrySchema = z.object({ id: z.uuid({ error: "Identificador inválido" }) });

/**
 * The body's unidade compradora in the portal (6.3.1 item 4 "codigoUnidadeCompradora", Texto (20);
 * 6.2.6 nomeUnidade, Texto (100)): the code as registered there; the name the portal answers wins
 * over the one typed when the code is checked.
 */
export const pncpUnitSchema = z.object({
  code: z
    .string({ error: "Informe o código da unidade compradora no PNCP" })
    .trim()
    .min(1, "Informe o código da unidade compradora no PNCP")
    .max(20, "O código da unidade tem no máximo 20 caracteres"),
  name: z
    .string({ error: "Informe o nome da unidade compradora" })
    .trim()
    .min(1, "Informe o nome da unidade compradora")
    .max(100, "O nome da unidade tem no máximo 100 caracteres"),
});
export type PncpUnitInput = z.infer<typeof pncpUnitSchema>;
