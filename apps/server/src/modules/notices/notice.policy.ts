import { hasOnlyRestrictedRoles, type NoticeStatus } from "@certame/domain";
import type { FastifyRequest } from "fastify";
import { forbidden, notFound } from "../../http/errors";
import { requireBuyer } from "../auth/auth.plugin";
import type { SessionUser } from "../auth/auth.service";

export const NOTICE_NOT_FOUND = "Edital não encontrado.";

export interface NoticeEditor {
  user: SessionUser;
  buyerId: string;
}

/**
 * Who may create and change notices: a BUYER user linked to a body, unless every role it has is
 * among BUDGET_TEAM, SECRETARY_MEMBER, PLANNING_TEAM and REQUESTS_TEAM. The spec hides 'Cadastrar'
 * from those users (§2.2) and does not say whether the server enforces it (§6); it does.
 */
export function requireNoticeEditor(request: FastifyRequest): NoticeEditor {
  const { user, buyer } = requireBuyer(request);
  if (hasOnlyRestrictedRoles(buyer.staffRoles)) {
    throw forbidden("Seu perfil de acesso não permite criar ou alterar processos.");
  }
  return { user, buyerId: buyer.id };
}

/**
 * A notice of another body: a draft is not even known to exist (404, as app/auction/read answers);
 * a published one is visible, so changing it is forbidden (403).
 */
export function assertOwnNotice(
  notice: { buyerId: string; status: string } | undefined,
  buyerId: string,
): asserts notice is { buyerId: string; status: NoticeStatus } {
  if (!notice) throw notFound(NOTICE_NOT_FOUND);
  if (notice.buyerId !== buyerId) {
    if (notice.status === "PENDING") throw notFound(NOTICE_NOT_FOUND);
    throw forbidden("Você só pode alterar os processos do seu órgão.");
  }
}
