import type { Modality, RoomAction } from "@certame/domain";
import { CONTROL_EVENTS } from "@certame/domain";
import type { BidView, RoomLot } from "../types";

// The process and lot control of the room (trading-room §2.3 '+ Opções', §2.6, §5 "Room modals",
// §7 "Lot and process control"; docs/live-room.md "Process and lot control"): which §6 action gates
// each control, the live event it sends, its modal's fields and their limits, and the payloads.

/** §9: revoke, annul, fail (and resume, which shares their modal). */
export const CONTROL_REASON_MAX_LENGTH = 255;
/** §9: indefinite suspension justification, supplier toggle reason. */
export const CONTROL_LONG_TEXT_MAX_LENGTH = 5000;

export const CONTROL_TEXTS = {
  manageButton: "+ Opções",
  manageTitle: "Opções do lote/item",
  chooseLot: "Selecione o lote/item",
  reason: "Motivo",
  justification: "Justificativa",
  file: "Anexo (opcional)",
  filePlaceholder: "Selecione um arquivo PDF, JPG ou PNG",
  reasonRequired: "Informe o motivo.",
  justificationRequired: "Informe a justificativa.",
  reasonTooLong: (max: number) => `O motivo deve ter no máximo ${max} caracteres.`,
  justificationTooLong: (max: number) => `A justificativa deve ter no máximo ${max} caracteres.`,
  appealNotice:
    "Aviso legal: os licitantes poderão manifestar a intenção de recorrer deste ato no prazo de 10 minutos.",
  resumeProcess: "Retomar processo",
  discloseReferencePrice: "Divulgar o preço de referência para os licitantes",
  discloseQuestion:
    "Confirma a divulgação do preço de referência? Todos os licitantes passarão a vê-lo na sala de negociação.",
  suspendQuestion:
    "Confirma a suspensão do processo? Os prazos dos lotes/itens em disputa ficam parados até a retomada do processo.",
  resumeQuestion:
    "Confirma a retomada do processo? Os prazos dos lotes/itens em disputa voltam a correr com o tempo que restava na suspensão.",
  confirm: "Confirmar",
  // Supplier toggles (§2.6), verbatim.
  disqualifyTitle: "Desclassificar lance",
  requalifyTitle: "Reclassificar lance",
  qualificationText: (revert: string) =>
    `Os licitantes receberão uma mensagem com a justificativa. Após a confirmação você poderá reverter a ação clicando em "${revert}" na tabela de lances.`,
  confirmDisqualify: "Confirmar desclassificação",
  confirmRequalify: "Confirmar reclassificação",
  enable: "Habilitar",
  disable: "Inabilitar",
  enableText: (enabled: boolean) =>
    `O licitante está atualmente ${enabled ? "habilitado" : "desabilitado"} para dar lances nesse edital. Confirme para ${enabled ? "inabilitar" : "habilitar"}. Após a confirmação você poderá reverter a ação clicando em "${enabled ? "Habilitar" : "Inabilitar"}" na tabela de lances.`,
  scope: "Aplicar ação",
  selectedLot: "Lote/item selecionado",
  allLots: "Todos os lotes/itens",
  disqualifyButton: "Desclassificar",
  requalifyButton: "Reclassificar",
  qualificationButton: "Desclassificar/Reclassificar",
  enableButton: "Habilitar/Inabilitar",
} as const;

/** The lot and process controls of the '+ Opções' modal and the action panel. */
export type LotControl =
  | "SUSPEND"
  | "UNSUSPEND"
  | "REVOKE"
  | "SUSPEND_INDEFINITELY"
  | "CANCEL_BATCH"
  | "FAIL_BATCH"
  | "FAIL_BATCH_DIRECTLY"
  | "RESUME_BATCH";

export interface LotControlDefinition {
  control: LotControl;
  /** The §6 action that shows the control. */
  permission: RoomAction;
  /** The live event it sends. */
  event: string;
  /** The button's text (§2.3). */
  label: string;
  /** The field the modal asks for; null: a plain confirmation. */
  text: "reason" | "justification" | null;
  maxLength: number;
  /** An optional file goes with it (§5). */
  withFile: boolean;
  /** Shown after the server's ACKNOWLEDGED. */
  done: string;
  colour: string;
}

export const LOT_CONTROLS: Record<LotControl, LotControlDefinition> = {
  SUSPEND: {
    control: "SUSPEND",
    permission: "SUSPEND_BATCH",
    event: CONTROL_EVENTS.toggleProcessSuspendedStatus,
    label: "Suspender",
    text: null,
    maxLength: 0,
    withFile: false,
    done: "Processo suspenso.",
    colour: "orange",
  },
  UNSUSPEND: {
    control: "UNSUSPEND",
    permission: "UNSUSPEND_BATCH",
    event: CONTROL_EVENTS.toggleProcessSuspendedStatus,
    label: CONTROL_TEXTS.resumeProcess,
    text: null,
    maxLength: 0,
    withFile: false,
    done: "Processo retomado.",
    colour: "green",
  },
  REVOKE: {
    control: "REVOKE",
    permission: "REVOKE_AUCTION",
    event: CONTROL_EVENTS.scheduleRevokeProcess,
    label: "Revogar",
    text: "reason",
    maxLength: CONTROL_REASON_MAX_LENGTH,
    withFile: true,
    done: "Processo revogado.",
    colour: "red",
  },
  SUSPEND_INDEFINITELY: {
    control: "SUSPEND_INDEFINITELY",
    permission: "SUSPENDED_INDEFINITELY",
    event: CONTROL_EVENTS.suspendIndefinitely,
    label: "Suspender Indefinidamente",
    text: "justification",
    maxLength: CONTROL_LONG_TEXT_MAX_LENGTH,
    withFile: true,
    done: "Processo suspenso por prazo indeterminado.",
    colour: "orange",
  },
  CANCEL_BATCH: {
    control: "CANCEL_BATCH",
    permission: "CANCEL_BATCH",
    event: CONTROL_EVENTS.cancelBatch,
    label: "Anular item/lote",
    text: "reason",
    maxLength: CONTROL_REASON_MAX_LENGTH,
    withFile: true,
    done: "Lote/item anulado.",
    colour: "red",
  },
  FAIL_BATCH: {
    control: "FAIL_BATCH",
    permission: "FAIL_BATCH",
    event: CONTROL_EVENTS.failBatch,
    label: "Declarar lote/item fracassado",
    text: "reason",
    maxLength: CONTROL_REASON_MAX_LENGTH,
    withFile: true,
    done: "Lote/item declarado fracassado.",
    colour: "red",
  },
  // The 'directly' variant: its phases (DISPUTE_COUNTERARGUMENTS_JUDGMENT) never meet FAIL_BATCH's,
  // so one button text is shown at a time.
  FAIL_BATCH_DIRECTLY: {
    control: "FAIL_BATCH_DIRECTLY",
    permission: "FAIL_BATCH_DIRECTLY",
    event: CONTROL_EVENTS.failBatchDirectly,
    label: "Declarar lote/item fracassado",
    text: "reason",
    maxLength: CONTROL_REASON_MAX_LENGTH,
    withFile: true,
    done: "Lote/item declarado fracassado.",
    colour: "red",
  },
  RESUME_BATCH: {
    control: "RESUME_BATCH",
    permission: "RESUME_BATCH",
    event: CONTROL_EVENTS.resumeBatch,
    label: "Retomar lote",
    text: "reason",
    maxLength: CONTROL_REASON_MAX_LENGTH,
    withFile: true,
    done: "Lote/item retomado.",
    colour: "green",
  },
};

/** The '+ Opções' buttons in the order of §2.3 (the phase moves follow them). */
export const MANAGE_PANEL_CONTROLS: readonly LotControl[] = [
  "SUSPEND",
  "REVOKE",
  "SUSPEND_INDEFINITELY",
  "CANCEL_BATCH",
  "FAIL_BATCH",
  "FAIL_BATCH_DIRECTLY",
  "RESUME_BATCH",
];

/** Revoke and annul show the 10-minute appeal notice, except in the dispensa (§2.6). */
export const showsAppealNotice = (control: LotControl, modality: Modality): boolean =>
  (control === "REVOKE" || control === "CANCEL_BATCH") && modality !== "ELECTRONIC_DISPENSER";

/** The modal's text check (§5): required, at most its §9 length. Null when valid. */
export function controlTextError(
  kind: "reason" | "justification",
  value: string,
  maxLength: number,
): string | null {
  const text = value.trim();
  if (text === "")
    return kind === "reason" ? CONTROL_TEXTS.reasonRequired : CONTROL_TEXTS.justificationRequired;
  if (text.length > maxLength)
    return kind === "reason"
      ? CONTROL_TEXTS.reasonTooLong(maxLength)
      : CONTROL_TEXTS.justificationTooLong(maxLength);
  return null;
}

/** What the modal gathered: the text and the uploaded file (its `url` from /api/upload). */
export interface ControlInput {
  text: string;
  file?: { url: string; name: string } | null;
}

/**
 * The event payload of a lot control (§7, docs/live-room.md). Every one needs the lot's chat
 * channel (null: the caller shows 'Erro ao executar ação, tente novamente por favor').
 */
export function lotControlPayload(
  control: LotControl,
  noticeId: string,
  lot: Pick<RoomLot, "id" | "chatChannel">,
  input: ControlInput,
): Record<string, unknown> | null {
  const chatChannelId = lot.chatChannel?.id;
  if (!chatChannelId) return null;
  const file = input.file ? { fileName: input.file.url, name: input.file.name } : {};
  switch (control) {
    case "SUSPEND":
    case "UNSUSPEND":
      return { batchId: lot.id, chatChannelId };
    case "SUSPEND_INDEFINITELY":
      return { auctionNoticeId: noticeId, chatChannelId, justification: input.text.trim(), ...file };
    default:
      return { batchId: lot.id, chatChannelId, reason: input.text.trim(), ...file };
  }
}

// ---- supplier toggles (§2.6, §4 "Supplier toggles") ----

export type SupplierToggleKind = "DISQUALIFY" | "REQUALIFY" | "INACTIVE" | "ACTIVE";
export type SupplierToggleScope = "SELECTED_BATCH" | "ALL_BATCHES";

/** Qualified → DISQUALIFY, disqualified → REQUALIFY; enabled → INACTIVE, disabled → ACTIVE. */
export function toggleKindOf(
  bid: Pick<BidView, "isQualified" | "isDisabled">,
  what: "QUALIFICATION" | "ENABLEMENT",
) {
  if (what === "QUALIFICATION") return bid.isQualified === false ? "REQUALIFY" : "DISQUALIFY";
  return bid.isDisabled === true ? "ACTIVE" : "INACTIVE";
}

/** The §6 action of a toggle. */
export const togglePermission = (kind: SupplierToggleKind): RoomAction =>
  kind === "DISQUALIFY" || kind === "REQUALIFY" ? "DECLASSIFY_SUPPLIER_IN_BATCH" : "ENABLE_SUPPLIER_IN_BATCH";

/** The all-lots scope is not offered while bids run (§2.6; the server also refuses it in TIEBREAKER). */
export function toggleScopes(phase: RoomLot["phase"]): SupplierToggleScope[] {
  return phase === "BIDDING" || phase === "TIEBREAKER"
    ? ["SELECTED_BATCH"]
    : ["SELECTED_BATCH", "ALL_BATCHES"];
}

/** The optional attachment is offered when disqualifying or disabling (§5). */
export const toggleOffersFile = (kind: SupplierToggleKind) => kind === "DISQUALIFY" || kind === "INACTIVE";

export function supplierTogglePayload(
  kind: SupplierToggleKind,
  scope: SupplierToggleScope,
  noticeId: string,
  lot: Pick<RoomLot, "id" | "chatChannel">,
  bid: Pick<BidView, "anonymousSupplierIdentificationNumber" | "supplier">,
  input: ControlInput,
): Record<string, unknown> | null {
  const chatChannelId = lot.chatChannel?.id;
  if (!chatChannelId) return null;
  // The anonymous number names the supplier in every phase; the id only when the view carries it.
  const who =
    bid.anonymousSupplierIdentificationNumber !== null
      ? { anonymousSupplierIdentificationNumber: bid.anonymousSupplierIdentificationNumber }
      : bid.supplier?.id
        ? { supplierId: bid.supplier.id }
        : null;
  if (!who) return null;
  return {
    ...who,
    chatChannelId,
    reason: input.text.trim(),
    batchId: lot.id,
    kind,
    ...(input.file && toggleOffersFile(kind) ? { url: input.file.url } : {}),
    ...(scope === "ALL_BATCHES" ? { auctionNoticeId: noticeId } : {}),
  };
}

/** The success text after the server's ACKNOWLEDGED of a toggle. */
export const TOGGLE_DONE: Record<SupplierToggleKind, string> = {
  DISQUALIFY: "Licitante desclassificado.",
  REQUALIFY: "Licitante reclassificado.",
  INACTIVE: "Licitante inabilitado.",
  ACTIVE: "Licitante habilitado.",
};
