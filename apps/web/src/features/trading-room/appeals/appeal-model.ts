import {
  anonymousBidderName,
  BULK_ACTION_SCOPE_LABELS,
  combineBrasiliaDateTime,
  DISPUTE_JUDGMENT_STATUS_LABELS,
  type DisputeJudgmentChoice,
  type DisputeJudgmentStatus,
  type DueDateType,
  formatBrasiliaDateTime,
  interestWindowMinutes,
  isInterestManifestationPhase,
  type LotPhase,
  WHOLE_NOTICE_DISPUTE_LABEL,
} from "@certame/domain";
import type { RoomLot } from "../types";

// The appeals of the room ('recursos', trading-room §2.3, §2.6, §3 "Dispute", §4, §5 "Room modals",
// §7 "Appeals", §8; docs/live-room.md "Appeals"): the dispute views the server sends, how live
// events merge into them, what the action panel offers, the modals' checks and their payloads.

/** §9: intention reason, refusal reason, judgement justification. */
export const APPEAL_TEXT_MAX_LENGTH = 5000;

export const APPEAL_TEXTS = {
  // §2.3 action panel buttons, verbatim.
  manifest: "Indicar Interesse em interpor recursos",
  view: "Visualizar recursos apresentados",
  attachAppeal: "Anexar recurso",
  attachCounterArgument: "Anexar contrarrazão",
  waive: "Desistir do recurso",
  judge: "Visualizar e julgar recursos",
  refuse: "Recusar",
  judgeOne: "Julgar",
  judgeTitle: "Julgar recurso",
  refuseTitle: "Recusar intenção de recurso",
  wholeNotice: WHOLE_NOTICE_DISPUTE_LABEL,
  // Modal fields.
  scope: "Aplicar ação",
  reason: "Motivo",
  justification: "Justificativa",
  result: "Resultado do julgamento",
  file: "Arquivo",
  filePlaceholder: "Selecione um arquivo PDF, JPG ou PNG",
  judgeFile: "Arquivo da decisão",
  currentFile: (name: string) =>
    `Arquivo atual: ${name}. O novo arquivo substituirá o anexado anteriormente.`,
  oneFile: "Anexe um único arquivo; ele substitui qualquer arquivo enviado antes.",
  reasonRequired: "Informe o motivo.",
  justificationRequired: "Informe a justificativa.",
  fileRequired: "Anexe o arquivo.",
  resultRequired: "Informe o resultado do julgamento: Deferir ou Indeferir.",
  reasonTooLong: `O motivo deve ter no máximo ${APPEAL_TEXT_MAX_LENGTH} caracteres.`,
  justificationTooLong: `A justificativa deve ter no máximo ${APPEAL_TEXT_MAX_LENGTH} caracteres.`,
  noDisputes: "Nenhum recurso apresentado até o momento.",
  noDocuments: "Nenhum arquivo anexado no momento",
  viewFile: "Visualizar",
  // §8, verbatim.
  attachAppealError: "Erro ao anexar recurso",
  attachCounterArgumentError: "Erro ao anexar contrarrazão",
  listError: "Erro ao carregar recursos",
  judgeError: "Erro ao julgar recurso",
  appealAttached: "Documento de recurso anexado com sucesso",
  counterArgumentAttached: "Documento de contrarrazão anexado com sucesso",
  judged: "Recurso julgado com sucesso!",
  manifested: "Intenção de recurso registrada.",
  waived: "Desistência do recurso registrada.",
  refused: "Intenção de recurso recusada.",
  // The next-phase modal's appeal fields (§2.6, §4, §5).
  interestKind: "Duração da manifestação de intenção de recurso",
  interestLoose: (minutes: number) => `Duração mínima do edital (${minutes} minutos)`,
  interestFixed: "Duração definida pelo pregoeiro/agente de contratação",
  interestMinutes: "Duração (minutos)",
  interestTooShort: (minutes: number) =>
    `A duração da manifestação de intenção de recurso deve ser de no mínimo ${minutes} minutos.`,
  reasonsDueType: "Prazo para envio dos recursos",
  reasonsDueDate: "Data limite para envio dos recursos (horário de Brasília)",
  counterDueDate: "Data limite para envio das contrarrazões (horário de Brasília)",
  dateRequired: "Informe a data e a hora.",
  // The running term of the lot's appeal phase (the lot's phaseEndDateTime).
  termNames: {
    INTEREST: "Prazo para manifestação de intenção de recurso",
    DISPUTE_RECEIVEMENT: "Prazo para envio dos recursos",
    COUNTERARGUMENTS_RECEIVEMENT: "Prazo para envio das contrarrazões",
  },
  termUntil: (name: string, when: string) => `${name}: até ${when}`,
  termEnded: (name: string, when: string) => `${name} encerrado em ${when}`,
} as const;

export type DisputeStatus = "MANIFESTED" | "REFUSED" | "WAIVED";

/** docs/live-room.md "Dispute view". */
export interface DisputeView {
  id: string;
  anonymousSupplierIdentificationNumber: number | null;
  supplier: { id: string; corporateName?: string | null; name?: string | null } | null;
  reason: string | null;
  batch: { id: string; number: number | null };
  batchId: string;
  /** Set for a whole-notice appeal ('Recurso único (Edital)'). */
  auctionNoticeId: string | null;
  groupId: string | null;
  roundId: string;
  status: DisputeStatus | string;
  judgmentStatus: DisputeJudgmentStatus | string;
  judgmentJustification?: string | null;
  refusalReason?: string | null;
  waiverReason?: string | null;
  interestEndDateTime?: string | null;
  disputeDocumentsAttachmentDueDateTime?: string | null;
  counterArgumentDocumentsAttachmentDueDateTime?: string | null;
  createdDate: string;
  judgedAt?: string | null;
  isOwn?: boolean;
}

export type DisputeDocumentKind = "DISPUTE" | "DISPUTE_COUNTER_ARGUMENT" | "DISPUTE_JUDGMENT";

export interface DisputeDocumentView {
  id: string;
  kind: DisputeDocumentKind | string;
  name: string;
  url: string;
  batchId: string;
  batch?: { id: string; number: number | null };
  disputeId: string | null;
  anonymousSupplierIdentificationNumber?: number | null;
  supplier?: { id: string; corporateName?: string | null; name?: string | null } | null;
  createdDate: string;
}

export interface DisputeList {
  disputes: DisputeView[];
  documents: DisputeDocumentView[];
}

/** The pushed DISPUTE_* data (docs/live-room.md "Appeals", Pushed). */
export interface DisputeEventData {
  auctionNoticeId?: string;
  batchesIds?: string[];
  disputesIds?: string[];
  disputes?: DisputeView[];
  serverTime?: string;
}

export const DISPUTE_EVENT_ACTIONS = [
  "DISPUTE_INTEREST_MANIFESTED",
  "DISPUTE_INTEREST_WAIVED",
  "DISPUTE_MANIFESTATION_REFUSED",
  "DISPUTE_DOCUMENT_ATTACHED",
  "DISPUTE_COUNTER_ARGUMENT_DOCUMENT_ATTACHED",
  "DISPUTE_JUDGED",
] as const;

export const isDisputeEvent = (action: string): boolean =>
  (DISPUTE_EVENT_ACTIONS as readonly string[]).includes(action);

/** The list in creation order, each dispute replaced by its newer view (by id). */
export function mergeDisputes(
  current: readonly DisputeView[],
  incoming: readonly DisputeView[],
): DisputeView[] {
  const byId = new Map(current.map((d) => [d.id, d]));
  for (const d of incoming) {
    const known = byId.get(d.id);
    // A pushed view has no isOwn; the one the list call gave is kept.
    byId.set(d.id, known?.isOwn !== undefined && d.isOwn === undefined ? { ...d, isOwn: known.isOwn } : d);
  }
  return [...byId.values()].sort(
    (a, b) => Date.parse(a.createdDate) - Date.parse(b.createdDate) || a.id.localeCompare(b.id),
  );
}

/** A DISPUTE_* event on the room's disputes: its views merged in (another notice's ignored). */
export function applyDisputeEvent(
  disputes: readonly DisputeView[],
  noticeId: string,
  data: DisputeEventData,
): DisputeView[] | null {
  if (data.auctionNoticeId && data.auctionNoticeId !== noticeId) return null;
  if (!data.disputes?.length) return null;
  return mergeDisputes(disputes, data.disputes);
}

// ---- reading the disputes ----

/** Standing: manifested, neither refused nor waived, not judged yet. */
export const isPending = (d: DisputeView) => d.status === "MANIFESTED" && d.judgmentStatus === "NOT_ANALYZED";

/** The appeal round the lot is in now: the one of its latest dispute. */
export function currentRoundOf(disputes: readonly DisputeView[], lotId: string): string | null {
  let latest: DisputeView | null = null;
  for (const d of disputes)
    if (d.batchId === lotId && (!latest || Date.parse(d.createdDate) >= Date.parse(latest.createdDate)))
      latest = d;
  return latest?.roundId ?? null;
}

/** The disputes of the lot's current round. */
export function lotDisputes(disputes: readonly DisputeView[], lotId: string): DisputeView[] {
  const round = currentRoundOf(disputes, lotId);
  return round ? disputes.filter((d) => d.batchId === lotId && d.roundId === round) : [];
}

/** A supplier's dispute, known by its anonymous number (pushed views carry no isOwn). */
export const isOwnDispute = (d: DisputeView, anonymousNumber: number | null) =>
  d.isOwn === true ||
  (anonymousNumber !== null && d.anonymousSupplierIdentificationNumber === anonymousNumber);

/** The supplier's standing appeal in the lot's current round. */
export function ownPendingDispute(
  disputes: readonly DisputeView[],
  lotId: string,
  anonymousNumber: number | null,
): DisputeView | null {
  return lotDisputes(disputes, lotId).find((d) => isPending(d) && isOwnDispute(d, anonymousNumber)) ?? null;
}

/** Another bidder's appeal stands in the lot (a counter-argument has something to answer). */
export const othersPendingDispute = (
  disputes: readonly DisputeView[],
  lotId: string,
  anonymousNumber: number | null,
) => lotDisputes(disputes, lotId).some((d) => d.status === "MANIFESTED" && !isOwnDispute(d, anonymousNumber));

/**
 * Whether the supplier manifested in the lot's running interest window already: its dispute's
 * window is the lot's current phase deadline (the server opens one round per stay in the phase).
 */
export function hasManifestedInWindow(
  disputes: readonly DisputeView[],
  lot: Pick<RoomLot, "id" | "phaseEndDateTime">,
  anonymousNumber: number | null,
): boolean {
  const end = lot.phaseEndDateTime ? Date.parse(lot.phaseEndDateTime) : Number.NaN;
  return disputes.some(
    (d) =>
      d.batchId === lot.id &&
      isOwnDispute(d, anonymousNumber) &&
      !!d.interestEndDateTime &&
      Date.parse(d.interestEndDateTime) === end,
  );
}

/** The interest window is still open (the lot's phase deadline not passed). */
export function interestWindowOpen(lot: Pick<RoomLot, "phase" | "phaseEndDateTime">, now: Date): boolean {
  if (!isInterestManifestationPhase(lot.phase)) return false;
  if (!lot.phaseEndDateTime) return true;
  return now.getTime() <= Date.parse(lot.phaseEndDateTime);
}

/** 'Licitante {n}' or, outside confidential phases, the name the server sent. */
export function disputeSupplierLabel(
  d: Pick<DisputeView, "supplier" | "anonymousSupplierIdentificationNumber">,
) {
  const name = d.supplier?.corporateName || d.supplier?.name;
  const n = d.anonymousSupplierIdentificationNumber;
  if (name) return n !== null ? `Lic. ${n} - ${name}` : name;
  return n !== null ? anonymousBidderName(n) : "Não identificado";
}

/** A row of the appeals list: one lot's appeal, or a whole-notice appeal with its lots. */
export interface AppealEntry {
  key: string;
  disputes: DisputeView[];
  wholeNotice: boolean;
  supplier: string;
  /** 'Recurso único (Edital)' or the lot number. */
  lotLabel: string;
  lotNumbers: number[];
  reason: string;
  situation: string;
}

export function situationOf(d: DisputeView): string {
  if (d.status === "REFUSED") return "Recusado";
  if (d.status === "WAIVED") return "Desistência";
  if (d.judgmentStatus === "APPROVED" || d.judgmentStatus === "DENIED")
    return DISPUTE_JUDGMENT_STATUS_LABELS[d.judgmentStatus];
  return "Pendente";
}

/** §2.6: listed with the supplier and the lot number; a whole-notice appeal as 'Recurso único (Edital)'. */
export function appealEntries(disputes: readonly DisputeView[]): AppealEntry[] {
  const groups = new Map<string, DisputeView[]>();
  for (const d of disputes) {
    const key = d.groupId && d.auctionNoticeId ? `group:${d.groupId}` : d.id;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups.entries()].map(([key, rows]) => {
    const first = rows[0] as DisputeView;
    const wholeNotice = key.startsWith("group:");
    const lotNumbers = rows
      .map((r) => r.batch.number)
      .filter((n): n is number => n !== null)
      .sort((a, b) => a - b);
    const situations = [...new Set(rows.map(situationOf))];
    return {
      key,
      disputes: rows,
      wholeNotice,
      supplier: disputeSupplierLabel(first),
      lotLabel: wholeNotice ? WHOLE_NOTICE_DISPUTE_LABEL : String(first.batch.number ?? "-"),
      lotNumbers,
      reason: first.reason ?? "",
      situation: situations.join(" / "),
    };
  });
}

// ---- the modals' checks and payloads (§5, §7) ----

export type AppealScope = "SELECTED_BATCH" | "ALL_BATCHES";
export const APPEAL_SCOPE_LABELS: Record<AppealScope, string> = {
  SELECTED_BATCH: BULK_ACTION_SCOPE_LABELS.SELECTED_BATCH,
  ALL_BATCHES: BULK_ACTION_SCOPE_LABELS.ALL_BATCHES,
};

/** Judge and refuse take the chosen appeal, or every standing one of its supplier the action may take now. */
export type DisputeScope = "SELECTED_DISPUTE" | "ALL_FROM_SELECTED_SUPPLIER";
export const DISPUTE_SCOPE_LABELS: Record<DisputeScope, string> = {
  SELECTED_DISPUTE: BULK_ACTION_SCOPE_LABELS.SELECTED_DISPUTE,
  ALL_FROM_SELECTED_SUPPLIER: BULK_ACTION_SCOPE_LABELS.ALL_FROM_SELECTED_SUPPLIER,
};

/** A required text of at most 5000 characters (§5, §9); null when valid. */
export function appealTextError(kind: "reason" | "justification", value: string): string | null {
  const text = value.trim();
  if (!text) return kind === "reason" ? APPEAL_TEXTS.reasonRequired : APPEAL_TEXTS.justificationRequired;
  if (text.length > APPEAL_TEXT_MAX_LENGTH)
    return kind === "reason" ? APPEAL_TEXTS.reasonTooLong : APPEAL_TEXTS.justificationTooLong;
  return null;
}

const scoped = (scope: AppealScope, noticeId: string, lotId: string) =>
  scope === "ALL_BATCHES" ? { auctionNoticeId: noticeId } : { batchId: lotId };

/** manifest_interest_in_dispute {reason, batchId | auctionNoticeId}. */
export const manifestPayload = (scope: AppealScope, noticeId: string, lotId: string, reason: string) => ({
  reason: reason.trim(),
  ...scoped(scope, noticeId, lotId),
});

/** waive_interest_in_dispute {reason, batchId | auctionNoticeId}. */
export const waivePayload = manifestPayload;

/** refuse_dispute_manifestation {reason, disputesIds}. */
export const refusePayload = (disputesIds: readonly string[], reason: string) => ({
  reason: reason.trim(),
  disputesIds: [...disputesIds],
});

/** app/dispute/attachDocument and attachCounterArgument {url, batchId, fileName, auctionNoticeId}. */
export function attachBody(
  scope: AppealScope,
  noticeId: string,
  lotId: string,
  file: { url: string; name: string },
) {
  return {
    url: file.url,
    fileName: file.name,
    auctionNoticeId: noticeId,
    ...(scope === "SELECTED_BATCH" ? { batchId: lotId } : {}),
  };
}

/** app/dispute/judge {status, url, fileName, justification, disputesIds}. */
export const judgeBody = (
  status: DisputeJudgmentChoice,
  disputesIds: readonly string[],
  justification: string,
  file: { url: string; name: string },
) => ({
  status,
  url: file.url,
  fileName: file.name,
  justification: justification.trim(),
  disputesIds: [...disputesIds],
});

/**
 * The disputes a judge or refuse action takes: the chosen entry's standing ones, or all of its
 * supplier's; only in lots where `may` (the §6 check) allows the action now.
 */
export function disputesInScope(
  disputes: readonly DisputeView[],
  entry: AppealEntry,
  scope: DisputeScope,
  may: (lotId: string) => boolean,
): string[] {
  const base =
    scope === "SELECTED_DISPUTE"
      ? entry.disputes
      : disputes.filter(
          (d) =>
            d.anonymousSupplierIdentificationNumber ===
            entry.disputes[0]?.anonymousSupplierIdentificationNumber,
        );
  return base.filter((d) => isPending(d) && may(d.batchId)).map((d) => d.id);
}

/** The current file a supplier sent for the lot (its own appeal or counter-argument), if any. */
export function ownCurrentFile(
  documents: readonly DisputeDocumentView[],
  kind: "DISPUTE" | "DISPUTE_COUNTER_ARGUMENT",
  lotId: string,
  anonymousNumber: number | null,
): DisputeDocumentView | null {
  const mine = documents.filter(
    (d) =>
      d.kind === kind &&
      d.batchId === lotId &&
      anonymousNumber !== null &&
      d.anonymousSupplierIdentificationNumber === anonymousNumber,
  );
  return mine.at(-1) ?? null;
}

// ---- the next-phase modal's appeal fields (§2.6, §4 "Next-phase modal rules", §5, §7) ----

export type InterestDurationKind = DueDateType;

export interface AppealMoveFields {
  interestKind: InterestDurationKind | null;
  interestMinutes: number | null;
  reasonsDueType: DueDateType | null;
  /** datetime-local values (the browser's time zone). */
  reasonsDueAt: string;
  counterDueAt: string;
}

export const EMPTY_APPEAL_MOVE_FIELDS: AppealMoveFields = {
  interestKind: null,
  interestMinutes: null,
  reasonsDueType: null,
  reasonsDueAt: "",
  counterDueAt: "",
};

/** Which appeal fields the next phase asks for. */
export function appealFieldsFor(nextPhase: LotPhase | null): "INTEREST" | "REASONS" | null {
  if (!nextPhase) return null;
  if (isInterestManifestationPhase(nextPhase)) return "INTEREST";
  if (nextPhase === "DISPUTE_RECEIVEMENT") return "REASONS";
  return null;
}

/** The notice's minimum window in minutes (at least 10, DESIGN §4). */
export const interestMinimum = (noticeMinimum?: number | null) => interestWindowMinutes(noticeMinimum);

/** A datetime-local value ('2026-03-20T18:00') read as Brasília wall time, as every room date is shown. */
export function instant(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!m) return null;
  return combineBrasiliaDateTime(`${m[3]}/${m[2]}/${m[1]}`, `${m[4]}:${m[5]}`);
}

/** The running appeal term of the lot, for everyone in the room (the phase's deadline); null outside. */
export function appealTermText(lot: Pick<RoomLot, "phase" | "phaseEndDateTime">, now: Date): string | null {
  const end = lot.phaseEndDateTime ? Date.parse(lot.phaseEndDateTime) : Number.NaN;
  if (Number.isNaN(end)) return null;
  const name = isInterestManifestationPhase(lot.phase)
    ? APPEAL_TEXTS.termNames.INTEREST
    : lot.phase === "DISPUTE_RECEIVEMENT" || lot.phase === "COUNTERARGUMENTS_RECEIVEMENT"
      ? APPEAL_TEXTS.termNames[lot.phase]
      : null;
  if (!name) return null;
  const when = formatBrasiliaDateTime(new Date(end));
  return now.getTime() > end ? APPEAL_TEXTS.termEnded(name, when) : APPEAL_TEXTS.termUntil(name, when);
}

/** The first §5 problem of the appeal fields for the move; null when they may be sent. */
export function appealFieldsError(
  nextPhase: LotPhase | null,
  fields: AppealMoveFields,
  noticeMinimum?: number | null,
): string | null {
  const kind = appealFieldsFor(nextPhase);
  if (kind === "INTEREST") {
    if (!fields.interestKind) return APPEAL_TEXTS.interestKind;
    if (fields.interestKind === "FIXED") {
      const min = interestMinimum(noticeMinimum);
      if (fields.interestMinutes === null || !Number.isInteger(fields.interestMinutes))
        return APPEAL_TEXTS.interestMinutes;
      if (fields.interestMinutes < min) return APPEAL_TEXTS.interestTooShort(min);
    }
  }
  if (kind === "REASONS") {
    if (!fields.reasonsDueType) return APPEAL_TEXTS.reasonsDueType;
    if (fields.reasonsDueType === "FIXED" && (!instant(fields.reasonsDueAt) || !instant(fields.counterDueAt)))
      return APPEAL_TEXTS.dateRequired;
  }
  return null;
}

/** The go_to_next_phase appeal fields (§7), only those the next phase uses. */
export function appealMovePayload(nextPhase: LotPhase, fields: AppealMoveFields): Record<string, unknown> {
  const kind = appealFieldsFor(nextPhase);
  if (kind === "INTEREST")
    return {
      manifestDisputeInterestDurationKind: fields.interestKind,
      ...(fields.interestKind === "FIXED"
        ? { disputeInterestManifestationMinimumDuration: fields.interestMinutes }
        : {}),
    };
  if (kind === "REASONS") {
    // §4: the counter-arguments type follows a FIXED documents type.
    const fixed = fields.reasonsDueType === "FIXED";
    return {
      documentsAttachmentDueDateType: fields.reasonsDueType,
      counterArgumentsAttachmentDueDateType: fixed ? "FIXED" : null,
      ...(fixed
        ? {
            disputeDocumentsAttachmentDueDateTime: instant(fields.reasonsDueAt),
            counterArgumentDocumentsAttachmentDueDateTime: instant(fields.counterDueAt),
          }
        : {}),
    };
  }
  // §4: entering COUNTERARGUMENTS_RECEIVEMENT makes the counter-arguments type LOOSE.
  if (nextPhase === "COUNTERARGUMENTS_RECEIVEMENT") return { counterArgumentsAttachmentDueDateType: "LOOSE" };
  return {};
}
