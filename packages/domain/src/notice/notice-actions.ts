// List actions of a notice by status (notices-and-accounts §4 "List actions by status") and the
// publication proof (§4 'Publicar').
import { type Modality, modalityGroup } from "../enums/modality";
import type { NoticeStatus } from "../enums/notice-status";
import { isInPersonModality } from "./notice-options";

export const NOTICE_ACTIONS = [
  "EDIT",
  "EDIT_FINISHED",
  "PUBLISH",
  "REPUBLISH",
  "FINISH",
  "INSERT_RESULTS",
  "DUPLICATE",
  "DELETE",
] as const;
export type NoticeAction = (typeof NOTICE_ACTIONS)[number];

export const NOTICE_ACTION_LABELS: Record<NoticeAction, string> = {
  EDIT: "Editar",
  EDIT_FINISHED: "Editar",
  PUBLISH: "Publicar",
  REPUBLISH: "Republicar",
  FINISH: "Finalizar",
  INSERT_RESULTS: "Inserir Resultados",
  DUPLICATE: "Duplicar",
  DELETE: "Excluir",
};

const EDITABLE_STATUSES: readonly NoticeStatus[] = [
  "PENDING",
  "PUBLISHED",
  "ONGOING",
  "SUSPENDED",
  "SUSPENDED_INDEFINITELY",
];

/** Formalization and direct/accreditation modalities may be reopened and deleted once finished. */
function isReopenable(modality: Modality): boolean {
  const group = modalityGroup(modality);
  return group === "FORMALIZATION" || group === "DIRECT";
}

/** The actions the 'Processos criados' table offers for a notice, in display order. */
export function noticeActions(status: NoticeStatus, modality: Modality): NoticeAction[] {
  const finishedReopenable = status === "FINISHED" && isReopenable(modality);
  const ongoingInPerson = status === "ONGOING" && isInPersonModality(modality);
  const applies: Record<NoticeAction, boolean> = {
    EDIT: EDITABLE_STATUSES.includes(status),
    EDIT_FINISHED: finishedReopenable,
    PUBLISH: status === "PENDING",
    REPUBLISH: status === "SUSPENDED_INDEFINITELY",
    FINISH: ongoingInPerson,
    INSERT_RESULTS: ongoingInPerson,
    DUPLICATE: true,
    DELETE: status === "PENDING" || finishedReopenable,
  };
  return NOTICE_ACTIONS.filter((a) => applies[a]);
}

/** Status a notice takes when the action succeeds, where the spec names it (§4). */
export const NOTICE_ACTION_TARGET_STATUS: Partial<Record<NoticeAction, NoticeStatus>> = {
  PUBLISH: "PUBLISHED",
  REPUBLISH: "PUBLISHED",
  FINISH: "FINISHED",
};

/** Publishing downloads the publication proof, except for the formalization modalities (§4). */
export function publicationProofApplies(modality: Modality): boolean {
  return modalityGroup(modality) !== "FORMALIZATION";
}
