import {
  effectiveNoticeStatus,
  LOT_PHASE_LABELS,
  NOTICE_STATUS_LABELS,
  type NoticeStatus,
  type RoomPermissionContext,
} from "@certame/domain";
import type { Tx } from "../../db/client";
import { type AppError, badRequest, notFound } from "../../http/errors";
import type { SessionUser } from "../../modules/auth/auth.service";
import type { EngineNotice, LotRow } from "./auction.repository";
import * as repo from "./auction.repository";

// What the room's action services (control, appeals, winner's documents) share: the transaction
// whose live notices are published after its commit, the locked notice scope, the §6 permission
// context of a lot, the refusals' texts and the user's own uploaded file a modal refers to.

export const OTHER_NOTICE = "O processo informado não é o da sala conectada.";
export const LOT_NOT_FOUND = "Lote/item não encontrado neste processo.";
export const FILE_NOT_FOUND = "Arquivo anexado não encontrado. Envie o arquivo novamente.";
export const FILE_NAME_MAX = 255;
export const lotText = (n: number) => `lote/item ${n}`;

/**
 * What the national portal (modules/pncp-publication) hears of the room, inside the transaction of
 * the change (app.ts gives it; none in a room without publication).
 */
export interface RoomPortalHooks {
  /** Lots moved to HOMOLOGATION or CLOSING: their winners' results (6.3.15). */
  onLotsDecided(tx: Tx, noticeId: string, headIds: readonly string[]): Promise<void>;
  /** Lots ended without a winner (deserted, failed, annulled) or resumed: their items' situation (6.3.12). */
  onLotsEnded(tx: Tx, noticeId: string, headIds: readonly string[]): Promise<void>;
  /** The process revoked, annulled or suspended indefinitely: a rectification (6.3.2). */
  onWithdrawn(tx: Tx, noticeId: string): Promise<void>;
  /** The items' published fields changed (the reference price disclosed: orcamentoSigiloso): 6.3.11. */
  onItemsChanged(tx: Tx, noticeId: string): Promise<void>;
}

// The one commit-then-publish (room/bus/live-commit.ts), re-exported for the room's action services.
export { commitAndPublish, type Outbox } from "../bus/live-commit";

/** The notice and its lot heads, the heads locked (the engine's lock order), with the effective status. */
export interface RoomScope {
  notice: EngineNotice;
  heads: LotRow[];
  status: NoticeStatus;
}

export async function lockRoomScope(tx: Tx, noticeId: string): Promise<RoomScope> {
  const heads = await repo.findLotHeads(tx, noticeId, true);
  const notice = await repo.findEngineNotice(tx, noticeId);
  if (!notice) throw notFound("Processo não encontrado.");
  return { notice, heads, status: scopeStatus(notice.status, heads) };
}

export const scopeStatus = (status: NoticeStatus, heads: readonly LotRow[]) =>
  effectiveNoticeStatus(
    status,
    heads.map((h) => h.phase),
  );

export function scopeLot(s: Pick<RoomScope, "heads">, batchId: string): LotRow {
  const lot = s.heads.find((h) => h.id === batchId);
  if (!lot) throw notFound(LOT_NOT_FOUND);
  return lot;
}

/** The §6 context of `can` for one lot of the scope. */
export function permissionContext(
  s: RoomScope,
  lot: LotRow,
  now: Date,
  extra: Partial<RoomPermissionContext> = {},
): RoomPermissionContext {
  return {
    modality: s.notice.modality,
    status: s.status,
    phase: lot.phase,
    now,
    licensePhase: s.notice.auctionLicensePhase,
    closingKind: s.notice.closingKind,
    hasPassedByQualification: lot.hasPassedByQualification,
    lotPhases: s.heads.map((h) => h.phase),
    ...extra,
  };
}

/** The refusal of an action the status or the lot's phase does not allow now (400). */
export function outOfPhase(
  s: RoomScope,
  lot: LotRow,
  what: string,
  lotLabel = lotText(lot.number),
): AppError {
  return badRequest(
    `Não é possível ${what} agora: processo "${NOTICE_STATUS_LABELS[s.status]}", ` +
      `${lotLabel} na fase "${LOT_PHASE_LABELS[lot.phase]}".`,
  );
}

/**
 * A file of a room modal: one this user uploaded through /api/upload (checked by its bytes there),
 * given as the upload's `url` (/api/app/file/{id}, absolute or not) or its `id`; null when none is
 * given. `mimeTypes` narrows the accepted kinds.
 */
export async function ownUpload(
  tx: Tx,
  user: SessionUser,
  reference: string | null | undefined,
  name: string | null | undefined,
  mimeTypes?: readonly string[],
): Promise<{ fileId: string; name: string } | null> {
  const value = reference?.trim();
  if (!value) return null;
  const match =
    /^(?:https?:\/\/[^/]+)?\/api\/app\/file\/([0-9a-f-]{36})$/i.exec(value) ??
    /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(value);
  const stored = match ? await repo.findStoredFile(tx, (match[1] as string).toLowerCase()) : undefined;
  if (!stored || stored.uploadedByUserId !== user.id || (mimeTypes && !mimeTypes.includes(stored.mimeType)))
    throw badRequest(FILE_NOT_FOUND);
  const label = name?.trim() || stored.originalName;
  if (label.length > FILE_NAME_MAX)
    throw badRequest(`O nome do arquivo deve ter no máximo ${FILE_NAME_MAX} caracteres.`);
  return { fileId: stored.id, name: label };
}
